ALTER TABLE "merchant_products" ADD COLUMN "settlement_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "deposit_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "deposit_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "min_amount" bigint;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD COLUMN "max_amount" bigint;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD CONSTRAINT "merchant_products_terms_check" CHECK ("merchant_products"."settlement_days" >= 0 and "merchant_products"."deposit_bps" between 0 and 10000 and "merchant_products"."deposit_days" >= 0 and ("merchant_products"."deposit_bps" = 0) = ("merchant_products"."deposit_days" = 0)
       and ("merchant_products"."min_amount" is null or "merchant_products"."min_amount" > 0) and ("merchant_products"."max_amount" is null or "merchant_products"."max_amount" >= coalesce("merchant_products"."min_amount", 1)));