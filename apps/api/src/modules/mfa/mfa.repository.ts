import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { userMfa, userRecoveryCodes } from '../../db/schema/mfa.ts';
import { users } from '../../db/schema/users.ts';

/** What MFA needs of a user: the otpauth label, and where and how to send its notices. */
export async function findMfaUser(db: Db, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      language: users.language,
      merchantCode: merchants.code,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserMfa(db: Db, userId: number) {
  const rows = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return rows[0] ?? null;
}
export type UserMfaRow = NonNullable<Awaited<ReturnType<typeof findUserMfa>>>;

/**
 * Starts (or restarts) a binding with a new sealed secret. Does nothing when MFA is ACTIVE:
 * returns false then, so an active device is never replaced by a new binding.
 */
export async function startBinding(db: Db, userId: number, secretEncrypted: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(userMfa)
    .values({ userId, secretEncrypted, state: 'PENDING', createdAt: now })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secretEncrypted, createdAt: now, activatedAt: null, lastStep: null, failedAttempts: 0, blockedUntil: null },
      setWhere: eq(userMfa.state, 'PENDING'),
    })
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/** PENDING → ACTIVE with the step of the activating code; false when another call did it first. */
export async function activateBinding(db: Db, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ state: 'ACTIVE', activatedAt: now, lastStep: step, failedAttempts: 0, blockedUntil: null })
    .where(and(eq(userMfa.userId, userId), eq(userMfa.state, 'PENDING')))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/**
 * Accepts a TOTP step: moves `last_step` forward and clears the failure count, only if the step is
 * later than the last accepted one. False when it is not (a replay, also between two calls racing).
 */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ lastStep: step, failedAttempts: 0, blockedUntil: null })
    .where(and(eq(userMfa.userId, userId), eq(userMfa.state, 'ACTIVE'), or(isNull(userMfa.lastStep), lt(userMfa.lastStep, step))))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/** Counts a wrong code; from `limit` wrong codes in a row each one blocks checks until `blockUntil`. */
export async function countFailure(db: Db, userId: number, limit: number, blockUntil: Date): Promise<void> {
  await db
    .update(userMfa)
    .set({
      failedAttempts: sql`least(${userMfa.failedAttempts} + 1, 1000)`,
      blockedUntil: sql`case when ${userMfa.failedAttempts} + 1 >= ${limit} then ${blockUntil.toISOString()}::timestamptz else ${userMfa.blockedUntil} end`,
    })
    .where(eq(userMfa.userId, userId));
}

export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.update(userMfa).set({ failedAttempts: 0, blockedUntil: null }).where(eq(userMfa.userId, userId));
}

export async function deleteUserMfa(db: Db, userId: number): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.delete(userMfa).where(eq(userMfa.userId, userId));
}

export async function setMfaEnabled(db: Db, userId: number, enabled: boolean, now: Date): Promise<void> {
  await db.update(users).set({ mfaEnabled: enabled, updatedAt: now }).where(eq(users.id, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[], now: Date): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<{ id: number; codeHash: string }[]> {
  return db
    .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Uses a recovery code up; false when another call used it first. */
export async function consumeRecoveryCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}
