import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/**
 * `bytea` as a Buffer on both drivers. Written as base64 text decoded by the server: PGlite's
 * binary parameter path takes about 13 s for 10 MB, the text one under 1 s. Read it with
 * `fileContentSql` (base64 text) for the same reason; a plain select still works on both drivers.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${value.toString('base64')}, 'base64')`,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The shared file store (docs/decisions/0013, 0019): one row per file of at most 10 MB — a
 * transaction's attachments, later approval proofs, payment-link and chargeback appendices,
 * support-case files. The row holds the metadata; the bytes live in the blob store (local disk or
 * S3) under `attachments/<merchant_id>/<public_id>`, put there before the row's transaction
 * commits. A file belongs to one merchant; it is found by its random public id within that
 * merchant only. `content_type` is what the server determined from the bytes and the name, never
 * a client's claim.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `f_` + 22 base64url characters (128 random bits): the id the API and the owners' rows use. */
    publicId: text('public_id').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the content, hex. */
    sha256: text('sha256').notNull(),
    /**
     * The bytes of a file written before the blob store (0019), or by the demo history seed: served
     * from here while set, and moved to the blob store (then set to null) by the file-content-move job.
     */
    content: bytea('content'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The user who uploaded it; null when the payment platform (or the demo seed) did. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('stored_files_public_id_key').on(t.publicId),
    index('stored_files_merchant_sha256_idx').on(t.merchantId, t.sha256),
    // The rows whose bytes are still in the table (to move to the blob store): empty once moved.
    index('stored_files_inline_content_idx').on(t.id).where(sql`${t.content} is not null`),
    check('stored_files_size_check', sql`${t.size} >= 0 and ${t.size} <= ${sql.raw(String(ATTACHMENT_MAX_BYTES))}`),
    check('stored_files_size_matches_check', sql`${t.content} is null or octet_length(${t.content}) = ${t.size}`),
  ],
);

/** The content as base64 text (fast on both drivers), null once in the blob store; decode with Buffer.from(text, 'base64'). */
export const fileContentSql = sql<string | null>`encode(${storedFiles.content}, 'base64')`;
