CREATE TABLE "password_reset_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"issued_by" text,
	CONSTRAINT "password_reset_links_purpose_check" CHECK ("password_reset_links"."purpose" in ('INVITATION', 'ADMIN_RESET', 'FORGOT_PASSWORD'))
);
--> statement-breakpoint
DROP INDEX "users_merchant_id_idx";--> statement-breakpoint
DROP INDEX "roles_merchant_id_name_key";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "password_reset_links" ADD CONSTRAINT "password_reset_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_links" ADD CONSTRAINT "password_reset_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_links_token_hash_key" ON "password_reset_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_links_user_id_created_at_idx" ON "password_reset_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "roles_merchant_id_id_idx" ON "roles" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "users_merchant_id_id_idx" ON "users" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_merchant_id_name_key" ON "roles" USING btree ("merchant_id",lower("name"));