import { and, asc, count, desc, eq, ilike, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, userRoles } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';
import { containsPattern } from './user.repository.ts';

/**
 * SQL of the role screens. Roles belong to a merchant: every function takes the caller's scope and
 * a role of another merchant is not found, exactly like a missing one.
 */

export interface RoleFilter {
  name?: string | undefined;
  state?: number | undefined;
}

function filterOf(scope: Scope, f: RoleFilter): SQL[] {
  const where: SQL[] = [eq(roles.merchantId, scope.merchantId)];
  if (f.name !== undefined) where.push(ilike(roles.name, containsPattern(f.name)));
  if (f.state !== undefined) where.push(eq(roles.state, f.state));
  return where;
}

const userCount = sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})::int`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  state: roles.state,
  userCount,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

/** A page of the role list, newest first: the `limit` roles after the one with id `afterId` (roles_merchant_id_id_idx). */
export async function listRoles(db: Db, scope: Scope, filter: RoleFilter, afterId: number | null, limit: number) {
  const where = filterOf(scope, filter);
  if (afterId !== null) where.push(lt(roles.id, afterId));
  return db
    .select(roleColumns)
    .from(roles)
    .where(and(...where))
    .orderBy(desc(roles.id))
    .limit(limit);
}
export type RoleRow = Awaited<ReturnType<typeof listRoles>>[number];

/** How many roles match, counting at most `cap`. */
export async function countRoles(db: Db, scope: Scope, filter: RoleFilter, cap: number): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(roles)
    .where(and(...filterOf(scope, filter)))
    .limit(cap)
    .as('matching');
  const rows = await db.select({ n: count() }).from(matching);
  return Number(rows[0]?.n ?? 0);
}

export async function findRole(db: Db, scope: Scope, id: number): Promise<RoleRow | null> {
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.merchantId, scope.merchantId), eq(roles.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Every role of the merchant, by name (the user form's choices). */
export async function allRoles(db: Db, scope: Scope) {
  return db
    .select({ id: roles.id, name: roles.name, state: roles.state })
    .from(roles)
    .where(eq(roles.merchantId, scope.merchantId))
    .orderBy(asc(roles.name), asc(roles.id));
}

/** The codes a role of the scope's merchant grants. */
export async function codesOfRole(db: Db, scope: Scope, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ code: rolePermissions.code })
    .from(rolePermissions)
    .innerJoin(roles, and(eq(roles.id, rolePermissions.roleId), eq(roles.merchantId, scope.merchantId)))
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.code);
}

/** A new role; throws the unique violation of a name taken (any case). */
export async function insertRole(db: Db, scope: Scope, r: { name: string; description: string; now: Date }): Promise<number> {
  const [row] = await db
    .insert(roles)
    .values({ merchantId: scope.merchantId, name: r.name, description: r.description, state: 1, createdAt: r.now, updatedAt: r.now })
    .returning({ id: roles.id });
  if (!row) throw new Error('roles insert returned no row');
  return row.id;
}

/** Renames and describes a role of the scope; false when it is not there. Throws the unique violation of a taken name. */
export async function updateRole(db: Db, scope: Scope, id: number, r: { name: string; description: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(roles)
    .set({ name: r.name, description: r.description, updatedAt: r.now })
    .where(and(eq(roles.merchantId, scope.merchantId), eq(roles.id, id)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

/** The role grants exactly `codes` (closed and checked by the caller). */
export async function replaceRolePermissions(db: Db, roleId: number, codes: readonly string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length > 0) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId, code })));
}

/** Sets the state only if it differs (a double click applies once); false when nothing changed. */
export async function setRoleState(db: Db, scope: Scope, id: number, state: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(roles)
    .set({ state, updatedAt: now })
    .where(and(eq(roles.merchantId, scope.merchantId), eq(roles.id, id), ne(roles.state, state)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

/** Removes a role of the scope that no user holds; false when it is held (or not there). */
export async function deleteRoleIfUnused(db: Db, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .delete(roles)
    .where(
      and(
        eq(roles.merchantId, scope.merchantId),
        eq(roles.id, id),
        notExists(db.select({ one: sql`1` }).from(userRoles).where(eq(userRoles.roleId, id))),
      ),
    )
    .returning({ id: roles.id });
  return rows.length > 0;
}
