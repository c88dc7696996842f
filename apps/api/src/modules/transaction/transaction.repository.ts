import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import type { HoldFlag, ProductType, TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import type { RefundStatus, StorePlatform } from '@andes/contract/transaction/parts';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { platformEvents } from '../../db/schema/platform.ts';
import { dailyTransactionStats, monthlyTransactionCounts, transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';
import { CARD_TOKEN_SQL, FAIL_REASON_SQL } from '../ledger/funnel.ts';
import { countPlanOf, type StatsRange } from './transaction-count.ts';

/**
 * SQL of every transaction list (the six lists, the holding page, the deep query) and of the
 * detail. One filter, one WHERE builder: the lists, and the export that iterates
 * `transactionListQuery` page by page, show exactly the same rows. Every function takes the
 * caller's scope: the merchant's transactions, and for a sub-merchant user only their own.
 */

/** A list's filter, already checked against the caller (country, sub-merchants, window). */
export interface TransactionFilter {
  country: Country;
  /** One or more types; one type lets the (merchant, country, type, created_at, id) index serve the order. */
  transactionTypes: readonly TransactionType[];
  /** Half-open `[createdFrom, createdTo)`; null for no bound (the deep query). */
  createdFrom: Date | null;
  createdTo: Date | null;
  statuses: readonly TransactionStatus[];
  productTypes: readonly ProductType[];
  refundStatus?: RefundStatus | undefined;
  holdStatus?: HoldFlag | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  /** Sub-merchants of the caller's merchant (checked by the service); empty for all in scope. */
  subMerchantIds: readonly number[];
  uniqueId?: string | undefined;
  merchantReference?: string | undefined;
  e2eId?: string | undefined;
  document?: string | undefined;
  cardBin?: string | undefined;
  cardLast4?: string | undefined;
  /** Revenue assurance's drill-down (docs/decisions/0031): reached at least this funnel stage. */
  funnelStageMin?: number | undefined;
  /** Card payments with a network token (TOKEN) or the card number (PAN). */
  cardToken?: 'TOKEN' | 'PAN' | undefined;
  /** Failed, rejected or expired with exactly this normalised reason. */
  failReason?: string | undefined;
  /** Payment-link payments only (and, when given, of this link). */
  paymentLink?: boolean | undefined;
  paymentLinkId?: string | undefined;
  /** Store-order payments of this platform only (and, when given, of this order and shop). */
  storePlatform?: StorePlatform | undefined;
  storeOrderId?: string | undefined;
  shopDomain?: string | undefined;
}

/** Position after which the next page starts: the (created_at, id) of the last row shown. */
export interface TransactionKey {
  /** ISO 8601 in UTC with microseconds, as the database has it. */
  at: string;
  id: number;
}

const t = transactions;

/** The payer's (pay-in) or beneficiary's (payout) document: the expression `transactions_document_idx` indexes. */
const documentOf = sql<string | null>`coalesce((${t.payer} ->> 'document'), (${t.beneficiary} ->> 'document'))`;

/** Rows the caller may see at all. */
export function scopeWhere(scope: Scope): SQL | undefined {
  return and(eq(t.merchantId, scope.merchantId), scope.subMerchantId === null ? undefined : eq(t.subMerchantId, scope.subMerchantId));
}

export function filterWhere(scope: Scope, f: TransactionFilter): SQL | undefined {
  const [onlyType] = f.transactionTypes;
  return and(
    scopeWhere(scope),
    eq(t.country, f.country),
    f.transactionTypes.length === 1 && onlyType !== undefined
      ? eq(t.transactionType, onlyType)
      : inArray(t.transactionType, [...f.transactionTypes]),
    f.createdFrom === null ? undefined : gte(t.createdAt, f.createdFrom),
    f.createdTo === null ? undefined : lt(t.createdAt, f.createdTo),
    f.statuses.length === 0
      ? undefined
      : f.statuses.length === 1
        ? eq(t.status, f.statuses[0] as TransactionStatus)
        : inArray(t.status, [...f.statuses]),
    f.productTypes.length === 0 ? undefined : inArray(t.productType, [...f.productTypes]),
    f.refundStatus === undefined ? undefined : eq(t.refundStatus, f.refundStatus),
    f.holdStatus === undefined ? undefined : eq(t.holdStatus, f.holdStatus),
    f.amountMin === undefined ? undefined : gte(t.amount, f.amountMin),
    f.amountMax === undefined ? undefined : lte(t.amount, f.amountMax),
    f.subMerchantIds.length === 0 ? undefined : inArray(t.subMerchantId, [...f.subMerchantIds]),
    f.uniqueId === undefined ? undefined : eq(t.uniqueId, f.uniqueId),
    f.merchantReference === undefined ? undefined : eq(t.merchantReference, f.merchantReference),
    f.e2eId === undefined ? undefined : eq(t.e2eId, f.e2eId),
    f.document === undefined ? undefined : sql`${documentOf} = ${f.document}`,
    f.cardBin === undefined ? undefined : eq(t.cardBin, f.cardBin),
    f.cardLast4 === undefined ? undefined : eq(t.cardLast4, f.cardLast4),
    f.funnelStageMin === undefined ? undefined : gte(t.funnelStage, f.funnelStageMin),
    f.cardToken === undefined ? undefined : sql`${CARD_TOKEN_SQL} = ${f.cardToken}`,
    f.failReason === undefined ? undefined : sql`${FAIL_REASON_SQL} = ${f.failReason} and ${t.status} in ('FAILED', 'REJECTED', 'EXPIRED')`,
    f.paymentLink ? isNotNull(t.paymentLinkId) : undefined,
    f.paymentLinkId === undefined ? undefined : eq(t.paymentLinkId, f.paymentLinkId),
    f.storePlatform === undefined ? undefined : eq(t.storePlatform, f.storePlatform),
    f.storeOrderId === undefined ? undefined : eq(t.storeOrderId, f.storeOrderId),
    f.shopDomain === undefined ? undefined : eq(t.storeShopDomain, f.shopDomain),
  );
}

/** The exact `created_at` of a row as text, for the cursor (a JS Date would drop the microseconds). */
const createdAtText = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const listColumns = {
  id: t.id,
  createdAtKey: createdAtText,
  uniqueId: t.uniqueId,
  merchantReference: t.merchantReference,
  accountName: t.accountName,
  subMerchantId: t.subMerchantId,
  subMerchantName: sql<string | null>`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${t.subMerchantId})`,
  transactionType: t.transactionType,
  productType: t.productType,
  country: t.country,
  currency: t.currency,
  amount: t.amount,
  fee: t.fee,
  vat: t.vat,
  status: t.status,
  holdStatus: t.holdStatus,
  refundStatus: t.refundStatus,
  refundedAmount: t.refundedAmount,
  createdAt: t.createdAt,
  settledAt: t.settledAt,
  payer: t.payer,
  beneficiary: t.beneficiary,
  card: t.card,
  cardBin: t.cardBin,
  cardLast4: t.cardLast4,
  e2eId: t.e2eId,
  paymentLinkId: t.paymentLinkId,
  storePlatform: t.storePlatform,
  storeShopDomain: t.storeShopDomain,
  storeOrderId: t.storeOrderId,
  storeOrderName: t.storeOrderName,
};

/**
 * The rows after `after`, newest first, ties on created_at broken by id. The keyset is a row
 * comparison on (created_at, id) and the order is `created_at desc, id desc`: with the equality
 * conditions in front, each list index (ascending) is scanned backward from the cursor without a
 * sort. The export iterates this function with the key of each page's last row.
 */
export function transactionListQuery(db: Db, scope: Scope, f: TransactionFilter, after: TransactionKey | null, limit: number) {
  const keyset = after === null ? undefined : sql`(${t.createdAt}, ${t.id}) < (${after.at}::timestamptz, ${after.id})`;
  return db
    .select(listColumns)
    .from(t)
    .where(and(filterWhere(scope, f), keyset))
    .orderBy(sql`${t.createdAt} desc`, sql`${t.id} desc`)
    .limit(limit);
}
export type TransactionListRow = Awaited<ReturnType<typeof transactionListQuery>>[number];

/**
 * The rows of `[createdFrom, createdTo)` of the filter, taken in the list's own order up to
 * `cap + 1`: the planner then walks the list index backward and stops at `cap + 1`, instead of a
 * bitmap scan that reads every matching entry of the window first (bench/README.md,
 * transaction-list benchmark).
 */
function cappedRows(db: Db, scope: Scope, f: TransactionFilter, cap: number) {
  return db
    .select({ one: sql`1` })
    .from(t)
    .where(filterWhere(scope, f))
    .orderBy(sql`${t.createdAt} desc`, sql`${t.id} desc`)
    .limit(cap + 1);
}

/** Matching rows counted from the transactions, up to `cap + 1` (so "more than cap" is known without counting everything). */
export async function countTransactionsDirect(db: Db, scope: Scope, f: TransactionFilter, cap = MAX_EXACT_TOTAL): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(cappedRows(db, scope, f, cap).as('matching'));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Every matching row counted, with the sum of its amounts per currency (an export's pre-flight
 * figures). Not capped: it reads the whole filter, as the export will.
 */
export async function exportFigures(
  db: Db,
  scope: Scope,
  f: TransactionFilter,
): Promise<{ currency: string; rows: number; cents: number }[]> {
  const rows = await exportFiguresQuery(db, scope, f);
  return rows.map((r) => ({ currency: r.currency, rows: Number(r.rows), cents: Number(r.cents) }));
}

/** The query of exportFigures (its `toSQL()` runs on a COPY's own connection, in its snapshot). */
export function exportFiguresQuery(db: Db, scope: Scope, f: TransactionFilter) {
  return db
    .select({ currency: t.currency, rows: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${t.amount}), 0)::text` })
    .from(t)
    .where(filterWhere(scope, f))
    .groupBy(t.currency);
}

const daily = dailyTransactionStats;
const monthly = monthlyTransactionCounts;

/** The figures' rows of the filter (scope, country, types, statuses, product types, holders), without their dates. */
function figuresWhere(
  c: typeof daily | typeof monthly,
  scope: Scope,
  f: Pick<TransactionFilter, 'country' | 'transactionTypes' | 'statuses' | 'productTypes' | 'subMerchantIds'>,
): SQL | undefined {
  const [onlyType] = f.transactionTypes;
  return and(
    eq(c.merchantId, scope.merchantId),
    eq(c.country, f.country),
    f.transactionTypes.length === 1 && onlyType !== undefined
      ? eq(c.transactionType, onlyType)
      : inArray(c.transactionType, [...f.transactionTypes]),
    scope.subMerchantId === null ? undefined : eq(c.holderId, scope.subMerchantId),
    f.subMerchantIds.length === 0 ? undefined : inArray(c.holderId, [...f.subMerchantIds]),
    f.statuses.length === 0 ? undefined : inArray(c.status, [...f.statuses]),
    f.productTypes.length === 0 ? undefined : inArray(c.productType, [...f.productTypes]),
  );
}

/** One range of the figures as a signed scalar: the sum of `count` over its days or months. */
function figuresTerm(db: Db, scope: Scope, f: TransactionFilter, r: StatsRange): SQL {
  const where = figuresWhere(r.level === 'day' ? daily : monthly, scope, f);
  const query =
    r.level === 'day'
      ? db
          .select({ n: sql`coalesce(sum(${daily.count}), 0)` })
          .from(daily)
          .where(and(where, gte(daily.statDate, r.from), lt(daily.statDate, r.to)))
      : db
          .select({ n: sql`coalesce(sum(${monthly.count}), 0)` })
          .from(monthly)
          .where(and(where, gte(monthly.statMonth, r.from), lt(monthly.statMonth, r.to)));
  return r.sign === 1 ? sql`(${query})` : sql`-(${query})`;
}

/**
 * Matching rows, counted up to `cap + 1` — exactly, and without walking the matching rows when the
 * daily figures can answer the filter (transaction-count.ts): one statement sums the figures of the
 * window's whole local days and adds the capped counts of its partial edge days.
 *
 * Plan on PostgreSQL 15 (EXPLAIN ANALYZE, BUFFERS; andes_bench's 10.1M transactions and 643k daily
 * rows, BENCH-0001's BR pay-ins in the default window 2026-06-22 … 2026-11-22 in São Paulo, 796,620
 * rows): one Result over three InitPlans, each an Index Only Scan — `daily_transaction_stats_count_idx`
 * for 22–30 June (679 entries), `monthly_transaction_counts_key` (INCLUDE count) for July–November
 * (477), `daily_transaction_stats_count_idx` for 23–30 November, subtracted (none: the future) —
 * 27 buffers, 0.5 ms; status, product type and holder are index conditions of the same scans. The
 * key index `daily_transaction_stats_key` (stat_date before type, no count) needed a bitmap heap
 * scan of 6,425 blocks for the same days (32 ms): hence the covering indexes of migration 0010.
 * A datetime window adds, per partial edge day, the capped count's Index Only Scan Backward of
 * `transactions_merchant_list_idx` over that part of the day (docs/decisions/0012).
 */
export async function countTransactions(db: Db, scope: Scope, f: TransactionFilter, cap = MAX_EXACT_TOTAL): Promise<number> {
  const plan = countPlanOf(scope, f);
  if (plan === null) return countTransactionsDirect(db, scope, f, cap);
  const terms = [
    ...plan.stats.map((r) => figuresTerm(db, scope, f, r)),
    ...plan.edges.map(
      (e) => sql`(select count(*) from (${cappedRows(db, scope, { ...f, createdFrom: e.from, createdTo: e.to }, cap)}) as edge)`,
    ),
  ];
  if (terms.length === 0) return 0;
  const result = (await db.execute(sql`select (${sql.join(terms, sql` + `)})::int8 as n`)) as unknown as {
    rows: { n: string | number | bigint }[];
  };
  return Math.min(Number(result.rows[0]?.n ?? 0), cap + 1);
}

/** What the detail call may show: any transaction, or only payment-link payments, or one store's orders. */
export type DetailKind = { kind: 'any' } | { kind: 'payment-link' } | { kind: 'store'; platform: StorePlatform };

export async function findTransaction(db: Db, scope: Scope, id: number, kind: DetailKind) {
  const rows = await db
    .select({
      ...listColumns,
      statusReason: t.statusReason,
      exchangeRate: t.exchangeRate,
      heldAmount: t.heldAmount,
      refundTime: t.refundTime,
      chargedBackAmount: t.chargedBackAmount,
      availableAt: t.availableAt,
      statusAt: t.statusAt,
      description: t.description,
      attachments: t.attachments,
      relatedTransactionId: t.relatedTransactionId,
      provider: t.provider,
    })
    .from(t)
    .where(
      and(
        scopeWhere(scope),
        eq(t.id, id),
        kind.kind === 'payment-link' ? isNotNull(t.paymentLinkId) : undefined,
        kind.kind === 'store' ? eq(t.storePlatform, kind.platform) : undefined,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
export type TransactionDetailRow = NonNullable<Awaited<ReturnType<typeof findTransaction>>>;

/** The pay-in a refund or chargeback concerns (same merchant). */
export async function originalOf(db: Db, scope: Scope, id: number) {
  const rows = await db
    .select({ id: t.id, uniqueId: t.uniqueId, transactionType: t.transactionType })
    .from(t)
    .where(and(scopeWhere(scope), eq(t.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The refunds and chargebacks of a pay-in, oldest first. */
export function relatedOf(db: Db, scope: Scope, id: number) {
  return db
    .select({
      id: t.id,
      uniqueId: t.uniqueId,
      transactionType: t.transactionType,
      amount: t.amount,
      fee: t.fee,
      status: t.status,
      createdAt: t.createdAt,
      reason: t.statusReason,
    })
    .from(t)
    .where(and(scopeWhere(scope), eq(t.relatedTransactionId, id)))
    .orderBy(asc(t.createdAt), asc(t.id));
}

/** The applied platform events of a transaction (its `uniqueId` is their subject), oldest first. */
export function eventsOf(db: Db, scope: Scope, uniqueId: string) {
  return db
    .select({ type: platformEvents.type, payload: platformEvents.payload, occurredAt: platformEvents.occurredAt })
    .from(platformEvents)
    .where(
      and(eq(platformEvents.subject, uniqueId), eq(platformEvents.merchantId, scope.merchantId), eq(platformEvents.outcome, 'APPLIED')),
    )
    .orderBy(asc(platformEvents.occurredAt), asc(platformEvents.receivedAt));
}

/** Which of `ids` are sub-merchants of the merchant. */
export async function subMerchantsOf(db: Db, merchantId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.parentId, merchantId), inArray(merchants.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
