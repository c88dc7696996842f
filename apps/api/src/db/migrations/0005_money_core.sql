CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"holder_id" integer,
	"merchant_id" integer,
	"country" text,
	"currency" text NOT NULL,
	"account_type" text,
	"system_code" text,
	"account_no" text NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"on_hold" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"deposit_held" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"main" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_kind_check" CHECK ("accounts"."kind" in ('MERCHANT', 'GLOBAL', 'SYSTEM')),
	CONSTRAINT "accounts_shape_check" CHECK (("accounts"."kind" = 'MERCHANT' and "accounts"."holder_id" is not null and "accounts"."merchant_id" is not null and "accounts"."country" is not null and "accounts"."account_type" in ('PAY_IN', 'PAY_OUT', 'MARKET_PLACE') and "accounts"."system_code" is null)
       or ("accounts"."kind" = 'GLOBAL' and "accounts"."holder_id" is not null and "accounts"."merchant_id" is not null and "accounts"."account_type" is null and "accounts"."system_code" is null)
       or ("accounts"."kind" = 'SYSTEM' and "accounts"."holder_id" is null and "accounts"."merchant_id" is null and "accounts"."system_code" in ('CLEARING', 'FEES', 'TAX', 'FX'))),
	CONSTRAINT "accounts_no_overdraw_check" CHECK ("accounts"."kind" = 'SYSTEM' or ("accounts"."available" >= 0 and "accounts"."pending" >= 0 and "accounts"."on_hold" >= 0 and "accounts"."reserved" >= 0 and "accounts"."deposit_held" >= 0 and "accounts"."owed" <= 0 and "accounts"."main" = 0))
);
--> statement-breakpoint
CREATE TABLE "global_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"business_type" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"target_account_id" integer,
	"target_amount" bigint,
	"target_currency" text,
	"exchange_rate" text,
	"start_balance" bigint NOT NULL,
	"end_balance" bigint NOT NULL,
	"event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "global_movements_type_check" CHECK ("global_movements"."business_type" in ('TOPUP', 'TRANSFER_OUT'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"transaction_id" bigint,
	"event_id" text,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('PAYIN_SETTLED', 'RELEASE', 'HOLD', 'UNHOLD', 'REFUND', 'CHARGEBACK', 'PAYOUT_RESERVED', 'PAYOUT_SETTLED', 'PAYOUT_RETURNED', 'GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_postings_bucket_check" CHECK ("ledger_postings"."bucket" in ('AVAILABLE', 'PENDING', 'ON_HOLD', 'RESERVED', 'DEPOSIT_HELD', 'OWED', 'MAIN')),
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "pending_releases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"bucket" text NOT NULL,
	"amount" bigint NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"available_date" text NOT NULL,
	"state" text DEFAULT 'SCHEDULED' NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "pending_releases_amount_check" CHECK ("pending_releases"."amount" >= 0),
	CONSTRAINT "pending_releases_state_check" CHECK ("pending_releases"."state" in ('SCHEDULED', 'RELEASED', 'CANCELLED')),
	CONSTRAINT "pending_releases_bucket_check" CHECK ("pending_releases"."bucket" in ('PENDING', 'DEPOSIT_HELD'))
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_outbox" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"leased_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "platform_events_outcome_check" CHECK ("platform_events"."outcome" in ('APPLIED', 'PARKED', 'STALE'))
);
--> statement-breakpoint
CREATE TABLE "service_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_transaction_stats" (
	"merchant_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"country" text NOT NULL,
	"stat_date" text NOT NULL,
	"transaction_type" text NOT NULL,
	"product_type" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"product" text NOT NULL,
	"product_type" text NOT NULL,
	"open" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"unique_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"account_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"product" text NOT NULL,
	"product_type" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"exchange_rate" text,
	"status" text NOT NULL,
	"status_reason" text,
	"hold_status" smallint DEFAULT 2 NOT NULL,
	"held_amount" bigint DEFAULT 0 NOT NULL,
	"refund_status" text DEFAULT 'NONE' NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refund_time" timestamp with time zone,
	"charged_back_amount" bigint DEFAULT 0 NOT NULL,
	"related_transaction_id" bigint,
	"merchant_reference" text NOT NULL,
	"account_name" text,
	"payer" jsonb,
	"beneficiary" jsonb,
	"card" jsonb,
	"card_bin" text,
	"card_last4" text,
	"e2e_id" text,
	"payment_link_id" text,
	"store_platform" text,
	"store_shop_domain" text,
	"store_order_id" text,
	"store_order_name" text,
	"description" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_date" text NOT NULL,
	"settled_at" timestamp with time zone,
	"available_at" timestamp with time zone,
	"status_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type_check" CHECK ("transactions"."transaction_type" in ('PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS', 'REFUND', 'CHARGE_BACK')),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('INITIAL_STATUS', 'IN_PROGRESS', 'SETTLED', 'FAILED', 'CHARGED_BACK', 'REFUNDING', 'REFUNDED', 'EXPIRED', 'REJECTED', 'CREATED', 'CANCELLED')),
	CONSTRAINT "transactions_hold_status_check" CHECK ("transactions"."hold_status" in (1, 2)),
	CONSTRAINT "transactions_amounts_check" CHECK ("transactions"."amount" > 0 and "transactions"."fee" >= 0 and "transactions"."vat" >= 0 and "transactions"."held_amount" >= 0 and "transactions"."refunded_amount" >= 0 and "transactions"."refunded_amount" + "transactions"."charged_back_amount" <= "transactions"."amount"),
	CONSTRAINT "transactions_card_check" CHECK (("transactions"."card_bin" is null or "transactions"."card_bin" ~ '^[0-9]{6,8}$') and ("transactions"."card_last4" is null or "transactions"."card_last4" ~ '^[0-9]{4}$'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_holder_id_merchants_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_movements" ADD CONSTRAINT "global_movements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_movements" ADD CONSTRAINT "global_movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_movements" ADD CONSTRAINT "global_movements_target_account_id_accounts_id_fk" FOREIGN KEY ("target_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_releases" ADD CONSTRAINT "pending_releases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_releases" ADD CONSTRAINT "pending_releases_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_events" ADD CONSTRAINT "platform_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD CONSTRAINT "merchant_products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_account_no_key" ON "accounts" USING btree ("account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_local_key" ON "accounts" USING btree ("holder_id","country","account_type") WHERE "accounts"."kind" = 'MERCHANT';--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_global_key" ON "accounts" USING btree ("holder_id") WHERE "accounts"."kind" = 'GLOBAL';--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_key" ON "accounts" USING btree ("system_code","currency") WHERE "accounts"."kind" = 'SYSTEM';--> statement-breakpoint
CREATE INDEX "accounts_merchant_country_idx" ON "accounts" USING btree ("merchant_id","country");--> statement-breakpoint
CREATE UNIQUE INDEX "global_movements_reference_key" ON "global_movements" USING btree ("merchant_id","reference");--> statement-breakpoint
CREATE INDEX "global_movements_statement_idx" ON "global_movements" USING btree ("merchant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_id_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_id_id_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_releases_transaction_id_key" ON "pending_releases" USING btree ("transaction_id","bucket");--> statement-breakpoint
CREATE INDEX "pending_releases_due_idx" ON "pending_releases" USING btree ("available_at") WHERE "pending_releases"."state" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "pending_releases_calendar_idx" ON "pending_releases" USING btree ("merchant_id","country","available_date");--> statement-breakpoint
CREATE INDEX "pending_releases_scheduled_idx" ON "pending_releases" USING btree ("merchant_id","country","available_date") WHERE "pending_releases"."state" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "messages_merchant_published_idx" ON "messages" USING btree ("merchant_id","published_at");--> statement-breakpoint
CREATE INDEX "payout_outbox_waiting_idx" ON "payout_outbox" USING btree ("created_at") WHERE "payout_outbox"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "platform_events_parked_idx" ON "platform_events" USING btree ("subject","occurred_at") WHERE "platform_events"."outcome" = 'PARKED';--> statement-breakpoint
CREATE UNIQUE INDEX "service_tokens_token_hash_key" ON "service_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "service_tokens_name_key" ON "service_tokens" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_transaction_stats_key" ON "daily_transaction_stats" USING btree ("merchant_id","country","stat_date","holder_id","transaction_type","product_type","status");--> statement-breakpoint
CREATE INDEX "daily_transaction_stats_holder_idx" ON "daily_transaction_stats" USING btree ("holder_id","country","stat_date");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_products_key" ON "merchant_products" USING btree ("merchant_id","country","product","product_type");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_unique_id_key" ON "transactions" USING btree ("unique_id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_list_idx" ON "transactions" USING btree ("merchant_id","country","transaction_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_sub_merchant_list_idx" ON "transactions" USING btree ("sub_merchant_id","country","transaction_type","created_at","id") WHERE "transactions"."sub_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_merchant_reference_idx" ON "transactions" USING btree ("merchant_id","merchant_reference");--> statement-breakpoint
CREATE INDEX "transactions_related_idx" ON "transactions" USING btree ("related_transaction_id") WHERE "transactions"."related_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_held_idx" ON "transactions" USING btree ("merchant_id","country") WHERE "transactions"."hold_status" = 1;--> statement-breakpoint
-- The provider's accounts, one per code and currency (docs/balances.md).
INSERT INTO "accounts" ("kind", "currency", "system_code", "account_no") VALUES
  ('SYSTEM', 'BRL', 'CLEARING', 'SYSTEM.CLEARING.BRL'),
  ('SYSTEM', 'MXN', 'CLEARING', 'SYSTEM.CLEARING.MXN'),
  ('SYSTEM', 'USD', 'CLEARING', 'SYSTEM.CLEARING.USD'),
  ('SYSTEM', 'COP', 'CLEARING', 'SYSTEM.CLEARING.COP'),
  ('SYSTEM', 'CLP', 'CLEARING', 'SYSTEM.CLEARING.CLP'),
  ('SYSTEM', 'PEN', 'CLEARING', 'SYSTEM.CLEARING.PEN'),
  ('SYSTEM', 'ZAR', 'CLEARING', 'SYSTEM.CLEARING.ZAR'),
  ('SYSTEM', 'EUR', 'CLEARING', 'SYSTEM.CLEARING.EUR'),
  ('SYSTEM', 'BRL', 'FEES', 'SYSTEM.FEES.BRL'),
  ('SYSTEM', 'MXN', 'FEES', 'SYSTEM.FEES.MXN'),
  ('SYSTEM', 'USD', 'FEES', 'SYSTEM.FEES.USD'),
  ('SYSTEM', 'COP', 'FEES', 'SYSTEM.FEES.COP'),
  ('SYSTEM', 'CLP', 'FEES', 'SYSTEM.FEES.CLP'),
  ('SYSTEM', 'PEN', 'FEES', 'SYSTEM.FEES.PEN'),
  ('SYSTEM', 'ZAR', 'FEES', 'SYSTEM.FEES.ZAR'),
  ('SYSTEM', 'EUR', 'FEES', 'SYSTEM.FEES.EUR'),
  ('SYSTEM', 'BRL', 'TAX', 'SYSTEM.TAX.BRL'),
  ('SYSTEM', 'MXN', 'TAX', 'SYSTEM.TAX.MXN'),
  ('SYSTEM', 'USD', 'TAX', 'SYSTEM.TAX.USD'),
  ('SYSTEM', 'COP', 'TAX', 'SYSTEM.TAX.COP'),
  ('SYSTEM', 'CLP', 'TAX', 'SYSTEM.TAX.CLP'),
  ('SYSTEM', 'PEN', 'TAX', 'SYSTEM.TAX.PEN'),
  ('SYSTEM', 'ZAR', 'TAX', 'SYSTEM.TAX.ZAR'),
  ('SYSTEM', 'EUR', 'TAX', 'SYSTEM.TAX.EUR'),
  ('SYSTEM', 'BRL', 'FX', 'SYSTEM.FX.BRL'),
  ('SYSTEM', 'MXN', 'FX', 'SYSTEM.FX.MXN'),
  ('SYSTEM', 'USD', 'FX', 'SYSTEM.FX.USD'),
  ('SYSTEM', 'COP', 'FX', 'SYSTEM.FX.COP'),
  ('SYSTEM', 'CLP', 'FX', 'SYSTEM.FX.CLP'),
  ('SYSTEM', 'PEN', 'FX', 'SYSTEM.FX.PEN'),
  ('SYSTEM', 'ZAR', 'FX', 'SYSTEM.FX.ZAR'),
  ('SYSTEM', 'EUR', 'FX', 'SYSTEM.FX.EUR');