CREATE INDEX "platform_events_subject_idx" ON "platform_events" USING btree ("subject","occurred_at");--> statement-breakpoint
CREATE INDEX "transactions_merchant_status_list_idx" ON "transactions" USING btree ("merchant_id","country","transaction_type","status","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_held_list_idx" ON "transactions" USING btree ("merchant_id","country","transaction_type","created_at","id") WHERE "transactions"."hold_status" = 1;--> statement-breakpoint
CREATE INDEX "transactions_payment_link_list_idx" ON "transactions" USING btree ("merchant_id","country","created_at","id") WHERE "transactions"."payment_link_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_store_list_idx" ON "transactions" USING btree ("merchant_id","store_platform","country","created_at","id") WHERE "transactions"."store_platform" is not null;--> statement-breakpoint
CREATE INDEX "transactions_e2e_id_idx" ON "transactions" USING btree ("merchant_id","e2e_id") WHERE "transactions"."e2e_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_document_idx" ON "transactions" USING btree ("merchant_id",coalesce(("payer" ->> 'document'), ("beneficiary" ->> 'document')));--> statement-breakpoint
CREATE INDEX "transactions_card_bin_idx" ON "transactions" USING btree ("merchant_id","card_bin") WHERE "transactions"."card_bin" is not null;--> statement-breakpoint
CREATE INDEX "transactions_card_last4_idx" ON "transactions" USING btree ("merchant_id","card_last4") WHERE "transactions"."card_last4" is not null;