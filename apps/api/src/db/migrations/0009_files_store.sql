CREATE TABLE "stored_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0 and "stored_files"."size" <= 10485760),
	CONSTRAINT "stored_files_size_matches_check" CHECK (octet_length("stored_files"."content") = "stored_files"."size")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_public_id_key" ON "stored_files" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "stored_files_merchant_sha256_idx" ON "stored_files" USING btree ("merchant_id","sha256");--> statement-breakpoint
-- Files are mostly compressed already (PNG, JPEG, PDF): keep them out of line without trying to compress them again.
ALTER TABLE "stored_files" ALTER COLUMN "content" SET STORAGE EXTERNAL;
