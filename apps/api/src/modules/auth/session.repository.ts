import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, sessionTokens } from '../../db/schema/auth.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';

export interface NewSession {
  id: string;
  userId: number;
  merchantId: number;
  now: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string | null;
  /** The user has MFA on: the session waits for the code (MFA_REQUIRED) until validated. */
  mfaPending: boolean;
}

export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await db.insert(sessions).values({
    id: s.id,
    userId: s.userId,
    merchantId: s.merchantId,
    createdAt: s.now,
    lastActiveAt: s.now,
    expiresAt: s.expiresAt,
    ip: s.ip,
    userAgent: s.userAgent,
    mfaPending: s.mfaPending,
  });
}

export async function insertSessionToken(db: Db, tokenHash: string, sessionId: string, now: Date): Promise<void> {
  await db.insert(sessionTokens).values({ tokenHash, sessionId, createdAt: now });
}

/** The session a token belongs to, with what the request pipeline needs of its user and merchant. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      tokenCreatedAt: sessionTokens.createdAt,
      tokenRetireAt: sessionTokens.retireAt,
      sessionId: sessions.id,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      mfaPending: sessions.mfaPending,
      userId: users.id,
      username: users.username,
      merchantId: users.merchantId,
      subMerchantId: users.subMerchantId,
      superAdmin: users.superAdmin,
      userType: users.userType,
      state: users.state,
      mustChangePassword: users.mustChangePassword,
      passwordChangedAt: users.passwordChangedAt,
      merchantStatus: merchants.status,
    })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(sessionTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionByTokenHash>>>;

/** Moves `last_active_at` to `now` unless it was moved after `notBefore` (at most one write a minute). */
export async function touchSession(db: Db, sessionId: string, now: Date, notBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastActiveAt, notBefore)));
}

/**
 * Retires a token at `retireAt` if it is still the current one. Returns false when another call
 * retired it first (so only one new token is minted per rotation).
 */
export async function retireSessionToken(db: Db, tokenHash: string, retireAt: Date): Promise<boolean> {
  const rows = await db
    .update(sessionTokens)
    .set({ retireAt })
    .where(and(eq(sessionTokens.tokenHash, tokenHash), isNull(sessionTokens.retireAt)))
    .returning({ tokenHash: sessionTokens.tokenHash });
  return rows.length > 0;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user but one; returns how many were revoked. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Revokes every live session of a user; returns how many were revoked. */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends the MFA challenge of a live session; false when it was not waiting for one (or has ended). */
export async function clearMfaPending(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ mfaPending: false, mfaVerifiedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.mfaPending, true), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
