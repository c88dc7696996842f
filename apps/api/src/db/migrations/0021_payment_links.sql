CREATE TABLE "payment_link_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_link_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"country" text NOT NULL,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"product_type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"merchant_reference" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"installments" integer,
	"payer_email" text,
	"appendices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_id" text,
	"batch_id" integer,
	"row_number" integer,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_transaction_id" bigint,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"payment_state" text,
	"payment_requested_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('ACTIVE', 'PAID', 'CANCELLED')),
	CONSTRAINT "payment_links_payment_state_check" CHECK ("payment_links"."payment_state" is null or "payment_links"."payment_state" in ('PENDING', 'FAILED')),
	CONSTRAINT "payment_links_amount_check" CHECK ("payment_links"."amount_cents" > 0),
	CONSTRAINT "payment_links_installments_check" CHECK ("payment_links"."installments" is null or "payment_links"."installments" between 2 and 24),
	CONSTRAINT "payment_links_paid_check" CHECK (("payment_links"."status" = 'PAID') = ("payment_links"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_link_batches" ADD CONSTRAINT "payment_link_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_batches" ADD CONSTRAINT "payment_link_batches_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_sub_merchant_id_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_batch_id_payment_link_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_link_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_paid_transaction_id_transactions_id_fk" FOREIGN KEY ("paid_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_batches_request_key" ON "payment_link_batches" USING btree ("merchant_id","created_by","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_link_id_key" ON "payment_links" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_hash_key" ON "payment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_reference_key" ON "payment_links" USING btree ("merchant_id","merchant_reference") WHERE "payment_links"."merchant_reference" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_request_key" ON "payment_links" USING btree ("merchant_id","created_by","request_id") WHERE "payment_links"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_links_list_idx" ON "payment_links" USING btree ("merchant_id","country","id");--> statement-breakpoint
CREATE INDEX "payment_links_sub_merchant_list_idx" ON "payment_links" USING btree ("sub_merchant_id","country","id") WHERE "payment_links"."sub_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_links_batch_idx" ON "payment_links" USING btree ("batch_id","row_number") WHERE "payment_links"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_links_pending_idx" ON "payment_links" USING btree ("payment_requested_at","id") WHERE "payment_links"."payment_state" = 'PENDING';