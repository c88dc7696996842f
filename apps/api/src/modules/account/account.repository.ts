import { ACCOUNT_TYPES, type AccountType } from '@andes/contract/account/enums';
import type { Country } from '@andes/contract/common/countries';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/ledger.ts';
import { merchants } from '../../db/schema/merchants.ts';
import type { Scope } from '../../http/auth-context.ts';
import { ACCOUNT_BUCKET_COLUMNS, type AccountBuckets } from './balance-figures.ts';

/**
 * Reads of the local (MERCHANT) accounts. Scope: a merchant user sees the accounts of the merchant
 * and of its sub-merchants (`merchant_id`), a sub-merchant user only its sub-merchant's (`holder_id`).
 */

/** ACCOUNT_TYPES as an SQL array: the order accounts of one holder are listed in. */
const ACCOUNT_TYPE_ORDER = sql.raw(`array[${ACCOUNT_TYPES.map((t) => `'${t}'`).join(', ')}]::text[]`);

export interface LocalAccountRow {
  id: number;
  accountNo: string;
  accountType: AccountType;
  country: string;
  currency: string;
  holderId: number;
  holderName: string;
  /** True when the holder is a sub-merchant. */
  subMerchant: boolean;
  buckets: AccountBuckets;
}

/** The accounts of the caller's scope (merchant and sub-merchants, or the sub-merchant's own). */
export function scopeOfAccounts(scope: Scope): SQL | undefined {
  return and(
    eq(accounts.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(accounts.holderId, scope.subMerchantId),
  );
}

/**
 * The local accounts of one country in scope, optionally of one type: the merchant's own first,
 * then each sub-merchant's by name; within a holder in the order of ACCOUNT_TYPES.
 */
export async function listLocalAccounts(db: Db, scope: Scope, country: Country, accountType?: AccountType): Promise<LocalAccountRow[]> {
  const rows = await db
    .select({
      id: accounts.id,
      accountNo: accounts.accountNo,
      accountType: accounts.accountType,
      country: accounts.country,
      currency: accounts.currency,
      holderId: merchants.id,
      holderName: merchants.name,
      parentId: merchants.parentId,
      ...ACCOUNT_BUCKET_COLUMNS,
    })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.holderId))
    .where(
      and(
        scopeOfAccounts(scope),
        eq(accounts.kind, 'MERCHANT'),
        eq(accounts.country, country),
        accountType === undefined ? undefined : eq(accounts.accountType, accountType),
      ),
    )
    .orderBy(
      sql`(${merchants.parentId} is not null)`,
      asc(merchants.name),
      asc(merchants.id),
      sql`array_position(${ACCOUNT_TYPE_ORDER}, ${accounts.accountType})`,
    );
  return rows.map((r) => {
    if (r.accountType === null || r.country === null) throw new Error(`account ${r.id}: a MERCHANT account without type or country`);
    return {
      id: r.id,
      accountNo: r.accountNo,
      accountType: r.accountType,
      country: r.country,
      currency: r.currency,
      holderId: r.holderId,
      holderName: r.holderName,
      subMerchant: r.parentId !== null,
      buckets: {
        available: r.available,
        pending: r.pending,
        onHold: r.onHold,
        reserved: r.reserved,
        depositHeld: r.depositHeld,
        owed: r.owed,
      },
    };
  });
}
