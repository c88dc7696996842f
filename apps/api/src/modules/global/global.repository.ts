import type { AccountType } from '@andes/contract/account/enums';
import type { GlobalBalanceBusinessType } from '@andes/contract/common/enums';
import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accounts, globalMovements } from '../../db/schema/ledger.ts';
import { merchants } from '../../db/schema/merchants.ts';
import type { Scope } from '../../http/auth-context.ts';
import { ACCOUNT_BUCKET_COLUMNS, type AccountBuckets } from '../account/balance-figures.ts';
import { globalAccountNo } from '../ledger/account-numbers.ts';

/**
 * SQL of the global balance: the merchant's GLOBAL (USD) account and its statement. Only merchant
 * users reach it (the service refuses sub-merchant users); every query is bound to scope.merchantId.
 */

export interface GlobalAccountRow {
  id: number;
  accountNo: string;
  currency: string;
  buckets: AccountBuckets;
}

async function findGlobalAccount(db: Db, scope: Scope): Promise<GlobalAccountRow | null> {
  const [row] = await db
    .select({
      id: accounts.id,
      accountNo: accounts.accountNo,
      currency: accounts.currency,
      ...ACCOUNT_BUCKET_COLUMNS,
    })
    .from(accounts)
    .where(and(eq(accounts.kind, 'GLOBAL'), eq(accounts.holderId, scope.merchantId), eq(accounts.merchantId, scope.merchantId)))
    .limit(1);
  if (!row) return null;
  const { id, accountNo, currency, ...buckets } = row;
  return { id, accountNo, currency, buckets };
}

/**
 * The merchant's global account. Every merchant has one: when none has been opened yet (no money
 * has ever reached it), it is opened now, empty — idempotently, so concurrent first reads (or the
 * ledger opening it for a first top-up) end with the one account.
 */
export async function globalAccountOf(db: Db, scope: Scope): Promise<GlobalAccountRow> {
  const existing = await findGlobalAccount(db, scope);
  if (existing) return existing;
  const [merchant] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.id, scope.merchantId)).limit(1);
  if (!merchant) throw new Error(`merchant ${scope.merchantId} does not exist`);
  await db
    .insert(accounts)
    .values({
      kind: 'GLOBAL',
      holderId: scope.merchantId,
      merchantId: scope.merchantId,
      currency: 'USD',
      accountNo: globalAccountNo(merchant.code),
    })
    .onConflictDoNothing();
  const opened = await findGlobalAccount(db, scope);
  if (!opened) throw new Error(`the global account of merchant ${scope.merchantId} could not be opened`);
  return opened;
}

/** Top-ups in and transfers out (as a positive amount) of the merchant's global account in `[start, end]`. */
export async function movementTotals(db: Db, scope: Scope, start: Date, end: Date): Promise<{ topup: number; transferOut: number }> {
  const [row] = await db
    .select({
      topup:
        sql<number>`coalesce(sum(${globalMovements.amount}) filter (where ${globalMovements.businessType} = 'TOPUP'), 0)::bigint`.mapWith(
          Number,
        ),
      transferOut:
        sql<number>`coalesce(-sum(${globalMovements.amount}) filter (where ${globalMovements.businessType} = 'TRANSFER_OUT'), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(globalMovements)
    .where(
      and(eq(globalMovements.merchantId, scope.merchantId), gte(globalMovements.occurredAt, start), lte(globalMovements.occurredAt, end)),
    );
  return { topup: row?.topup ?? 0, transferOut: row?.transferOut ?? 0 };
}

// ---- the statement ----------------------------------------------------------------------------

export interface StatementFilter {
  businessType?: GlobalBalanceBusinessType | undefined;
  targetCountry?: string | undefined;
  /** Half-open `[start, end)` in UTC. */
  start: Date;
  end: Date;
}

/** Position after which the next page starts: the (occurred_at, id) of the last line shown. */
export interface StatementKey {
  /** ISO 8601 in UTC with microseconds, as the database has it. */
  at: string;
  id: number;
}

const target = alias(accounts, 'target');

function whereOf(scope: Scope, f: StatementFilter): SQL | undefined {
  return and(
    eq(globalMovements.merchantId, scope.merchantId),
    gte(globalMovements.occurredAt, f.start),
    lt(globalMovements.occurredAt, f.end),
    f.businessType === undefined ? undefined : eq(globalMovements.businessType, f.businessType),
    f.targetCountry === undefined ? undefined : eq(target.country, f.targetCountry),
  );
}

/** The exact time of a line as text, for the cursor (a JS Date would drop the microseconds). */
const atText = sql<string>`to_char(${globalMovements.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The lines after `after`, newest first. `(merchant_id, occurred_at, id)` is compared as one row so
 * the ascending index `global_movements_statement_idx` is scanned backward from the cursor, without a sort.
 */
export function statementPageQuery(db: Db, scope: Scope, f: StatementFilter, after: StatementKey | null, limit: number) {
  const keyset =
    after === null
      ? undefined
      : sql`(${globalMovements.merchantId}, ${globalMovements.occurredAt}, ${globalMovements.id}) < (${scope.merchantId}, ${after.at}::timestamptz, ${after.id})`;
  return db
    .select({
      id: globalMovements.id,
      atKey: atText,
      occurredAt: globalMovements.occurredAt,
      businessType: globalMovements.businessType,
      reference: globalMovements.reference,
      amount: globalMovements.amount,
      targetAmount: globalMovements.targetAmount,
      targetCurrency: globalMovements.targetCurrency,
      exchangeRate: globalMovements.exchangeRate,
      startBalance: globalMovements.startBalance,
      endBalance: globalMovements.endBalance,
      targetAccountNo: target.accountNo,
      targetAccountType: target.accountType,
      targetCountry: target.country,
    })
    .from(globalMovements)
    .leftJoin(target, eq(target.id, globalMovements.targetAccountId))
    .where(and(whereOf(scope, f), keyset))
    .orderBy(desc(globalMovements.merchantId), desc(globalMovements.occurredAt), desc(globalMovements.id))
    .limit(limit);
}
export type StatementRow = Awaited<ReturnType<typeof statementPageQuery>>[number] & { targetAccountType: AccountType | null };

/** Matching lines, counted up to `cap + 1` (so "more than cap" is known without counting everything). */
export async function countStatement(db: Db, scope: Scope, f: StatementFilter, cap: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
    db
      .select({ one: sql`1` })
      .from(globalMovements)
      .leftJoin(target, eq(target.id, globalMovements.targetAccountId))
      .where(whereOf(scope, f))
      .limit(cap + 1)
      .as('matching'),
  );
  return rows[0]?.n ?? 0;
}
