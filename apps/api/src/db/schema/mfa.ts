import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const MFA_STATES = ['PENDING', 'ACTIVE'] as const;
export type MfaState = (typeof MFA_STATES)[number];

/**
 * A user's TOTP authenticator. PENDING from the binding's start (secret shown) until a first code
 * activates it; ACTIVE then. `last_step` is the last accepted 30-second time step: a code of that
 * step or an earlier one is refused (replay).
 */
export const userMfa = pgTable(
  'user_mfa',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The base32 secret sealed by the secret box (context `user_mfa:<user_id>`). */
    secretEncrypted: text('secret_encrypted').notNull(),
    state: text('state', { enum: MFA_STATES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    lastStep: bigint('last_step', { mode: 'number' }),
    /** Wrong codes in a row; at MFA_MAX_FAILURES further checks wait until `blocked_until`. */
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('user_mfa_state_check', sql`${t.state} in ('PENDING', 'ACTIVE')`),
    check('user_mfa_active_check', sql`${t.state} <> 'ACTIVE' or ${t.activatedAt} is not null`),
  ],
);

/** One-time recovery codes: argon2id hashes of the normalised code; `used_at` once consumed. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('user_recovery_codes_user_id_idx').on(t.userId)],
);
