import type { CalendarDate } from '@andes/contract/common/dates';
import { FAIL_REASON_STATUSES, type RevenueTransactionType } from '@andes/contract/revenue-assurance/enums';
import { and, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revenueDailyStats } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of revenue assurance (docs/decisions/0031). Every chart reads the daily pre-aggregate
 * revenue_daily_stats along its key (merchant, country, type, local date — or, for a sub-merchant
 * user, revenue_daily_stats_holder_idx), never the transactions: at most a few hundred rows a day
 * for a large merchant, summed here into the cells the service needs.
 */

const s = revenueDailyStats;
const int8 = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int8`.mapWith(Number);

export interface RevenueFilter {
  country: string;
  transactionType: RevenueTransactionType;
  /** Inclusive local dates. */
  from: CalendarDate;
  to: CalendarDate;
  productTypes: readonly string[];
  /** Card pay-ins only (TOKEN or PAN). */
  cardsOnly?: boolean;
}

function where(scope: Scope, f: RevenueFilter): SQL | undefined {
  return and(
    eq(s.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(s.holderId, scope.subMerchantId),
    eq(s.country, f.country),
    eq(s.transactionType, f.transactionType),
    between(s.statDate, f.from, f.to),
    f.productTypes.length === 0 ? undefined : inArray(s.productType, [...f.productTypes]),
    f.cardsOnly ? inArray(s.cardToken, ['TOKEN', 'PAN']) : undefined,
  );
}

/**
 * The transactions of a local date, product type, funnel stage and card kind: how many, how much.
 * A chart groups by what it shows only (`by`): the others come back as '' / 'NONE'.
 */
export interface RevenueCell {
  date: string;
  productType: string;
  stage: number;
  cardToken: 'TOKEN' | 'PAN' | 'NONE';
  count: number;
  amount: number;
}

export interface CellDimensions {
  date?: boolean;
  productType?: boolean;
  cardToken?: boolean;
}

/** The query of revenueCells (the bench EXPLAINs it). */
export function revenueCellsQuery(db: Db, scope: Scope, f: RevenueFilter, by: CellDimensions) {
  const groups: SQL[] = [sql`${s.funnelStage}`];
  if (by.date) groups.push(sql`${s.statDate}`);
  if (by.productType) groups.push(sql`${s.productType}`);
  if (by.cardToken) groups.push(sql`${s.cardToken}`);
  return db
    .select({
      date: by.date ? s.statDate : sql<string>`''`,
      productType: by.productType ? s.productType : sql<string>`''`,
      stage: sql<number>`${s.funnelStage}`.mapWith(Number),
      cardToken: by.cardToken ? s.cardToken : sql<'NONE'>`'NONE'`,
      count: int8(sql`sum(${s.count})`),
      amount: int8(sql`sum(${s.amount})`),
    })
    .from(s)
    .where(where(scope, f))
    .groupBy(...groups);
}

export async function revenueCells(db: Db, scope: Scope, f: RevenueFilter, by: CellDimensions): Promise<RevenueCell[]> {
  return revenueCellsQuery(db, scope, f, by);
}

/** Failed, rejected and expired transactions per normalised reason. */
export interface FailReasonRow {
  reason: string;
  count: number;
  amount: number;
}

/** The query of failReasonRows (the bench EXPLAINs it). */
export function failReasonQuery(db: Db, scope: Scope, f: RevenueFilter) {
  return db
    .select({ reason: s.failReason, count: int8(sql`sum(${s.count})`), amount: int8(sql`sum(${s.amount})`) })
    .from(s)
    .where(and(where(scope, f), inArray(s.status, [...FAIL_REASON_STATUSES])))
    .groupBy(s.failReason);
}

export async function failReasonRows(db: Db, scope: Scope, f: RevenueFilter): Promise<FailReasonRow[]> {
  return failReasonQuery(db, scope, f);
}
