import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/** A signed-in session. It ends when revoked, idle too long, or past `expires_at` (absolute). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    /**
     * Signed in with the password of a user with MFA on, the code not yet given: every call but
     * the MFA validation, the current user and sign-out answers MFA_REQUIRED (200023).
     */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Tokens of a session: 32 random bytes (base64url) given to the client; only the SHA-256 hex is
 * stored. A rotated token keeps working until `retire_at` (grace for calls in flight).
 */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    retireAt: timestamp('retire_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('session_tokens_session_id_idx').on(t.sessionId), index('session_tokens_retire_at_idx').on(t.retireAt)],
);

export const LOGIN_FAILURE_REASONS = ['INVALID_CREDENTIALS', 'LOCKED', 'DISABLED'] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];
const failureReasonList = sql.raw(LOGIN_FAILURE_REASONS.map((r) => `'${r}'`).join(', '));

/**
 * Every sign-in attempt (audit trail and lockout input). Only failures with reason
 * INVALID_CREDENTIALS count towards a lockout; attempts refused by a lock are kept for the audit.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    usernameLower: text('username_lower').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    failureReason: text('failure_reason', { enum: LOGIN_FAILURE_REASONS }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('login_attempts_username_ip_at_idx').on(t.usernameLower, t.ip, t.at),
    index('login_attempts_username_at_idx').on(t.usernameLower, t.at),
    index('login_attempts_at_idx').on(t.at),
    check(
      'login_attempts_outcome_check',
      sql`(${t.success} and ${t.failureReason} is null) or (not ${t.success} and ${t.failureReason} in (${failureReasonList}))`,
    ),
  ],
);

/**
 * Hashes (argon2id) of the passwords a user replaced, newest last: with the current one they are
 * the last PASSWORD_HISTORY_DEPTH passwords, none of which a new password may be. Only the
 * newest PASSWORD_HISTORY_DEPTH − 1 are kept (modules/auth/password-history.ts).
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('password_history_user_id_id_idx').on(t.userId, t.id)],
);
