CREATE TABLE "support_case_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_case_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"appendices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"country" text NOT NULL,
	"case_type" text NOT NULL,
	"transaction_type" text,
	"product_type" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"transaction_key" text,
	"e2e_id" text,
	"clabe" text,
	"idempotency_key" text NOT NULL,
	"transaction_id" bigint,
	"notification_email" text,
	"appendices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"last_merchant_reply_at" timestamp with time zone,
	"last_provider_reply_at" timestamp with time zone,
	"awaiting_provider" boolean DEFAULT true NOT NULL,
	"provider_lease_until" timestamp with time zone,
	"provider_attempts" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_daily_stats" (
	"merchant_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"country" text NOT NULL,
	"stat_date" text NOT NULL,
	"transaction_type" text NOT NULL,
	"product_type" text NOT NULL,
	"status" text NOT NULL,
	"funnel_stage" smallint NOT NULL,
	"card_token" text NOT NULL,
	"fail_reason" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "category" text DEFAULT 'PROVIDER' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "funnel_stage" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_case_replies" ADD CONSTRAINT "support_case_replies_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_case_replies_case_idx" ON "support_case_replies" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_case_replies_request_uq" ON "support_case_replies" USING btree ("case_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "support_cases_case_no_uq" ON "support_cases" USING btree ("case_no");--> statement-breakpoint
CREATE UNIQUE INDEX "support_cases_idempotency_uq" ON "support_cases" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "support_cases_list_idx" ON "support_cases" USING btree ("merchant_id","country","created_at","id");--> statement-breakpoint
CREATE INDEX "support_cases_status_idx" ON "support_cases" USING btree ("merchant_id","country","status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_cases_transaction_idx" ON "support_cases" USING btree ("transaction_id") WHERE "support_cases"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "support_cases_provider_idx" ON "support_cases" USING btree ("provider_lease_until") WHERE "support_cases"."awaiting_provider";--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_daily_stats_key" ON "revenue_daily_stats" USING btree ("merchant_id","country","transaction_type","stat_date","holder_id","product_type","status","funnel_stage","card_token","fail_reason");--> statement-breakpoint
CREATE INDEX "revenue_daily_stats_holder_idx" ON "revenue_daily_stats" USING btree ("holder_id","country","transaction_type","stat_date");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_published_idx" ON "messages" USING btree ("user_id","published_at") WHERE "messages"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_key_uq" ON "messages" USING btree ("message_key");--> statement-breakpoint
-- Existing transactions: how far they got, read from their status (settled ones were authorised
-- when they settled), then revenue assurance's figures built from the rows (docs/decisions/0031).
UPDATE "transactions" SET "funnel_stage" = CASE
  WHEN "status" IN ('SETTLED', 'REFUNDING', 'REFUNDED', 'CHARGED_BACK') THEN 3
  WHEN "status" IN ('IN_PROGRESS', 'FAILED', 'REJECTED') THEN 1
  ELSE 0 END,
  "authorised_at" = CASE WHEN "status" IN ('SETTLED', 'REFUNDING', 'REFUNDED', 'CHARGED_BACK') THEN coalesce("settled_at", "status_at") END
WHERE "status" <> 'INITIAL_STATUS';--> statement-breakpoint
INSERT INTO "revenue_daily_stats" ("merchant_id", "holder_id", "country", "stat_date", "transaction_type", "product_type", "status", "funnel_stage", "card_token", "fail_reason", "count", "amount")
SELECT "merchant_id", coalesce("sub_merchant_id", "merchant_id"), "country", "created_date", "transaction_type", "product_type", "status", "funnel_stage",
  CASE WHEN "card" IS NULL THEN 'NONE' WHEN "card" ? 'tokenId' THEN 'TOKEN' ELSE 'PAN' END,
  CASE WHEN "status" IN ('FAILED', 'REJECTED', 'EXPIRED') THEN left(btrim(regexp_replace(coalesce("status_reason", ''), '[ \t\n\r\f\v]+', ' ', 'g'), ' '), 100) ELSE '' END,
  count(*), sum("amount")
FROM "transactions"
WHERE "transaction_type" IN ('PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
