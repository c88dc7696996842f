import { and, eq, exists, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/users.ts';

/**
 * The enabled users of a merchant who hold `code` (a super admin holds every code) and may see a
 * record of `country` held by `subMerchantId` (a sub-merchant user sees only their sub-merchant's),
 * but `exceptUserId`: who a notice such as "payouts awaiting your approval" is for.
 */
export async function usersHolding(
  db: Db,
  m: { merchantId: number; subMerchantId: number | null; country: string; code: string; exceptUserId: number },
): Promise<number[]> {
  const holds = exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.merchantId, users.merchantId), eq(roles.state, 1)))
      .innerJoin(rolePermissions, and(eq(rolePermissions.roleId, roles.id), eq(rolePermissions.code, m.code)))
      .where(eq(userRoles.userId, users.id)),
  );
  const subMerchant: SQL =
    m.subMerchantId === null
      ? isNull(users.subMerchantId)
      : (or(isNull(users.subMerchantId), eq(users.subMerchantId, m.subMerchantId)) as SQL);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.merchantId, m.merchantId),
        eq(users.state, 1),
        ne(users.id, m.exceptUserId),
        subMerchant,
        or(isNull(users.countries), sql`${m.country} = any(${users.countries})`),
        or(eq(users.superAdmin, true), holds),
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
