import type { CalendarDate } from '@andes/contract/common/dates';
import { HOME_SUCCESS_STATUSES } from '@andes/contract/home/constants';
import { and, between, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { riskDecisions } from '../../db/schema/risk.ts';
import { dailyTransactionStats, transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of the risk performance charts (docs/decisions/0028). Every function takes the caller's
 * scope (a sub-merchant user: their sub-merchant's transactions).
 *
 * - The ring reads the period's pay-ins along transactions_merchant_list_idx (merchant, country,
 *   type, created_at), each with its risk decision by primary key: what became of each needs the
 *   decision (BLOCKED, IN_REVIEW), which the daily figures do not hold.
 * - The curves read the daily figures (daily_transaction_stats: settled pay-ins and chargebacks per
 *   local creation date, product type) — Home's source — unless a card brand is asked for, which
 *   only the transactions know (`card ->> 'brand'`): then the same figures from the transactions,
 *   grouped by their local creation date. A chargeback's transaction is created at its dispute date.
 */

const int8 = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int8`.mapWith(Number);

export interface PerformanceFilter {
  country: string;
  /** The local dates, and the UTC instants they span. */
  from: CalendarDate;
  to: CalendarDate;
  start: Date;
  end: Date;
  productType?: string;
  cardBrand?: string;
}

function txScope(scope: Scope): SQL | undefined {
  return and(
    eq(transactions.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(transactions.subMerchantId, scope.subMerchantId),
  );
}

function txWhere(scope: Scope, f: PerformanceFilter, types: readonly ('PAY_IN' | 'CHARGE_BACK')[]): SQL | undefined {
  return and(
    txScope(scope),
    eq(transactions.country, f.country),
    types.length === 1 ? eq(transactions.transactionType, types[0] as 'PAY_IN') : inArray(transactions.transactionType, [...types]),
    gte(transactions.createdAt, f.start),
    lt(transactions.createdAt, f.end),
    f.productType === undefined ? undefined : eq(transactions.productType, f.productType),
    f.cardBrand === undefined ? undefined : sql`${transactions.card} ->> 'brand' = ${f.cardBrand}`,
  );
}

const SUCCESS = sql.raw(HOME_SUCCESS_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The ring's slices: first what the pay-in became (charged back; approved = settled or refunded),
 * then a final BLOCK decision, a review still waiting, a decline by the platform, else pending.
 */
export async function ringFigures(db: Db, scope: Scope, f: PerformanceFilter) {
  const slice = sql<string>`case
    when ${transactions.status} = 'CHARGED_BACK' then 'CHARGED_BACK'
    when ${transactions.status} in (${SUCCESS}) then 'APPROVED'
    when ${riskDecisions.finalDecision} = 'BLOCK' then 'BLOCKED'
    when ${riskDecisions.reviewStatus} = 'PENDING' then 'IN_REVIEW'
    when ${transactions.status} in ('FAILED', 'REJECTED', 'EXPIRED', 'CANCELLED') then 'DECLINED'
    else 'PENDING' end`;
  return db
    .select({ slice, count: int8(sql`count(*)`), amount: int8(sql`sum(${transactions.amount})`) })
    .from(transactions)
    .leftJoin(riskDecisions, eq(riskDecisions.transactionId, transactions.id))
    .where(txWhere(scope, f, ['PAY_IN']))
    .groupBy(slice);
}

export interface DayFigures {
  date: string;
  transactions: number;
  volume: number;
  chargebacks: number;
  chargebackAmount: number;
}

const stats = dailyTransactionStats;

/** Settled pay-ins and chargebacks per local date, from the daily figures (no card brand filter). */
async function curveFromStats(db: Db, scope: Scope, f: PerformanceFilter): Promise<DayFigures[]> {
  const settled = sql`${stats.transactionType} = 'PAY_IN' and ${stats.status} in (${SUCCESS})`;
  const charged = sql`${stats.transactionType} = 'CHARGE_BACK'`;
  const rows = await db
    .select({
      date: stats.statDate,
      transactions: int8(sql`sum(${stats.count}) filter (where ${settled})`),
      volume: int8(sql`sum(${stats.amount}) filter (where ${settled})`),
      chargebacks: int8(sql`sum(${stats.count}) filter (where ${charged})`),
      chargebackAmount: int8(sql`sum(${stats.amount}) filter (where ${charged})`),
    })
    .from(stats)
    .where(
      and(
        eq(stats.merchantId, scope.merchantId),
        scope.subMerchantId === null ? undefined : eq(stats.holderId, scope.subMerchantId),
        eq(stats.country, f.country),
        inArray(stats.transactionType, ['PAY_IN', 'CHARGE_BACK']),
        between(stats.statDate, f.from, f.to),
        f.productType === undefined ? undefined : eq(stats.productType, f.productType),
      ),
    )
    .groupBy(stats.statDate);
  return rows;
}

/** The same figures from the transactions (a card brand filter). */
async function curveFromTransactions(db: Db, scope: Scope, f: PerformanceFilter): Promise<DayFigures[]> {
  const settled = sql`${transactions.transactionType} = 'PAY_IN' and ${transactions.status} in (${SUCCESS})`;
  const charged = sql`${transactions.transactionType} = 'CHARGE_BACK'`;
  return db
    .select({
      date: transactions.createdDate,
      transactions: int8(sql`count(*) filter (where ${settled})`),
      volume: int8(sql`sum(${transactions.amount}) filter (where ${settled})`),
      chargebacks: int8(sql`count(*) filter (where ${charged})`),
      chargebackAmount: int8(sql`sum(${transactions.amount}) filter (where ${charged})`),
    })
    .from(transactions)
    .where(txWhere(scope, f, ['PAY_IN', 'CHARGE_BACK']))
    .groupBy(transactions.createdDate);
}

export function curveFigures(db: Db, scope: Scope, f: PerformanceFilter): Promise<DayFigures[]> {
  return f.cardBrand === undefined ? curveFromStats(db, scope, f) : curveFromTransactions(db, scope, f);
}
