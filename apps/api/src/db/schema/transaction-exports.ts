import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/**
 * One-time download URLs of transaction exports (the contract's transactionFileDownloadUrl).
 * The token (32 random bytes, base64url) is given out once, in the URL; only its SHA-256 hex is
 * stored, with the user who asked, the export request as it was checked (filter, format,
 * language) and the expiry. A link works once: the download sets `used_at` before streaming.
 */
export const transactionExportLinks = pgTable(
  'transaction_export_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The parsed export request (TransactionExportRequest output). */
    request: jsonb('request').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('transaction_export_links_token_hash_key').on(t.tokenHash),
    index('transaction_export_links_expires_at_idx').on(t.expiresAt),
  ],
);
