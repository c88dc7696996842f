CREATE TABLE "accounting_fee_configs" (
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"per_request_fee" bigint NOT NULL,
	"small_transfer_threshold" bigint NOT NULL,
	"small_transfer_fee" bigint NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"approval_threshold" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_fee_configs_merchant_id_country_kind_pk" PRIMARY KEY("merchant_id","country","kind"),
	CONSTRAINT "accounting_fee_configs_kind_check" CHECK ("accounting_fee_configs"."kind" in ('TOPUP', 'WITHDRAWAL')),
	CONSTRAINT "accounting_fee_configs_amounts_check" CHECK ("accounting_fee_configs"."per_request_fee" >= 0 and "accounting_fee_configs"."small_transfer_threshold" >= 0 and "accounting_fee_configs"."small_transfer_fee" >= 0 and "accounting_fee_configs"."min_amount" > 0 and "accounting_fee_configs"."max_amount" >= "accounting_fee_configs"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "accounting_request_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_request_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" integer,
	"by_name" text,
	"reason" text,
	"event_id" text,
	CONSTRAINT "accounting_request_history_event_check" CHECK ("accounting_request_history"."event" in ('CREATED', 'APPROVAL_REQUESTED', 'APPROVED', 'REFUSED', 'PROOF_SUBMITTED', 'RATE_QUOTED', 'QUOTE_EXPIRED', 'CONTRACT_CONFIRMED', 'VERIFIED', 'IN_TRANSFER', 'COMPLETED', 'REJECTED', 'CANCELED', 'PAYMENT_FAILED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "accounting_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_no" text NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"account_type" text NOT NULL,
	"mode" text,
	"status" text NOT NULL,
	"client_request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"request_amount" bigint NOT NULL,
	"verified_amount" bigint,
	"fee" bigint,
	"fee_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"final_amount" bigint,
	"deduction_amount" bigint,
	"receipt_amount" bigint,
	"sell_account_id" integer,
	"buy_account_id" integer,
	"side" text,
	"sell_currency" text,
	"buy_currency" text,
	"sell_amount" bigint,
	"buy_amount" bigint,
	"exchange_rate" text,
	"rate_expires_at" timestamp with time zone,
	"contract_confirmed_at" timestamp with time zone,
	"contract_confirmed_by" integer,
	"contract_confirmed_by_name" text,
	"transfer_time" timestamp with time zone,
	"remitting_bank" text,
	"beneficiary" jsonb,
	"proof_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status_reason" text,
	"target" text,
	"approval_state" text DEFAULT 'NONE' NOT NULL,
	"approved_by" integer,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"awaiting_provider" boolean DEFAULT false NOT NULL,
	"provider_lease_until" timestamp with time zone,
	"provider_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "accounting_requests_kind_check" CHECK ("accounting_requests"."kind" in ('TOPUP', 'WITHDRAWAL', 'EXCHANGE', 'SUB_TRANSFER')),
	CONSTRAINT "accounting_requests_status_check" CHECK (("accounting_requests"."kind" = 'TOPUP' and "accounting_requests"."status" in ('PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'))
       or ("accounting_requests"."kind" = 'WITHDRAWAL' and "accounting_requests"."status" in ('PROCESSING', 'COMPLETED', 'IN_TRANSFER', 'REJECTED', 'CANCELED', 'PAYMENT_FAILED', 'FAILED'))
       or ("accounting_requests"."kind" = 'EXCHANGE' and "accounting_requests"."status" in ('WAIT_PROOF', 'WAIT_EXCHANGE_RATE', 'WAIT_CONFIRM_CONTRACT', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'))
       or ("accounting_requests"."kind" = 'SUB_TRANSFER' and "accounting_requests"."status" in ('PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED'))),
	CONSTRAINT "accounting_requests_approval_check" CHECK ("accounting_requests"."approval_state" in ('NONE', 'PENDING', 'APPROVED', 'REFUSED')),
	CONSTRAINT "accounting_requests_amount_check" CHECK ("accounting_requests"."request_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_event_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "accounting_fee_configs" ADD CONSTRAINT "accounting_fee_configs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_request_history" ADD CONSTRAINT "accounting_request_history_request_id_accounting_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."accounting_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_sell_account_id_accounts_id_fk" FOREIGN KEY ("sell_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_buy_account_id_accounts_id_fk" FOREIGN KEY ("buy_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_request_history_request_idx" ON "accounting_request_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_requests_request_no_key" ON "accounting_requests" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_requests_client_request_key" ON "accounting_requests" USING btree ("merchant_id","client_request_id");--> statement-breakpoint
CREATE INDEX "accounting_requests_list_idx" ON "accounting_requests" USING btree ("merchant_id","kind","country","created_at","id");--> statement-breakpoint
CREATE INDEX "accounting_requests_status_list_idx" ON "accounting_requests" USING btree ("merchant_id","kind","country","status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounting_requests_sub_list_idx" ON "accounting_requests" USING btree ("sub_merchant_id","kind","country","created_at","id") WHERE "accounting_requests"."sub_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "accounting_requests_request_no_prefix_idx" ON "accounting_requests" USING btree ("request_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounting_requests_beneficiary_account_idx" ON "accounting_requests" USING btree (("beneficiary" ->> 'accountNumber')) WHERE "accounting_requests"."kind" = 'WITHDRAWAL';--> statement-breakpoint
CREATE INDEX "accounting_requests_provider_idx" ON "accounting_requests" USING btree ("id") WHERE "accounting_requests"."awaiting_provider";--> statement-breakpoint
CREATE INDEX "accounting_requests_quote_expiry_idx" ON "accounting_requests" USING btree ("rate_expires_at") WHERE "accounting_requests"."status" = 'WAIT_CONFIRM_CONTRACT';--> statement-breakpoint
CREATE INDEX "ledger_entries_request_id_idx" ON "ledger_entries" USING btree ("request_id") WHERE "ledger_entries"."request_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('PAYIN_SETTLED', 'RELEASE', 'HOLD', 'UNHOLD', 'REFUND', 'CHARGEBACK', 'PAYOUT_RESERVED', 'PAYOUT_SETTLED', 'PAYOUT_RETURNED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT', 'TOPUP_CREDITED', 'REQUEST_RESERVED', 'REQUEST_RETURNED', 'WITHDRAWAL_SETTLED', 'EXCHANGE_SETTLED', 'SUB_TRANSFER_SETTLED'));--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_event_check" CHECK ("statement_lines"."event" in ('PAYIN_SETTLED', 'REFUND', 'CHARGEBACK', 'PAYOUT_SETTLED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT', 'TOPUP_CREDITED', 'WITHDRAWAL_SETTLED', 'EXCHANGE_SETTLED', 'SUB_TRANSFER_SETTLED', 'ADJUSTMENT'));--> statement-breakpoint
-- The statement's events and categories of the accounting requests' entries (docs/decisions/0027):
-- a top-up credited is TOPUP (its fee a FEE line), a withdrawal settled WITHDRAWAL (fee a FEE line),
-- an exchange settled FX on both accounts, a sub-merchant transfer TRANSFER on both. Reservations
-- and their return move money between an account's buckets only and give no line.
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
                THEN e.kind ELSE 'ADJUSTMENT' END AS event,
           CASE i.item WHEN 'FEE' THEN 'FEE' WHEN 'VAT' THEN 'TAX' ELSE
             CASE e.kind WHEN 'PAYIN_SETTLED' THEN 'PAYIN' WHEN 'REFUND' THEN 'REFUND' WHEN 'CHARGEBACK' THEN 'CHARGEBACK'
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
           count(*) FILTER (WHERE category = 'CHARGEBACK' AND item = 'AMOUNT') AS chargeback_count,
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
