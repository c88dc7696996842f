CREATE TABLE "account_daily_balances" (
	"account_id" integer NOT NULL,
	"local_date" text NOT NULL,
	"opening" bigint DEFAULT 0 NOT NULL,
	"closing" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"debits" bigint DEFAULT 0 NOT NULL,
	"payin" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"refund" bigint DEFAULT 0 NOT NULL,
	"chargeback" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"fx" bigint DEFAULT 0 NOT NULL,
	"topup" bigint DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	"transfer" bigint DEFAULT 0 NOT NULL,
	"adjustment" bigint DEFAULT 0 NOT NULL,
	"payin_count" integer DEFAULT 0 NOT NULL,
	"payout_count" integer DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"chargeback_count" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"first_line_id" bigint NOT NULL,
	"last_line_id" bigint NOT NULL,
	CONSTRAINT "account_daily_balances_account_id_local_date_pk" PRIMARY KEY("account_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "report_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"transaction_id" bigint,
	"event" text NOT NULL,
	"item" text NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"local_date" text NOT NULL,
	CONSTRAINT "statement_lines_amount_check" CHECK ("statement_lines"."amount" <> 0),
	CONSTRAINT "statement_lines_event_check" CHECK ("statement_lines"."event" in ('PAYIN_SETTLED', 'REFUND', 'CHARGEBACK', 'PAYOUT_SETTLED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT', 'ADJUSTMENT')),
	CONSTRAINT "statement_lines_item_check" CHECK ("statement_lines"."item" in ('AMOUNT', 'FEE', 'VAT')),
	CONSTRAINT "statement_lines_category_check" CHECK ("statement_lines"."category" in ('PAYIN', 'PAYOUT', 'REFUND', 'CHARGEBACK', 'FEE', 'TAX', 'FX', 'TOPUP', 'WITHDRAWAL', 'TRANSFER', 'ADJUSTMENT'))
);
--> statement-breakpoint
ALTER TABLE "account_daily_balances" ADD CONSTRAINT "account_daily_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_links_token_hash_key" ON "report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_links_expires_at_idx" ON "report_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "statement_lines_account_id_idx" ON "statement_lines" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "statement_lines_account_category_idx" ON "statement_lines" USING btree ("account_id","category","id");--> statement-breakpoint
CREATE INDEX "statement_lines_transaction_idx" ON "statement_lines" USING btree ("transaction_id") WHERE "statement_lines"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_lines_entry_idx" ON "statement_lines" USING btree ("entry_id");--> statement-breakpoint
-- The zone of a country's business day (COUNTRY_INFO[country].timezoneName); UTC for an account
-- without a country (the global account). A test compares it with the contract's table.
CREATE FUNCTION "country_time_zone"(country text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE country WHEN 'US' THEN 'America/New_York' WHEN 'BR' THEN 'America/Sao_Paulo' WHEN 'MX' THEN 'America/Mexico_City' WHEN 'CO' THEN 'America/Bogota' WHEN 'CL' THEN 'America/Santiago' WHEN 'PE' THEN 'America/Lima' WHEN 'ZA' THEN 'Africa/Johannesburg' ELSE 'UTC' END
$$;
--> statement-breakpoint
-- Statement lines and daily balances of the postings given (docs/decisions/0026): for each entry
-- and merchant or global account whose postings do not sum to zero, an AMOUNT line, and when the
-- entry credits the provider's FEES or TAX accounts and moves exactly one such account, a FEE and
-- a VAT line (the AMOUNT line is then the gross: delta + fee + VAT). Each line carries the book
-- balance after it, running on from the account's last line; `booked_at` never goes back (a late
-- event is booked at the account's last booking time), so an account's local days follow its line
-- ids. Postings must come whole entries at a time, in id order (the ledger service and the demo
-- history cut their INSERTs at entry boundaries; ledger-check proves the split).
CREATE FUNCTION "statement_lines_post"(p_id bigint[], p_entry bigint[], p_account integer[], p_amount bigint[], p_effective timestamptz[])
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
           CASE WHEN e.kind IN ('PAYIN_SETTLED', 'REFUND', 'CHARGEBACK', 'PAYOUT_SETTLED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT')
                THEN e.kind ELSE 'ADJUSTMENT' END AS event,
           CASE i.item WHEN 'FEE' THEN 'FEE' WHEN 'VAT' THEN 'TAX' ELSE
             CASE e.kind WHEN 'PAYIN_SETTLED' THEN 'PAYIN' WHEN 'REFUND' THEN 'REFUND' WHEN 'CHARGEBACK' THEN 'CHARGEBACK'
                         WHEN 'PAYOUT_SETTLED' THEN 'PAYOUT' WHEN 'GLOBAL_TRANSFER_OUT' THEN 'FX' WHEN 'GLOBAL_TOPUP' THEN 'TOPUP'
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
--> statement-breakpoint
CREATE FUNCTION "statement_lines_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statement_lines_post(array_agg(id ORDER BY id), array_agg(entry_id ORDER BY id), array_agg(account_id ORDER BY id),
                               array_agg(amount ORDER BY id), array_agg(effective_at ORDER BY id))
     FROM new_postings HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "statement_lines_apply" AFTER INSERT ON "ledger_postings"
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION "statement_lines_apply"();
--> statement-breakpoint
-- ALWAYS: the demo history loads postings with session_replication_role = replica (no foreign-key
-- triggers); its lines must still be written.
ALTER TABLE "ledger_postings" ENABLE ALWAYS TRIGGER "statement_lines_apply";
--> statement-breakpoint
-- The postings already written, in one pass.
SELECT statement_lines_post(array_agg(id ORDER BY id), array_agg(entry_id ORDER BY id), array_agg(account_id ORDER BY id),
                            array_agg(amount ORDER BY id), array_agg(effective_at ORDER BY id))
  FROM ledger_postings HAVING count(*) > 0;
