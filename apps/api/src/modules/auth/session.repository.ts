import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sessions, sessionTokens } from '../../db/schema/auth.ts';
import { ipAccessSettings } from '../../db/schema/ip-trustlist.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/users.ts';

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

// In raw SQL an alias renders as its name only: the FROM clause below names table and alias.
const subAreas = alias(merchantAreas, 'sub_areas');
const subMerchant = alias(merchants, 'sub_merchant');

/**
 * The permission codes the user's enabled roles of their merchant grant (before closing over
 * dependencies), as roleCodesOfUser reads them; null for a super admin (who holds every code) and
 * for a user without any.
 */
const roleCodes = sql<string[] | null>`case when ${users.superAdmin} then null else (
  select array_agg(distinct ${rolePermissions.code}) from ${userRoles}
  inner join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.merchantId} = ${users.merchantId} and ${roles.state} = 1
  inner join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
  where ${userRoles.userId} = ${users.id}) end`;

/**
 * The countries the user may see (the rule of http/country-access.ts authorisedWhere): the
 * merchant's areas, narrowed to the sub-merchant's areas for a sub-merchant user (a sub-merchant of
 * that merchant), and to the user's own list when they have one. Null when there are none.
 */
const authorisedCountries = sql<string[] | null>`(
  select array_agg(${merchantAreas.country} order by ${merchantAreas.country}) from ${merchantAreas}
  where ${merchantAreas.merchantId} = ${users.merchantId}
    and (${users.countries} is null or ${merchantAreas.country} = any(${users.countries}))
    and (${users.subMerchantId} is null or exists (
      select 1 from ${merchantAreas} ${subAreas} inner join ${merchants} ${subMerchant} on ${subMerchant.id} = ${subAreas.merchantId}
      where ${subAreas.merchantId} = ${users.subMerchantId} and ${subMerchant.parentId} = ${users.merchantId}
        and ${subAreas.country} = ${merchantAreas.country})))`;

/** Name of the prepared authentication statement (decision 0014). */
const CALLER_STATEMENT = 'andes_caller_by_token_hash';

/**
 * Everything the request pipeline needs to authenticate and authorise a call, in one statement
 * (decision 0014): the token and its session, the user, the merchant's status, the permission codes
 * of the user's enabled roles (null for a super admin), the caller's authorised countries, and the
 * head of the merchant's IP restriction (mode and list version; null columns without a settings
 * row). A named prepared statement, so PostgreSQL plans it once per connection instead of on every
 * call (the plan, not the data: every call still reads the rows afresh). Nothing of what it reads
 * may be cached across calls: a revoked session, a removed role or a changed trust list must
 * apply at the next call on every process.
 */
function callerStatement(db: Db) {
  return db
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
      roleCodes,
      countries: authorisedCountries,
      accessMode: ipAccessSettings.mode,
      accessVersion: ipAccessSettings.version,
    })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .leftJoin(ipAccessSettings, eq(ipAccessSettings.merchantId, users.merchantId))
    .where(eq(sessionTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(CALLER_STATEMENT);
}

/** The prepared statement of each database handle (the app's pool; a test's database). */
const callerStatements = new WeakMap<Db, ReturnType<typeof callerStatement>>();

/** The caller of a token hash (see callerStatement), or null for an unknown token. */
export async function findCallerByTokenHash(db: Db, tokenHash: string) {
  let statement = callerStatements.get(db);
  if (statement === undefined) {
    statement = callerStatement(db);
    callerStatements.set(db, statement);
  }
  const rows = await statement.execute({ tokenHash });
  return rows[0] ?? null;
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findCallerByTokenHash>>>;

/** Moves `last_active_at` to `now` unless it was moved after `notBefore` (at most one write a second). */
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
