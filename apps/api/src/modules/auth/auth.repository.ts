import { and, asc, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LoginFailureReason, loginAttempts } from '../../db/schema/auth.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/** What the sign-in needs of a user, looked up by lower-cased username (before any session exists). */
export async function findUserForLogin(db: Db, usernameLower: string) {
  const rows = await db
    .select({
      id: users.id,
      merchantId: users.merchantId,
      username: users.username,
      email: users.email,
      language: users.language,
      passwordHash: users.passwordHash,
      state: users.state,
      mustChangePassword: users.mustChangePassword,
      passwordChangedAt: users.passwordChangedAt,
      mfaEnabled: users.mfaEnabled,
      merchantStatus: merchants.status,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.username, usernameLower))
    .limit(1);
  return rows[0] ?? null;
}

export async function setLastLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export interface LoginAttempt {
  usernameLower: string;
  userId: number | null;
  ip: string;
  at: Date;
  failureReason: LoginFailureReason | null;
}

export async function recordLoginAttempt(db: Db, a: LoginAttempt): Promise<void> {
  await db.insert(loginAttempts).values({
    usernameLower: a.usernameLower,
    userId: a.userId,
    ip: a.ip,
    success: a.failureReason === null,
    failureReason: a.failureReason,
    at: a.at,
  });
}

/**
 * Counted failures (wrong username or password) from one address for one account since `since`,
 * leaving out those before that address's last successful sign-in; newest first.
 */
export async function addressFailures(db: Db, usernameLower: string, ip: string, since: Date, limit: number): Promise<Date[]> {
  const lastSuccess = db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.usernameLower, usernameLower), eq(loginAttempts.ip, ip), eq(loginAttempts.success, true)));
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.usernameLower, usernameLower),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.failureReason, 'INVALID_CREDENTIALS'),
        gt(loginAttempts.at, since),
        sql`${loginAttempts.at} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(limit);
  return rows.map((r) => r.at);
}

/**
 * Counted failures for one account from any address since `since`, leaving out each address's
 * failures that precede a later successful sign-in from that same address; newest first.
 */
export async function accountFailures(db: Db, usernameLower: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.usernameLower, usernameLower),
        eq(loginAttempts.failureReason, 'INVALID_CREDENTIALS'),
        gt(loginAttempts.at, since),
        sql`not exists (select 1 from ${loginAttempts} s where s.username_lower = ${loginAttempts.usernameLower} and s.ip = ${loginAttempts.ip} and s.success and s.at > ${loginAttempts.at})`,
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** True when the address signed in to the account successfully after `since`. */
export async function isKnownAddress(db: Db, usernameLower: string, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.usernameLower, usernameLower),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, true),
        gt(loginAttempts.at, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The signed-in user's profile, within their own merchant. */
export async function findCurrentUser(db: Db, scope: Scope, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      merchantId: users.merchantId,
      merchantCode: merchants.code,
      merchantName: merchants.name,
      subMerchantId: users.subMerchantId,
      superAdmin: users.superAdmin,
      userType: users.userType,
      mustChangePassword: users.mustChangePassword,
      passwordChangedAt: users.passwordChangedAt,
      passwordHash: users.passwordHash,
      countries: users.countries,
      mfaEnabled: users.mfaEnabled,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(and(eq(users.id, userId), eq(users.merchantId, scope.merchantId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Codes granted by the user's enabled roles of their merchant. */
export async function roleCodesOfUser(db: Db, scope: Scope, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: rolePermissions.code })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.merchantId, scope.merchantId), eq(roles.state, 1)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
}

/** The merchant flags of the permission load. */
export async function findMerchantInfo(db: Db, scope: Scope) {
  const [rows, subs] = await Promise.all([
    db
      .select({
        id: merchants.id,
        mergerAccount: merchants.mergerAccount,
        notSupportMergerCountry: merchants.notSupportMergerCountry,
        subMerchantDividedBill: merchants.subMerchantDividedBill,
      })
      .from(merchants)
      .where(eq(merchants.id, scope.merchantId))
      .limit(1),
    db.select({ id: merchants.id }).from(merchants).where(eq(merchants.parentId, scope.merchantId)).limit(1),
  ]);
  const m = rows[0];
  return m ? { ...m, subMerchantExist: subs.length > 0 } : null;
}

/**
 * Countries the scope is authorised in: the merchant's areas, narrowed to the sub-merchant's areas
 * for a sub-merchant user.
 */
export async function areasOfScope(db: Db, scope: Scope): Promise<string[]> {
  const merchantCountries = await db
    .select({ country: merchantAreas.country })
    .from(merchantAreas)
    .where(eq(merchantAreas.merchantId, scope.merchantId))
    .orderBy(asc(merchantAreas.country));
  const countries = merchantCountries.map((r) => r.country);
  if (scope.subMerchantId === null) return countries;
  const subCountries = await db
    .select({ country: merchantAreas.country })
    .from(merchantAreas)
    .innerJoin(merchants, eq(merchants.id, merchantAreas.merchantId))
    .where(and(eq(merchantAreas.merchantId, scope.subMerchantId), eq(merchants.parentId, scope.merchantId)));
  const sub = new Set(subCountries.map((r) => r.country));
  return countries.filter((c) => sub.has(c));
}

export async function updatePassword(db: Db, scope: Scope, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.merchantId, scope.merchantId)));
}
