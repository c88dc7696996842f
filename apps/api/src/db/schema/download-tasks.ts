import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/**
 * Download tasks (the download center): a long report or export that a background job writes into
 * the blob store (docs/decisions/0020). The row is the task's whole state: what to write (`params`,
 * as checked when it was queued), where it is (state, rows written), what it wrote (figures,
 * SHA-256, size, blob key) and its one-time download link (only the token's SHA-256).
 *
 * Scope: `merchant_id` always; `sub_merchant_id` is the creator's sub-merchant (null for a
 * merchant-level user), and a sub-merchant user sees only the tasks of their sub-merchant.
 */
export const downloadTasks = pgTable(
  'download_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `dt_` + 22 base64url characters: the only id that leaves the server. */
    publicId: text('public_id').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: integer('sub_merchant_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One task per key and creator: a retried or double-clicked creation answers the same task. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    /** What to write, as checked at creation (for TRANSACTION: the parsed export request). */
    params: jsonb('params').notNull(),
    state: text('state').notNull().default('PENDING'),
    /** The pre-flight figures: `{ rowCount, totals: [{ currency, cents }] }`. */
    expected: jsonb('expected').notNull(),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** The figures of the finished file (its trailer). */
    written: jsonb('written'),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    blobKey: text('blob_key'),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** When the file is deleted (retention); set when it is written. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** When the retention sweep deleted the file. */
    expiredAt: timestamp('expired_at', { withTimezone: true, mode: 'date' }),
    linkTokenHash: text('link_token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('download_tasks_public_id_key').on(t.publicId),
    uniqueIndex('download_tasks_idempotency_key').on(t.createdBy, t.idempotencyKey),
    uniqueIndex('download_tasks_link_token_hash_key').on(t.linkTokenHash),
    // The list: a merchant's tasks, newest first (keyset on created_at, id).
    index('download_tasks_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    // The retention sweep.
    index('download_tasks_expires_at_idx').on(t.expiresAt).where(sql`${t.expiredAt} is null and ${t.expiresAt} is not null`),
    check('download_tasks_state_check', sql`${t.state} in ('PENDING', 'IN_PROGRESS', 'COMPLETE', 'FAIL')`),
    check('download_tasks_rows_written_check', sql`${t.rowsWritten} >= 0`),
  ],
);
