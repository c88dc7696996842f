CREATE TABLE "balance_alarm_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_alarm_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"available" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"entry_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"notified_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "balance_alarm_events_kind_check" CHECK ("balance_alarm_events"."kind" in ('FIRED', 'RECOVERED'))
);
--> statement-breakpoint
CREATE TABLE "balance_alarms" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"threshold" bigint,
	"below" boolean DEFAULT false NOT NULL,
	"subscriber_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_by_name" text,
	"last_fired_at" timestamp with time zone,
	CONSTRAINT "balance_alarms_threshold_check" CHECK ("balance_alarms"."threshold" is null or "balance_alarms"."threshold" > 0),
	CONSTRAINT "balance_alarms_off_check" CHECK ("balance_alarms"."threshold" is not null or not "balance_alarms"."below")
);
--> statement-breakpoint
ALTER TABLE "balance_alarm_events" ADD CONSTRAINT "balance_alarm_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_alarm_events" ADD CONSTRAINT "balance_alarm_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_alarm_events" ADD CONSTRAINT "balance_alarm_events_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_alarms" ADD CONSTRAINT "balance_alarms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_alarms" ADD CONSTRAINT "balance_alarms_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_alarms" ADD CONSTRAINT "balance_alarms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_alarm_events_account_idx" ON "balance_alarm_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "balance_alarm_events_list_idx" ON "balance_alarm_events" USING btree ("merchant_id","country","id");--> statement-breakpoint
CREATE INDEX "balance_alarm_events_unmailed_idx" ON "balance_alarm_events" USING btree ("id") WHERE "balance_alarm_events"."kind" = 'FIRED' and "balance_alarm_events"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "balance_alarms_merchant_idx" ON "balance_alarms" USING btree ("merchant_id");