import type { Country } from '@andes/contract/common/countries';
import type { CalendarDate } from '@andes/contract/common/dates';
import type { TransactionType } from '@andes/contract/common/enums';
import { HOME_SUCCESS_STATUSES } from '@andes/contract/home/constants';
import type { Figures } from '@andes/contract/home/schemas';
import { and, asc, between, count, eq, gte, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, pendingReleases } from '../../db/schema/ledger.ts';
import { messages } from '../../db/schema/messages.ts';
import { dailyTransactionStats, merchantProducts, transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';
import { readBy, visibleTo } from '../message/message.visibility.ts';

/**
 * SQL of Home. Every function takes the caller's scope: a merchant user reads the merchant's rows
 * (its sub-merchants' included), a sub-merchant user only its sub-merchant's. The charts read the
 * daily figures (`daily_transaction_stats`), never the transactions themselves; only the real-time
 * chart reads transactions, through their (merchant or sub-merchant, country, type, time) index.
 */

const cents = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

// ---- daily figures ----------------------------------------------------------------------------

const stats = dailyTransactionStats;
const isSuccess = inArray(stats.status, [...HOME_SUCCESS_STATUSES]);

function statsScope(scope: Scope): SQL | undefined {
  return and(eq(stats.merchantId, scope.merchantId), scope.subMerchantId === null ? undefined : eq(stats.holderId, scope.subMerchantId));
}

/** What the daily figures can be grouped by. */
export type StatKey = 'statDate' | 'transactionType' | 'productType';

export interface StatFilter {
  country: Country;
  from: CalendarDate;
  to: CalendarDate;
  types: readonly TransactionType[];
}

export interface StatRow {
  /** Set when grouped by it. */
  statDate: string | null;
  transactionType: TransactionType | null;
  productType: string | null;
  figures: Figures;
  /** Fee and VAT of the successful transactions. */
  successFee: number;
  successVat: number;
}

/** The figures of the range's transactions (inclusive local dates), grouped by `by` (nothing: one row). */
export async function statFigures(db: Db, scope: Scope, f: StatFilter, by: readonly StatKey[]): Promise<StatRow[]> {
  const columns = { statDate: stats.statDate, transactionType: stats.transactionType, productType: stats.productType };
  const key = <K extends StatKey>(k: K) => (by.includes(k) ? columns[k] : sql<null>`null`);
  const rows = await db
    .select({
      statDate: key('statDate'),
      transactionType: key('transactionType'),
      productType: key('productType'),
      count: cents(sql`sum(${stats.count})`),
      amount: cents(sql`sum(${stats.amount})`),
      successCount: cents(sql`sum(${stats.count}) filter (where ${isSuccess})`),
      successAmount: cents(sql`sum(${stats.amount}) filter (where ${isSuccess})`),
      successFee: cents(sql`sum(${stats.fee}) filter (where ${isSuccess})`),
      successVat: cents(sql`sum(${stats.vat}) filter (where ${isSuccess})`),
    })
    .from(stats)
    .where(
      and(
        statsScope(scope),
        eq(stats.country, f.country),
        between(stats.statDate, f.from, f.to),
        f.types.length === 0 ? sql`false` : inArray(stats.transactionType, [...f.types]),
      ),
    )
    .groupBy(...by.map((k) => columns[k]));
  return rows.map((r) => ({
    statDate: r.statDate,
    transactionType: r.transactionType,
    productType: r.productType,
    figures: { count: r.count, amount: r.amount, successCount: r.successCount, successAmount: r.successAmount },
    successFee: r.successFee,
    successVat: r.successVat,
  }));
}

/** The (type, product type) pairs with any transaction in the range. */
export async function usedProductTypes(db: Db, scope: Scope, country: Country, from: CalendarDate, to: CalendarDate) {
  return db
    .selectDistinct({ transactionType: stats.transactionType, productType: stats.productType })
    .from(stats)
    .where(and(statsScope(scope), eq(stats.country, country), between(stats.statDate, from, to), sql`${stats.count} > 0`));
}

// ---- products ---------------------------------------------------------------------------------

/** The product types of the (top) merchant in a country. */
export async function merchantProductsOf(db: Db, scope: Scope, country: Country) {
  return db
    .select({
      id: merchantProducts.id,
      product: merchantProducts.product,
      productType: merchantProducts.productType,
      open: merchantProducts.open,
    })
    .from(merchantProducts)
    .where(and(eq(merchantProducts.merchantId, scope.merchantId), eq(merchantProducts.country, country)))
    .orderBy(asc(merchantProducts.id));
}

// ---- real time --------------------------------------------------------------------------------

export interface HourlyFilter {
  country: Country;
  types: readonly TransactionType[];
  /** IANA zone of the country (hours are its local hours). */
  timezoneName: string;
  /** `[start, end)`: from the start of yesterday to now. */
  start: Date;
  end: Date;
  /** The start of today: rows from here on are today's. */
  todayStart: Date;
}

/**
 * Successful transactions per local hour of yesterday and today. Served by the
 * (merchant_id, country, transaction_type, created_at) index, or for a sub-merchant user by the
 * (sub_merchant_id, …) one.
 */
export function hourlySuccessQuery(db: Db, scope: Scope, f: HourlyFilter) {
  return db
    .select({
      today: sql<boolean>`${transactions.createdAt} >= ${f.todayStart.toISOString()}::timestamptz`,
      hour: sql<number>`extract(hour from ${transactions.createdAt} at time zone ${f.timezoneName})::int`.mapWith(Number),
      count: count(),
      amount: cents(sql`sum(${transactions.amount})`),
    })
    .from(transactions)
    .where(
      and(
        scope.subMerchantId === null
          ? eq(transactions.merchantId, scope.merchantId)
          : and(eq(transactions.subMerchantId, scope.subMerchantId), eq(transactions.merchantId, scope.merchantId)),
        eq(transactions.country, f.country),
        inArray(transactions.transactionType, [...f.types]),
        gte(transactions.createdAt, f.start),
        lt(transactions.createdAt, f.end),
        inArray(transactions.status, [...HOME_SUCCESS_STATUSES]),
      ),
    )
    .groupBy(sql`1`, sql`2`);
}

// ---- pending money and holds ------------------------------------------------------------------

/** Release rows of the scope: for a sub-merchant user, those of its own accounts. */
function releasesScope(db: Db, scope: Scope, country: Country): SQL | undefined {
  return and(
    eq(pendingReleases.merchantId, scope.merchantId),
    eq(pendingReleases.country, country),
    scope.subMerchantId === null
      ? undefined
      : inArray(
          pendingReleases.accountId,
          db
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.merchantId, scope.merchantId), eq(accounts.holderId, scope.subMerchantId))),
        ),
  );
}

/**
 * Money still to be released from `bucket` (pending settlements, or deposits: Setting → Deposit), by
 * the local date it becomes available, earliest first. Pending releases of transactions on hold are
 * left out: their money is on hold, not pending.
 */
export function upcomingReleasesQuery(
  db: Db,
  scope: Scope,
  country: Country,
  limit: number,
  bucket: 'PENDING' | 'DEPOSIT_HELD' = 'PENDING',
) {
  return db
    .select({
      date: pendingReleases.availableDate,
      amount: cents(sql`sum(${pendingReleases.amount})`),
      count: count(),
    })
    .from(pendingReleases)
    .innerJoin(transactions, eq(transactions.id, pendingReleases.transactionId))
    .where(
      and(
        releasesScope(db, scope, country),
        eq(pendingReleases.state, 'SCHEDULED'),
        eq(pendingReleases.bucket, bucket),
        bucket === 'PENDING' ? eq(transactions.holdStatus, 2) : undefined,
      ),
    )
    .groupBy(pendingReleases.availableDate)
    .orderBy(asc(pendingReleases.availableDate))
    .limit(limit);
}

/** Released and scheduled settlement money per local date of a range. */
export async function releasesByDate(db: Db, scope: Scope, country: Country, from: CalendarDate, to: CalendarDate) {
  return db
    .select({
      date: pendingReleases.availableDate,
      released: cents(sql`sum(${pendingReleases.amount}) filter (where ${pendingReleases.state} = 'RELEASED')`),
      scheduled: cents(sql`sum(${pendingReleases.amount}) filter (where ${pendingReleases.state} = 'SCHEDULED')`),
      count: sql<number>`count(distinct ${pendingReleases.transactionId})::int`.mapWith(Number),
    })
    .from(pendingReleases)
    .where(
      and(
        releasesScope(db, scope, country),
        between(pendingReleases.availableDate, from, to),
        inArray(pendingReleases.state, ['RELEASED', 'SCHEDULED']),
      ),
    )
    .groupBy(pendingReleases.availableDate);
}

/** Transactions on hold now (served by the partial index of held transactions). */
export function heldCountQuery(db: Db, scope: Scope, country: Country) {
  return db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, scope.merchantId),
        scope.subMerchantId === null ? undefined : eq(transactions.subMerchantId, scope.subMerchantId),
        eq(transactions.country, country),
        eq(transactions.holdStatus, 1),
      ),
    );
}

export async function countHeld(db: Db, scope: Scope, country: Country): Promise<number> {
  const rows = await heldCountQuery(db, scope, country);
  return rows[0]?.n ?? 0;
}

// ---- messages ---------------------------------------------------------------------------------

/** Messages published to the caller (to every merchant, or to theirs) up to `now` that they have not read. */
export async function countUnread(db: Db, scope: Scope, userId: number, now: Date): Promise<number> {
  // The message center's own visibility rule (docs/decisions/0030): the count equals its unread rows.
  const rows = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visibleTo(scope.merchantId, userId, now), not(readBy(db, userId))));
  return rows[0]?.n ?? 0;
}
