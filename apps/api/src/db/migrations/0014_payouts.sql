CREATE TABLE "payout_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"row_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"available_before" bigint NOT NULL,
	CONSTRAINT "payout_batches_source_check" CHECK ("payout_batches"."source" in ('SINGLE', 'FILE')),
	CONSTRAINT "payout_batches_figures_check" CHECK ("payout_batches"."row_count" > 0 and "payout_batches"."amount" > 0 and "payout_batches"."fee" >= 0 and "payout_batches"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_verify_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_verify_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_verify_codes_purpose_check" CHECK ("payout_verify_codes"."purpose" in ('PAYOUT_CREATE')),
	CONSTRAINT "payout_verify_codes_attempts_check" CHECK ("payout_verify_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"transaction_id" bigint NOT NULL,
	"country" text NOT NULL,
	"product_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"merchant_reference" text NOT NULL,
	"beneficiary_key" text NOT NULL,
	"row_number" integer,
	"approval_status" text DEFAULT 'PENDING' NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"refuse_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"duplicate_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_approval_status_check" CHECK ("payouts"."approval_status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "payouts_figures_check" CHECK ("payouts"."amount" > 0 and "payouts"."fee" >= 0 and "payouts"."vat" >= 0),
	CONSTRAINT "payouts_decision_check" CHECK (("payouts"."approval_status" = 'PENDING') = ("payouts"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "fee_fixed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "vat_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_verify_codes" ADD CONSTRAINT "payout_verify_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_request_key" ON "payout_batches" USING btree ("merchant_id","request_id");--> statement-breakpoint
CREATE INDEX "payout_verify_codes_user_idx" ON "payout_verify_codes" USING btree ("user_id","purpose","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_transaction_id_key" ON "payouts" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("merchant_id","merchant_reference");--> statement-breakpoint
CREATE INDEX "payouts_pending_list_idx" ON "payouts" USING btree ("merchant_id","country","created_at","id") WHERE "payouts"."approval_status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "payouts_decided_list_idx" ON "payouts" USING btree ("merchant_id","country","created_at","id") WHERE "payouts"."approval_status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "payouts_sub_merchant_list_idx" ON "payouts" USING btree ("sub_merchant_id","country","created_at","id") WHERE "payouts"."sub_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_duplicate_idx" ON "payouts" USING btree ("merchant_id","beneficiary_key","amount","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "payouts_expiry_idx" ON "payouts" USING btree ("expires_at") WHERE "payouts"."approval_status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "merchant_products" ADD CONSTRAINT "merchant_products_price_check" CHECK ("merchant_products"."fee_bps" >= 0 and "merchant_products"."fee_fixed" >= 0 and "merchant_products"."vat_bps" >= 0);