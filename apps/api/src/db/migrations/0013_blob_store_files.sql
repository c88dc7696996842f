ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_size_matches_check";--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "stored_files_inline_content_idx" ON "stored_files" USING btree ("id") WHERE "stored_files"."content" is not null;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_size_matches_check" CHECK ("stored_files"."content" is null or octet_length("stored_files"."content") = "stored_files"."size");