import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/**
 * Why a reset link was issued: a new user's invitation and an admin's reset (valid
 * ADMIN_RESET_LINK_TTL_HOURS), or the user's own forgot-password request (valid
 * PASSWORD_RESET_LINK_TTL_MINUTES).
 */
export const RESET_LINK_PURPOSES = ['INVITATION', 'ADMIN_RESET', 'FORGOT_PASSWORD'] as const;
export type ResetLinkPurpose = (typeof RESET_LINK_PURPOSES)[number];
const purposeList = sql.raw(RESET_LINK_PURPOSES.map((p) => `'${p}'`).join(', '));

/**
 * One-time password reset links. The token (32 random bytes, base64url) is given out once, in the
 * link; only its SHA-256 hex is stored. A link works while `used_at` is null and before
 * `expires_at`; using it, issuing a newer link for the same user, or resetting the password by any
 * link sets `used_at` on every open link of that user.
 */
export const passwordResetLinks = pgTable(
  'password_reset_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: RESET_LINK_PURPOSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** Username of the admin who issued it, as it was; null for a forgot-password request. */
    issuedBy: text('issued_by'),
  },
  (t) => [
    uniqueIndex('password_reset_links_token_hash_key').on(t.tokenHash),
    // Open links of a user (to close them) and the forgot-password requests of the last hour.
    index('password_reset_links_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('password_reset_links_purpose_check', sql`${t.purpose} in (${purposeList})`),
  ],
);
