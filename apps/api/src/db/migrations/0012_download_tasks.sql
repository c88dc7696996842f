CREATE TABLE "download_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "download_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"sub_merchant_id" integer,
	"created_by" integer NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"report_type" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"expected" jsonb NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"written" jsonb,
	"sha256" text,
	"size" bigint,
	"blob_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	CONSTRAINT "download_tasks_state_check" CHECK ("download_tasks"."state" in ('PENDING', 'IN_PROGRESS', 'COMPLETE', 'FAIL')),
	CONSTRAINT "download_tasks_rows_written_check" CHECK ("download_tasks"."rows_written" >= 0)
);
--> statement-breakpoint
ALTER TABLE "download_tasks" ADD CONSTRAINT "download_tasks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_tasks" ADD CONSTRAINT "download_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_tasks_public_id_key" ON "download_tasks" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "download_tasks_idempotency_key" ON "download_tasks" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "download_tasks_link_token_hash_key" ON "download_tasks" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "download_tasks_merchant_created_idx" ON "download_tasks" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "download_tasks_expires_at_idx" ON "download_tasks" USING btree ("expires_at") WHERE "download_tasks"."expired_at" is null and "download_tasks"."expires_at" is not null;