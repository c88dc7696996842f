import { PASSWORD_HISTORY_DEPTH } from '@andes/contract/common/constants';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordHistory } from '../../db/schema/auth.ts';
import type { PasswordHasher } from './password-hasher.ts';

/**
 * Password history: a new password may not be any of the user's last PASSWORD_HISTORY_DEPTH (4)
 * passwords — the current one and the 3 before it. `password_history` keeps the hashes of the
 * passwords a user replaced (not the current one, which is `users.password_hash`), newest last,
 * at most DEPTH − 1 of them. Every flow that sets a password (change, reset) uses both functions.
 */

const EARLIER_KEPT = PASSWORD_HISTORY_DEPTH - 1;

/** True when `password` matches the current hash or one of the last earlier ones (argon2 verification each). */
export async function isRecentPassword(
  db: Db,
  hasher: PasswordHasher,
  user: { id: number; passwordHash: string },
  password: string,
): Promise<boolean> {
  const earlier = await db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.id))
    .limit(EARLIER_KEPT);
  const hashes = [user.passwordHash, ...earlier.map((r) => r.passwordHash)];
  const matches = await Promise.all(hashes.map((h) => hasher.verify(h, password)));
  return matches.some(Boolean);
}

/** Keeps the hash of the password being replaced, and drops what is older than the history needs. */
export async function rememberReplacedPassword(db: Db, userId: number, replacedHash: string, now: Date): Promise<void> {
  await db.insert(passwordHistory).values({ userId, passwordHash: replacedHash, createdAt: now });
  const kept = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.id))
    .limit(EARLIER_KEPT);
  await db.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
}
