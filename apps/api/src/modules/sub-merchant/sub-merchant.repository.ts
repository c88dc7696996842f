import type { Country } from '@andes/contract/common/countries';
import type { SubMerchantOption } from '@andes/contract/sub-merchant/schemas';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/ledger.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import type { Scope } from '../../http/auth-context.ts';
import { containsPattern } from '../iam/user.repository.ts';

/** Sub-merchants in the caller's scope: all of the merchant's, or a sub-merchant user's own. */
export async function listSubMerchants(db: Db, scope: Scope): Promise<SubMerchantOption[]> {
  const rows = await db
    .select({ subMerchantId: merchants.id, subMerchantName: merchants.name })
    .from(merchants)
    .where(
      and(
        eq(merchants.parentId, scope.merchantId),
        eq(merchants.status, 'ACTIVE'),
        scope.subMerchantId === null ? undefined : eq(merchants.id, scope.subMerchantId),
      ),
    )
    .orderBy(asc(merchants.name), asc(merchants.id));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Sub-accounts (issue #10): one row per sub-merchant and country of its areas, with its PAY_IN account
// ---------------------------------------------------------------------------------------------

export interface SubAccountFilter {
  /** The countries shown: the caller's authorised ones (or the one asked for). */
  countries: readonly Country[];
  /** Part of the name (case-insensitive), or the id exactly. */
  keyword?: string | undefined;
}

/** The keyset of the sub-account list: (name, id, country), ascending. */
export interface SubAccountKey {
  name: string;
  id: number;
  country: string;
}

/** The PAY_IN account of the row's sub-merchant and country (null until its first movement). */
const payIn = sql`${accounts.kind} = 'MERCHANT' and ${accounts.holderId} = ${merchants.id} and ${accounts.country} = ${merchantAreas.country} and ${accounts.accountType} = 'PAY_IN'`;

function subAccountWhere(scope: Scope, f: SubAccountFilter): SQL | undefined {
  const keyword = f.keyword;
  const id = keyword !== undefined && /^[1-9][0-9]{0,9}$/.test(keyword) ? Number(keyword) : null;
  return and(
    eq(merchants.parentId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(merchants.id, scope.subMerchantId),
    f.countries.length === 1 ? eq(merchantAreas.country, f.countries[0] as string) : inArray(merchantAreas.country, [...f.countries]),
    keyword === undefined
      ? undefined
      : or(ilike(merchants.name, containsPattern(keyword)), id === null || id > 2_147_483_647 ? undefined : eq(merchants.id, id)),
  );
}

/**
 * The sub-accounts after `after`, by sub-merchant name, id and country: every sub-merchant of the
 * merchant (any state: a disabled one may still hold money) in each of its areas the caller may
 * see, with its PAY_IN account when it has been opened.
 */
export function subAccountsQuery(db: Db, scope: Scope, f: SubAccountFilter, after: SubAccountKey | null, limit: number) {
  const keyset =
    after === null
      ? undefined
      : sql`(${merchants.name}, ${merchants.id}, ${merchantAreas.country}) > (${after.name}, ${after.id}, ${after.country})`;
  return db
    .select({
      subMerchantId: merchants.id,
      subMerchantName: merchants.name,
      subMerchantCode: merchants.code,
      country: merchantAreas.country,
      accountNo: accounts.accountNo,
      available: accounts.available,
      pending: accounts.pending,
      onHold: accounts.onHold,
      reserved: accounts.reserved,
      depositHeld: accounts.depositHeld,
      owed: accounts.owed,
    })
    .from(merchants)
    .innerJoin(merchantAreas, eq(merchantAreas.merchantId, merchants.id))
    .leftJoin(accounts, payIn)
    .where(and(subAccountWhere(scope, f), keyset))
    .orderBy(asc(merchants.name), asc(merchants.id), asc(merchantAreas.country))
    .limit(limit);
}
export type SubAccountRow = Awaited<ReturnType<typeof subAccountsQuery>>[number];

/** The list's rows counted up to `cap + 1`. */
export async function countSubAccounts(db: Db, scope: Scope, f: SubAccountFilter, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(merchants)
    .innerJoin(merchantAreas, eq(merchantAreas.merchantId, merchants.id))
    .where(subAccountWhere(scope, f))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/** The codes of merchants (and sub-merchants) by id: what the provider's claim answers name them by. */
export async function merchantCodes(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.code]));
}
