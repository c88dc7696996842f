CREATE TABLE "onboarding_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"website" text NOT NULL,
	"countries" text[] NOT NULL,
	"products" text[] NOT NULL,
	"monthly_volume" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_applications_request_id_key" ON "onboarding_applications" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "onboarding_applications_created_at_idx" ON "onboarding_applications" USING btree ("created_at");