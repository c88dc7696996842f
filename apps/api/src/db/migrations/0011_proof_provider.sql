ALTER TABLE "transactions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_provider_check" CHECK ("transactions"."provider" is null or ("transactions"."product_type" in ('SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER') and "transactions"."provider" in ('arcus', 'unipagos', 'stp')) or ("transactions"."product_type" in ('PIX', 'PIX_QR') and "transactions"."provider" in ('bs2', 'bexs', 'rendimento')));--> statement-breakpoint
-- Backfill (docs/decisions/0017-proof-provider.md). Rows written before the platform named
-- providers keep null: Andes cannot know which provider carried them, and a wrong bank's receipt
-- is worse than none. The demo merchants' rows (the demo seed's ANDES-DEMO with its sub-merchants,
-- and CONDOR) get the provider the simulator gives the same transfer (simulator/providers.ts):
-- pay-ins from their creation, payouts once settled, by the first 32 bits of md5(unique_id) mod 100.
UPDATE "transactions" AS t
   SET "provider" = p."provider"
  FROM (
    SELECT x."id",
           CASE WHEN x."product_type" IN ('SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER')
                THEN CASE WHEN x."h" < 50 THEN 'stp' WHEN x."h" < 80 THEN 'arcus' ELSE 'unipagos' END
                ELSE CASE WHEN x."h" < 40 THEN 'bs2' WHEN x."h" < 75 THEN 'rendimento' ELSE 'bexs' END
           END AS "provider"
      FROM (
        SELECT tr."id", tr."product_type", (('x' || substr(md5(tr."unique_id"), 1, 8))::bit(32)::bigint % 100) AS "h"
          FROM "transactions" tr
          JOIN "merchants" m ON m."id" = tr."merchant_id"
         WHERE m."code" IN ('ANDES-DEMO', 'CONDOR')
           AND tr."provider" IS NULL
           AND tr."product_type" IN ('SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER', 'PIX', 'PIX_QR')
           AND (tr."transaction_type" = 'PAY_IN' OR (tr."transaction_type" = 'PAY_OUT' AND tr."status" = 'SETTLED'))
      ) AS x
  ) AS p
 WHERE t."id" = p."id";
