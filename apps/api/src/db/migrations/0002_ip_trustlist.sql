CREATE TABLE "ip_access_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'OFF' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"restriction_updated_at" timestamp with time zone,
	"restriction_updated_by" text,
	CONSTRAINT "ip_access_settings_mode_check" CHECK ("ip_access_settings"."mode" in ('OFF', 'ALL_USERS', 'SELECTED_USERS'))
);
--> statement-breakpoint
CREATE TABLE "ip_restriction_users" (
	"merchant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "ip_restriction_users_merchant_id_user_id_pk" PRIMARY KEY("merchant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ip_trustlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ip_trustlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"list_type" text NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"ip_version" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ip_trustlist_entries_list_type_check" CHECK ("ip_trustlist_entries"."list_type" in ('DASHBOARD', 'API')),
	CONSTRAINT "ip_trustlist_entries_kind_check" CHECK ("ip_trustlist_entries"."kind" in ('SINGLE', 'CIDR')),
	CONSTRAINT "ip_trustlist_entries_ip_version_check" CHECK ("ip_trustlist_entries"."ip_version" in ('IPV4', 'IPV6'))
);
--> statement-breakpoint
ALTER TABLE "ip_access_settings" ADD CONSTRAINT "ip_access_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_restriction_users" ADD CONSTRAINT "ip_restriction_users_merchant_id_ip_access_settings_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."ip_access_settings"("merchant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_restriction_users" ADD CONSTRAINT "ip_restriction_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_trustlist_entries" ADD CONSTRAINT "ip_trustlist_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_restriction_users_user_id_idx" ON "ip_restriction_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_trustlist_entries_merchant_list_value_key" ON "ip_trustlist_entries" USING btree ("merchant_id","list_type","value");--> statement-breakpoint
CREATE INDEX "ip_trustlist_entries_merchant_list_id_idx" ON "ip_trustlist_entries" USING btree ("merchant_id","list_type","id");