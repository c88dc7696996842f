import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.ts';

/** The schema of the job queue's tables (pg-boss), beside drizzle's `public`. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Creates the job queue's tables, or brings them to this pg-boss version, as part of the database
 * migrations (so a migrated database — and the test suite's migrated image — has them, and a
 * process that only sends jobs never runs DDL). pg-boss's own plans take an advisory lock, so
 * several processes migrating at once are safe.
 */
export async function installJobSchema(executeSql: ExecuteSql): Promise<void> {
  const { rows } = await executeSql(`SELECT to_regclass('${JOB_SCHEMA}.version') IS NOT NULL AS installed`, []);
  if (rows[0]?.installed !== true) {
    await executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
    return;
  }
  // An older pg-boss schema: pg-boss migrates it when a queue starts with `migrate: true`.
}
