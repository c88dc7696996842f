CREATE TABLE "chargeback_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chargeback_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chargeback_id" integer NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"by_name" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "chargebacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chargebacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"payin_id" bigint NOT NULL,
	"unique_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reason_code" text NOT NULL,
	"card_brand" text,
	"dispute_date" timestamp (3) with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"appendices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"defended_by" integer,
	"defended_by_name" text,
	"defended_at" timestamp with time zone,
	"accepted" boolean DEFAULT false NOT NULL,
	"outcome_at" timestamp with time zone,
	"awaiting_provider" boolean DEFAULT false NOT NULL,
	"provider_lease_until" timestamp with time zone,
	"provider_attempts" integer DEFAULT 0 NOT NULL,
	"reminded_3_at" timestamp with time zone,
	"reminded_1_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_decisions" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"decision" text NOT NULL,
	"final_decision" text NOT NULL,
	"score" smallint,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules_evaluated" integer NOT NULL,
	"evaluated_at" timestamp (3) with time zone NOT NULL,
	"review_status" text,
	"review_expires_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text
);
--> statement-breakpoint
CREATE TABLE "risk_replays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_replays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"days" smallint NOT NULL,
	"rule_id" integer,
	"rule_version" integer,
	"rule" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_rule_versions" (
	"rule_id" integer NOT NULL,
	"version" integer NOT NULL,
	"change" text NOT NULL,
	"name" text NOT NULL,
	"threshold" bigint,
	"duration" integer,
	"score" smallint,
	"enabled" boolean NOT NULL,
	"values" jsonb NOT NULL,
	"send_to_case_management" boolean NOT NULL,
	"by_user_id" integer NOT NULL,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_rule_versions_rule_id_version_pk" PRIMARY KEY("rule_id","version")
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"type" text NOT NULL,
	"template" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"threshold" bigint,
	"duration" integer,
	"score" smallint,
	"enabled" boolean NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_to_case_management" boolean DEFAULT false NOT NULL,
	"client_request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_signals" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"document" text,
	"email" text,
	"email_domain" text,
	"card" text,
	"bin" text,
	"ip" text,
	"device" text,
	"score" smallint,
	"authenticated" boolean,
	"failed_at" timestamp (3) with time zone,
	"charged_back_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "chargeback_history" ADD CONSTRAINT "chargeback_history_chargeback_id_chargebacks_id_fk" FOREIGN KEY ("chargeback_id") REFERENCES "public"."chargebacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_payin_id_transactions_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decisions" ADD CONSTRAINT "risk_decisions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_replays" ADD CONSTRAINT "risk_replays_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rule_versions" ADD CONSTRAINT "risk_rule_versions_rule_id_risk_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."risk_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rules" ADD CONSTRAINT "risk_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signals" ADD CONSTRAINT "risk_signals_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chargeback_history_idx" ON "chargeback_history" USING btree ("chargeback_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chargebacks_transaction_uq" ON "chargebacks" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "chargebacks_list_idx" ON "chargebacks" USING btree ("merchant_id","country","dispute_date","id");--> statement-breakpoint
CREATE INDEX "chargebacks_open_idx" ON "chargebacks" USING btree ("merchant_id","country","deadline","id") WHERE status = 'CHARGE_BACK';--> statement-breakpoint
CREATE INDEX "chargebacks_reminder_idx" ON "chargebacks" USING btree ("deadline") WHERE status = 'CHARGE_BACK';--> statement-breakpoint
CREATE INDEX "chargebacks_provider_idx" ON "chargebacks" USING btree ("provider_lease_until") WHERE awaiting_provider;--> statement-breakpoint
CREATE INDEX "chargebacks_payin_idx" ON "chargebacks" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "risk_decisions_review_idx" ON "risk_decisions" USING btree ("merchant_id","country","review_status","evaluated_at","transaction_id") WHERE review_status is not null;--> statement-breakpoint
CREATE INDEX "risk_replays_list_idx" ON "risk_replays" USING btree ("merchant_id","country","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rules_request_uq" ON "risk_rules" USING btree ("merchant_id","client_request_id");--> statement-breakpoint
CREATE INDEX "risk_rules_list_idx" ON "risk_rules" USING btree ("merchant_id","country","type","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "risk_rules_enabled_idx" ON "risk_rules" USING btree ("merchant_id","country") WHERE deleted_at is null and enabled;--> statement-breakpoint
CREATE INDEX "risk_signals_replay_idx" ON "risk_signals" USING btree ("merchant_id","country","created_at","transaction_id");--> statement-breakpoint
CREATE INDEX "risk_signals_document_idx" ON "risk_signals" USING btree ("merchant_id","document","created_at") WHERE document is not null;--> statement-breakpoint
CREATE INDEX "risk_signals_email_idx" ON "risk_signals" USING btree ("merchant_id","email","created_at") WHERE email is not null;--> statement-breakpoint
CREATE INDEX "risk_signals_card_idx" ON "risk_signals" USING btree ("merchant_id","card","created_at") WHERE card is not null;--> statement-breakpoint
CREATE INDEX "risk_signals_bin_idx" ON "risk_signals" USING btree ("merchant_id","bin","created_at") WHERE bin is not null;--> statement-breakpoint
CREATE INDEX "risk_signals_ip_idx" ON "risk_signals" USING btree ("merchant_id","ip","created_at") WHERE ip is not null;--> statement-breakpoint
CREATE INDEX "risk_signals_device_idx" ON "risk_signals" USING btree ("merchant_id","device","created_at") WHERE device is not null;
--> statement-breakpoint
-- A defended chargeback won (docs/decisions/0028) is a ledger entry of its own, CHARGEBACK_REVERSED:
-- the disputed amount (not the fee) comes back from CLEARING to the merchant's AVAILABLE (after OWED).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('PAYIN_SETTLED', 'RELEASE', 'HOLD', 'UNHOLD', 'REFUND', 'CHARGEBACK', 'PAYOUT_RESERVED', 'PAYOUT_SETTLED', 'PAYOUT_RETURNED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT', 'TOPUP_CREDITED', 'REQUEST_RESERVED', 'REQUEST_RETURNED', 'WITHDRAWAL_SETTLED', 'EXCHANGE_SETTLED', 'SUB_TRANSFER_SETTLED', 'CHARGEBACK_REVERSED'));--> statement-breakpoint
-- Its statement line is a CHARGEBACK line (event and category) with a positive amount: the daily
-- chargeback column nets the reversal, and the chargeback count counts only the chargebacks received
-- (negative AMOUNT lines), so a won chargeback is not counted twice.
CREATE OR REPLACE FUNCTION "statement_lines_post"(p_id bigint[], p_entry bigint[], p_account integer[], p_amount bigint[], p_effective timestamptz[])
RETURNS void LANGUAGE sql AS $$
  WITH np AS (
    SELECT u.id, u.entry_id, u.account_id, u.amount, u.effective_at, a.kind, a.system_code
      FROM unnest(p_id, p_entry, p_account, p_amount, p_effective) AS u(id, entry_id, account_id, amount, effective_at)
      JOIN accounts a ON a.id = u.account_id
  ),
  charges AS (
    SELECT entry_id,
           coalesce(sum(amount) FILTER (WHERE system_code = 'FEES'), 0) AS fee,
           coalesce(sum(amount) FILTER (WHERE system_code = 'TAX'), 0) AS vat
      FROM np WHERE kind = 'SYSTEM' GROUP BY entry_id
  ),
  deltas AS (
    SELECT entry_id, account_id, sum(amount) AS delta, min(id) AS first_id, max(effective_at) AS effective_at,
           count(*) OVER (PARTITION BY entry_id) AS holders
      FROM np WHERE kind <> 'SYSTEM'
     GROUP BY entry_id, account_id HAVING sum(amount) <> 0
  ),
  items AS (
    SELECT d.entry_id, d.account_id, d.first_id, d.effective_at, x.ord, x.item, x.amount
      FROM deltas d
      LEFT JOIN charges c ON c.entry_id = d.entry_id AND d.holders = 1
     CROSS JOIN LATERAL (VALUES
             (1, 'AMOUNT', d.delta + coalesce(c.fee, 0) + coalesce(c.vat, 0)),
             (2, 'FEE', -coalesce(c.fee, 0)),
             (3, 'VAT', -coalesce(c.vat, 0))) AS x(ord, item, amount)
     WHERE x.amount <> 0
  ),
  typed AS (
    SELECT i.*, e.transaction_id,
           CASE WHEN e.kind IN ('PAYIN_SETTLED', 'REFUND', 'CHARGEBACK', 'PAYOUT_SETTLED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT',
                                 'TOPUP_CREDITED', 'WITHDRAWAL_SETTLED', 'EXCHANGE_SETTLED', 'SUB_TRANSFER_SETTLED')
                THEN e.kind WHEN e.kind = 'CHARGEBACK_REVERSED' THEN 'CHARGEBACK' ELSE 'ADJUSTMENT' END AS event,
           CASE i.item WHEN 'FEE' THEN 'FEE' WHEN 'VAT' THEN 'TAX' ELSE
             CASE e.kind WHEN 'PAYIN_SETTLED' THEN 'PAYIN' WHEN 'REFUND' THEN 'REFUND' WHEN 'CHARGEBACK' THEN 'CHARGEBACK'
                         WHEN 'CHARGEBACK_REVERSED' THEN 'CHARGEBACK'
                         WHEN 'PAYOUT_SETTLED' THEN 'PAYOUT' WHEN 'GLOBAL_TRANSFER_OUT' THEN 'FX' WHEN 'GLOBAL_TOPUP' THEN 'TOPUP'
                         WHEN 'TOPUP_CREDITED' THEN 'TOPUP' WHEN 'WITHDRAWAL_SETTLED' THEN 'WITHDRAWAL'
                         WHEN 'EXCHANGE_SETTLED' THEN 'FX' WHEN 'SUB_TRANSFER_SETTLED' THEN 'TRANSFER'
                         ELSE 'ADJUSTMENT' END
           END AS category
      FROM items i JOIN ledger_entries e ON e.id = i.entry_id
  ),
  prev AS (
    SELECT t.account_id, country_time_zone(a.country) AS zone, l.balance_after AS prev_balance, l.booked_at AS prev_booked
      FROM (SELECT DISTINCT account_id FROM typed) t
      JOIN accounts a ON a.id = t.account_id
      LEFT JOIN LATERAL (SELECT s.balance_after, s.booked_at FROM statement_lines s
                          WHERE s.account_id = t.account_id ORDER BY s.id DESC LIMIT 1) l ON true
  ),
  ordered AS (
    SELECT t.*, p.zone,
           coalesce(p.prev_balance, 0) + sum(t.amount) OVER w AS balance_after,
           greatest(p.prev_booked, max(t.effective_at) OVER w) AS booked_at
      FROM typed t JOIN prev p ON p.account_id = t.account_id
    WINDOW w AS (PARTITION BY t.account_id ORDER BY t.first_id, t.ord ROWS UNBOUNDED PRECEDING)
  ),
  inserted AS (
    INSERT INTO statement_lines (account_id, entry_id, transaction_id, event, item, category, amount, balance_after, booked_at, local_date)
    SELECT account_id, entry_id, transaction_id, event, item, category, amount, balance_after, booked_at,
           to_char(booked_at AT TIME ZONE zone, 'YYYY-MM-DD')
      FROM ordered ORDER BY account_id, first_id, ord
    RETURNING id, account_id, item, category, amount, balance_after, local_date
  ),
  days AS (
    SELECT account_id, local_date,
           sum(amount) AS net,
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS credits,
           coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) AS debits,
           coalesce(sum(amount) FILTER (WHERE category = 'PAYIN'), 0) AS payin,
           coalesce(sum(amount) FILTER (WHERE category = 'PAYOUT'), 0) AS payout,
           coalesce(sum(amount) FILTER (WHERE category = 'REFUND'), 0) AS refund,
           coalesce(sum(amount) FILTER (WHERE category = 'CHARGEBACK'), 0) AS chargeback,
           coalesce(sum(amount) FILTER (WHERE category = 'FEE'), 0) AS fee,
           coalesce(sum(amount) FILTER (WHERE category = 'TAX'), 0) AS tax,
           coalesce(sum(amount) FILTER (WHERE category = 'FX'), 0) AS fx,
           coalesce(sum(amount) FILTER (WHERE category = 'TOPUP'), 0) AS topup,
           coalesce(sum(amount) FILTER (WHERE category = 'WITHDRAWAL'), 0) AS withdrawal,
           coalesce(sum(amount) FILTER (WHERE category = 'TRANSFER'), 0) AS transfer,
           coalesce(sum(amount) FILTER (WHERE category = 'ADJUSTMENT'), 0) AS adjustment,
           count(*) FILTER (WHERE category = 'PAYIN' AND item = 'AMOUNT') AS payin_count,
           count(*) FILTER (WHERE category = 'PAYOUT' AND item = 'AMOUNT') AS payout_count,
           count(*) FILTER (WHERE category = 'REFUND' AND item = 'AMOUNT') AS refund_count,
           count(*) FILTER (WHERE category = 'CHARGEBACK' AND item = 'AMOUNT' AND amount < 0) AS chargeback_count,
           count(*) AS line_count, min(id) AS first_line_id, max(id) AS last_line_id,
           (array_agg(balance_after ORDER BY id DESC))[1] AS closing
      FROM inserted GROUP BY account_id, local_date
  )
  INSERT INTO account_daily_balances AS d (account_id, local_date, opening, closing, credits, debits, payin, payout, refund, chargeback, fee, tax, fx, topup, withdrawal, transfer, adjustment,
         payin_count, payout_count, refund_count, chargeback_count, line_count, first_line_id, last_line_id)
  SELECT account_id, local_date, closing - net, closing, credits, debits, payin, payout, refund, chargeback, fee, tax, fx, topup, withdrawal, transfer, adjustment,
         payin_count, payout_count, refund_count, chargeback_count, line_count, first_line_id, last_line_id
    FROM days ORDER BY account_id, local_date
  ON CONFLICT (account_id, local_date) DO UPDATE SET
         closing = excluded.closing,
         payin = d.payin + excluded.payin,
         payout = d.payout + excluded.payout,
         refund = d.refund + excluded.refund,
         chargeback = d.chargeback + excluded.chargeback,
         fee = d.fee + excluded.fee,
         tax = d.tax + excluded.tax,
         fx = d.fx + excluded.fx,
         topup = d.topup + excluded.topup,
         withdrawal = d.withdrawal + excluded.withdrawal,
         transfer = d.transfer + excluded.transfer,
         adjustment = d.adjustment + excluded.adjustment,
         credits = d.credits + excluded.credits,
         debits = d.debits + excluded.debits,
         payin_count = d.payin_count + excluded.payin_count,
         payout_count = d.payout_count + excluded.payout_count,
         refund_count = d.refund_count + excluded.refund_count,
         chargeback_count = d.chargeback_count + excluded.chargeback_count,
         line_count = d.line_count + excluded.line_count,
         last_line_id = excluded.last_line_id
$$;
