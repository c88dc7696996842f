import { and, asc, count, desc, eq, gt, ilike, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/auth.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of the user screens. Every function that reads or writes a user takes the caller's scope:
 * a user of another merchant — or, for a sub-merchant caller, of another sub-merchant — is not
 * found, exactly like a missing one.
 */

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows a scope may see. */
function inScope(scope: Scope): SQL {
  const merchant = eq(users.merchantId, scope.merchantId);
  return scope.subMerchantId === null ? merchant : (and(merchant, eq(users.subMerchantId, scope.subMerchantId)) as SQL);
}

export interface UserFilter {
  username?: string | undefined;
  displayName?: string | undefined;
  email?: string | undefined;
  state?: number | undefined;
  roleId?: number | undefined;
}

function filterOf(db: Db, scope: Scope, f: UserFilter): SQL[] {
  const where: SQL[] = [inScope(scope)];
  if (f.username !== undefined) where.push(ilike(users.username, containsPattern(f.username)));
  if (f.displayName !== undefined) where.push(ilike(users.displayName, containsPattern(f.displayName)));
  if (f.email !== undefined) where.push(ilike(users.email, containsPattern(f.email)));
  if (f.state !== undefined) where.push(eq(users.state, f.state));
  if (f.roleId !== undefined) {
    where.push(inArray(users.id, db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, f.roleId))));
  }
  return where;
}

const subMerchant = alias(merchants, 'sub_merchant');

const userColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  state: users.state,
  superAdmin: users.superAdmin,
  userType: users.userType,
  countries: users.countries,
  subMerchantId: users.subMerchantId,
  subMerchantName: subMerchant.name,
  mfaEnabled: users.mfaEnabled,
  language: users.language,
  lastLoginAt: users.lastLoginAt,
  passwordChangedAt: users.passwordChangedAt,
  createdBy: users.createdBy,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/**
 * A page of the user list, newest first: the `limit` users after the one with id `afterId`.
 * Served by users_merchant_id_id_idx (merchant_id, id) scanned backwards.
 */
export async function listUsers(db: Db, scope: Scope, filter: UserFilter, afterId: number | null, limit: number) {
  const where = filterOf(db, scope, filter);
  if (afterId !== null) where.push(lt(users.id, afterId));
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(subMerchant, eq(subMerchant.id, users.subMerchantId))
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(limit);
}
export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

/** How many users match, counting at most `cap` (the list shows "10,000+" beyond). */
export async function countUsers(db: Db, scope: Scope, filter: UserFilter, cap: number): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(users)
    .where(and(...filterOf(db, scope, filter)))
    .limit(cap)
    .as('matching');
  const rows = await db.select({ n: count() }).from(matching);
  return Number(rows[0]?.n ?? 0);
}

export async function findUser(db: Db, scope: Scope, id: number): Promise<UserRow | null> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(subMerchant, eq(subMerchant.id, users.subMerchantId))
    .where(and(inScope(scope), eq(users.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The roles of each user (of the scope's merchant), by name. */
export async function rolesOfUsers(db: Db, scope: Scope, userIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.merchantId, scope.merchantId)))
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(asc(roles.name), asc(roles.id));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.userId, list);
  }
  return out;
}

/**
 * Which of `usernames` are locked for sign-in as a whole: at least `maxFailures` counted failures
 * within the window since `since` (the account-wide rule of modules/auth/lockout.ts: failures from
 * an address followed by a success from it no longer count).
 */
export async function lockedUsernames(db: Db, usernames: readonly string[], since: Date, maxFailures: number): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db
    .select({ username: loginAttempts.usernameLower, n: count() })
    .from(loginAttempts)
    .where(
      and(
        inArray(loginAttempts.usernameLower, [...usernames]),
        eq(loginAttempts.failureReason, 'INVALID_CREDENTIALS'),
        gt(loginAttempts.at, since),
        sql`not exists (select 1 from ${loginAttempts} s where s.username_lower = ${loginAttempts.usernameLower} and s.ip = ${loginAttempts.ip} and s.success and s.at > ${loginAttempts.at})`,
      ),
    )
    .groupBy(loginAttempts.usernameLower);
  return new Set(rows.filter((r) => Number(r.n) >= maxFailures).map((r) => r.username));
}

/** Countries of each merchant (a merchant's, and its sub-merchants'). */
export async function areasOfMerchants(db: Db, merchantIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (merchantIds.length === 0) return out;
  const rows = await db
    .select({ merchantId: merchantAreas.merchantId, country: merchantAreas.country })
    .from(merchantAreas)
    .where(inArray(merchantAreas.merchantId, [...new Set(merchantIds)]));
  for (const r of rows) out.set(r.merchantId, [...(out.get(r.merchantId) ?? []), r.country]);
  return out;
}

/** A sub-merchant of the scope's merchant (null for another merchant's, or a missing one). */
export async function findSubMerchant(db: Db, scope: Scope, subMerchantId: number): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(and(eq(merchants.id, subMerchantId), eq(merchants.parentId, scope.merchantId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function merchantName(db: Db, scope: Scope): Promise<string> {
  const rows = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, scope.merchantId)).limit(1);
  return rows[0]?.name ?? '';
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return rows.length > 0;
}

/** Roles of the scope's merchant among `ids`, with their state (missing and foreign ids are left out). */
export async function rolesByIds(db: Db, scope: Scope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: roles.id, name: roles.name, state: roles.state })
    .from(roles)
    .where(and(eq(roles.merchantId, scope.merchantId), inArray(roles.id, [...ids])))
    .for('share');
}

/** The codes the given roles of the scope's merchant grant (any state). */
export async function codesOfRoles(db: Db, scope: Scope, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ code: rolePermissions.code })
    .from(rolePermissions)
    .innerJoin(roles, and(eq(roles.id, rolePermissions.roleId), eq(roles.merchantId, scope.merchantId)))
    .where(inArray(rolePermissions.roleId, [...roleIds]));
  return rows.map((r) => r.code);
}

export interface NewUser {
  merchantId: number;
  subMerchantId: number | null;
  username: string;
  displayName: string;
  email: string;
  passwordHash: string;
  userType: number;
  countries: string[];
  createdBy: string;
  now: Date;
}

/** A new user who must set a password at first sign-in; throws the unique violation of a taken username. */
export async function insertUser(db: Db, u: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      merchantId: u.merchantId,
      subMerchantId: u.subMerchantId,
      username: u.username,
      displayName: u.displayName,
      email: u.email,
      passwordHash: u.passwordHash,
      userType: u.userType,
      superAdmin: false,
      state: 1,
      mustChangePassword: true,
      passwordChangedAt: u.now,
      countries: u.countries,
      createdBy: u.createdBy,
      createdAt: u.now,
      updatedAt: u.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('users insert returned no row');
  return row.id;
}

export interface UserChange {
  displayName: string;
  email: string;
  countries: string[];
  subMerchantId: number | null;
  userType: number;
  now: Date;
}

/** Changes a user of the scope; false when it is not there (removed meanwhile). */
export async function updateUser(db: Db, scope: Scope, id: number, c: UserChange): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      displayName: c.displayName,
      email: c.email,
      countries: c.countries,
      subMerchantId: c.subMerchantId,
      userType: c.userType,
      updatedAt: c.now,
    })
    .where(and(inScope(scope), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The user's roles become exactly `roleIds` (checked to be the scope's merchant's by the caller). */
export async function replaceUserRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** Sets the state only if it differs (a double click applies once); false when nothing changed. */
export async function setUserState(db: Db, scope: Scope, id: number, state: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ state, updatedAt: now })
    .where(and(inScope(scope), eq(users.id, id), ne(users.state, state)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Removes a user of the scope (sessions, roles, MFA and reset links go with it); false when not there. */
export async function deleteUser(db: Db, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(inScope(scope), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Ids of the merchant's enabled super admins, locked until the end of the transaction: two admins
 * disabling or removing the last two super admins at once cannot both succeed.
 */
export async function lockEnabledSuperAdmins(db: Db, scope: Scope): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, scope.merchantId), eq(users.superAdmin, true), eq(users.state, 1)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}
