CREATE TABLE "monthly_transaction_counts" (
	"merchant_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"country" text NOT NULL,
	"stat_month" text NOT NULL,
	"transaction_type" text NOT NULL,
	"product_type" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- INCLUDE (count), which drizzle's schema cannot say: the totals read the months from the index alone.
CREATE UNIQUE INDEX "monthly_transaction_counts_key" ON "monthly_transaction_counts" USING btree ("merchant_id","country","transaction_type","stat_month","holder_id","product_type","status") INCLUDE ("count");--> statement-breakpoint
CREATE INDEX "daily_transaction_stats_count_idx" ON "daily_transaction_stats" USING btree ("merchant_id","country","transaction_type","stat_date","holder_id","product_type","status","count");--> statement-breakpoint
-- monthly_transaction_counts is daily_transaction_stats summed per month, kept by statement
-- triggers in the same database transaction as every write of the daily figures (the event
-- handlers' upserts and deletes, the bulk INSERT … SELECT of the demo history and of the bench
-- generator). Rows are upserted in key order (stable lock order); a row whose count falls to
-- zero is removed, as daily-stats.ts does with its own rows. An empty transition table (the
-- INSERT half of an upsert that updated, and the other way round) returns at once.
CREATE FUNCTION "monthly_transaction_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    WITH moved AS (
      INSERT INTO monthly_transaction_counts AS m (merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, count)
      SELECT merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, sum(n) FROM (SELECT merchant_id, holder_id, country, left(stat_date, 7) AS stat_month, transaction_type, product_type, status, count AS n FROM new_rows) d
       GROUP BY merchant_id, holder_id, country, stat_month, transaction_type, product_type, status
      HAVING sum(n) <> 0
       ORDER BY merchant_id, country, transaction_type, stat_month, holder_id, product_type, status
      ON CONFLICT (merchant_id, country, transaction_type, stat_month, holder_id, product_type, status)
      DO UPDATE SET count = m.count + excluded.count
      RETURNING m.count
    )
    SELECT count(*) FILTER (WHERE count = 0) INTO emptied FROM moved;
    IF emptied > 0 THEN
      DELETE FROM monthly_transaction_counts m
       WHERE m.count = 0
         AND (m.merchant_id, m.country, m.transaction_type, m.stat_month, m.holder_id, m.product_type, m.status) IN
             (SELECT merchant_id, country, transaction_type, left(stat_date, 7), holder_id, product_type, status FROM new_rows);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    WITH moved AS (
      INSERT INTO monthly_transaction_counts AS m (merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, count)
      SELECT merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, sum(n) FROM (SELECT merchant_id, holder_id, country, left(stat_date, 7) AS stat_month, transaction_type, product_type, status, count AS n FROM new_rows UNION ALL SELECT merchant_id, holder_id, country, left(stat_date, 7) AS stat_month, transaction_type, product_type, status, -count AS n FROM old_rows) d
       GROUP BY merchant_id, holder_id, country, stat_month, transaction_type, product_type, status
      HAVING sum(n) <> 0
       ORDER BY merchant_id, country, transaction_type, stat_month, holder_id, product_type, status
      ON CONFLICT (merchant_id, country, transaction_type, stat_month, holder_id, product_type, status)
      DO UPDATE SET count = m.count + excluded.count
      RETURNING m.count
    )
    SELECT count(*) FILTER (WHERE count = 0) INTO emptied FROM moved;
    IF emptied > 0 THEN
      DELETE FROM monthly_transaction_counts m
       WHERE m.count = 0
         AND (m.merchant_id, m.country, m.transaction_type, m.stat_month, m.holder_id, m.product_type, m.status) IN
             (SELECT merchant_id, country, transaction_type, left(stat_date, 7), holder_id, product_type, status FROM old_rows);
    END IF;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    WITH moved AS (
      INSERT INTO monthly_transaction_counts AS m (merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, count)
      SELECT merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, sum(n) FROM (SELECT merchant_id, holder_id, country, left(stat_date, 7) AS stat_month, transaction_type, product_type, status, -count AS n FROM old_rows) d
       GROUP BY merchant_id, holder_id, country, stat_month, transaction_type, product_type, status
      HAVING sum(n) <> 0
       ORDER BY merchant_id, country, transaction_type, stat_month, holder_id, product_type, status
      ON CONFLICT (merchant_id, country, transaction_type, stat_month, holder_id, product_type, status)
      DO UPDATE SET count = m.count + excluded.count
      RETURNING m.count
    )
    SELECT count(*) FILTER (WHERE count = 0) INTO emptied FROM moved;
    IF emptied > 0 THEN
      DELETE FROM monthly_transaction_counts m
       WHERE m.count = 0
         AND (m.merchant_id, m.country, m.transaction_type, m.stat_month, m.holder_id, m.product_type, m.status) IN
             (SELECT merchant_id, country, transaction_type, left(stat_date, 7), holder_id, product_type, status FROM old_rows);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "daily_transaction_stats_monthly_insert" AFTER INSERT ON "daily_transaction_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "monthly_transaction_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "daily_transaction_stats_monthly_update" AFTER UPDATE ON "daily_transaction_stats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "monthly_transaction_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "daily_transaction_stats_monthly_delete" AFTER DELETE ON "daily_transaction_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "monthly_transaction_counts_apply"();
--> statement-breakpoint
INSERT INTO monthly_transaction_counts (merchant_id, holder_id, country, stat_month, transaction_type, product_type, status, count)
SELECT merchant_id, holder_id, country, left(stat_date, 7), transaction_type, product_type, status, sum(count)
  FROM daily_transaction_stats
 GROUP BY merchant_id, holder_id, country, left(stat_date, 7), transaction_type, product_type, status
HAVING sum(count) <> 0;
