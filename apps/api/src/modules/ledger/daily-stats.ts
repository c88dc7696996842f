import type { TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import type { CardTokenKind } from '@andes/contract/revenue-assurance/enums';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertOnConflictDoUpdateConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { dailyTransactionStats, revenueDailyStats } from '../../db/schema/transactions.ts';
import { cardTokenOf, failReasonOf, isRevenueType } from './funnel.ts';

/**
 * Daily figures (daily_transaction_stats), kept in the same database transaction as the event
 * that changes a transaction: a new transaction counts once in the row of its status; a status
 * change (or a settlement that sets fee and VAT) moves it from one row to another. The row is the
 * transaction's creation date in its country's time zone, so a transaction stays on its day.
 *
 * Revenue assurance's figures (revenue_daily_stats, docs/decisions/0031) are kept by the same
 * calls: a pay-in, payout or marketplace order also counts in the row of its funnel stage, card
 * token kind and fail reason. Every writer locks the daily rows first, then the revenue rows, each
 * in key order, so two writers never wait on each other in a circle.
 */

/** A transaction as the daily figures see it. */
export interface StatsFact {
  merchantId: number;
  /** The merchant itself, or the sub-merchant. */
  holderId: number;
  country: string;
  /** `created_date` of the transaction. */
  statDate: string;
  transactionType: TransactionType;
  productType: string;
  status: TransactionStatus;
  amount: number;
  fee: number;
  vat: number;
  /** Revenue assurance: how far it got (0..3), its card kind, its normalised fail reason ('' unless failed, rejected or expired). */
  funnelStage: number;
  cardToken: CardTokenKind;
  failReason: string;
}

/** The columns of a transaction row the daily figures read. */
export interface StatsSource {
  merchantId: number;
  subMerchantId: number | null;
  country: string;
  createdDate: string;
  transactionType: TransactionType;
  productType: string;
  status: TransactionStatus;
  amount: number;
  fee: number;
  vat: number;
  funnelStage: number;
  card: unknown;
  statusReason: string | null;
}

/** A transaction row as the daily figures see it (its holder: the sub-merchant, else the merchant). */
export function statsFactOf(t: StatsSource): StatsFact {
  return {
    merchantId: t.merchantId,
    holderId: t.subMerchantId ?? t.merchantId,
    country: t.country,
    statDate: t.createdDate,
    transactionType: t.transactionType,
    productType: t.productType,
    status: t.status,
    amount: t.amount,
    fee: t.fee,
    vat: t.vat,
    funnelStage: t.funnelStage,
    cardToken: cardTokenOf(t.card),
    failReason: failReasonOf(t.status, t.statusReason),
  };
}

/** The key of a daily row, and of a revenue row (the fields of a StatsFact and of its table). */
const DAILY_KEYS = ['merchantId', 'country', 'statDate', 'holderId', 'transactionType', 'productType', 'status'] as const;
const REVENUE_KEYS = [...DAILY_KEYS, 'funnelStage', 'cardToken', 'failReason'] as const;

function pick<K extends keyof StatsFact>(fact: StatsFact, keys: readonly K[]): Pick<StatsFact, K> {
  return Object.fromEntries(keys.map((k) => [k, fact[k]])) as Pick<StatsFact, K>;
}

const keyOf = (f: StatsFact) => DAILY_KEYS.map((k) => f[k]).join('\u0000');
const revenueKeyOf = (f: StatsFact) => REVENUE_KEYS.map((k) => f[k]).join('\u0000');

/** What a row gains (or, negative, loses). */
interface Delta {
  count: number;
  amount: number;
  fee: number;
  vat: number;
}

/** A new transaction counts in its rows. */
export async function countNewTransaction(tx: Db, fact: StatsFact): Promise<void> {
  await countTransactions(tx, { created: [fact] });
}

/**
 * The transaction changed (status, fee, VAT, funnel stage): it leaves the rows of `before` and
 * joins the rows of `after` (nothing happens when they are the same rows and figures).
 */
export async function moveTransaction(tx: Db, before: StatsFact, after: StatsFact): Promise<void> {
  await countTransactions(tx, { moved: [[before, after]] });
}

/**
 * Transactions at once (one, or a batch of payouts created or decided together): new ones count in
 * their rows, changed ones move, each row touched once with the sum of what it gains and loses —
 * the daily rows in key order, then the revenue rows in key order.
 */
export async function countTransactions(
  tx: Db,
  changes: { created?: readonly StatsFact[]; moved?: readonly (readonly [StatsFact, StatsFact])[] },
): Promise<void> {
  const rows = new Map<string, { fact: StatsFact; delta: Delta }>();
  const revenue = new Map<string, { fact: StatsFact; count: number; amount: number }>();
  const apply = (fact: StatsFact, sign: 1 | -1) => {
    const key = keyOf(fact);
    const row = rows.get(key) ?? { fact, delta: { count: 0, amount: 0, fee: 0, vat: 0 } };
    row.delta.count += sign;
    row.delta.amount += sign * fact.amount;
    row.delta.fee += sign * fact.fee;
    row.delta.vat += sign * fact.vat;
    rows.set(key, row);
    if (isRevenueType(fact.transactionType)) {
      const rkey = revenueKeyOf(fact);
      const r = revenue.get(rkey) ?? { fact, count: 0, amount: 0 };
      r.count += sign;
      r.amount += sign * fact.amount;
      revenue.set(rkey, r);
    }
  };
  for (const fact of changes.created ?? []) apply(fact, 1);
  for (const [before, after] of changes.moved ?? []) {
    apply(before, -1);
    apply(after, 1);
  }
  const dailyRows = [...rows.keys()]
    .sort()
    .map((key) => rows.get(key))
    .filter((r): r is { fact: StatsFact; delta: Delta } => r !== undefined)
    .filter(({ delta: d }) => d.count !== 0 || d.amount !== 0 || d.fee !== 0 || d.vat !== 0);
  if (dailyRows.length > 0) {
    const values = dailyRows.map(({ fact, delta }) => ({ ...pick(fact, DAILY_KEYS), ...delta }));
    await addToCounters(tx, dailyTransactionStats, DAILY_KEYS, ['count', 'amount', 'fee', 'vat'], values);
  }
  const revenueRows = [...revenue.keys()]
    .sort()
    .map((key) => revenue.get(key))
    .filter((r): r is { fact: StatsFact; count: number; amount: number } => r !== undefined && (r.count !== 0 || r.amount !== 0));
  if (revenueRows.length > 0) {
    const values = revenueRows.map(({ fact, count, amount }) => ({ ...pick(fact, REVENUE_KEYS), count, amount }));
    await addToCounters(tx, revenueDailyStats, REVENUE_KEYS, ['count', 'amount'], values);
  }
}

/**
 * Adds to keyed counter rows in one statement (the rows' keys distinct and in key order, so writers
 * lock them in the same order): a new key is inserted, an existing one gains each summed field;
 * a row whose count falls to 0 is removed rather than kept as a row of zeros.
 */
async function addToCounters<T extends PgTable>(
  tx: Db,
  table: T,
  keys: readonly string[],
  sums: readonly string[],
  values: readonly Record<string, unknown>[],
): Promise<void> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const column = (field: string) => {
    const c = columns[field];
    if (!c) throw new Error(`${field} is not a field of the counter table`);
    return c;
  };
  const count = column('count');
  const set = Object.fromEntries(sums.map((f) => [f, sql`${column(f)} + excluded.${sql.identifier(column(f).name)}`]));
  const after = (await tx
    .insert(table)
    .values(values as T['$inferInsert'][])
    .onConflictDoUpdate({ target: keys.map(column), set: set as PgInsertOnConflictDoUpdateConfig<never>['set'] })
    .returning(Object.fromEntries(['count', ...keys].map((f) => [f, column(f)])))) as Record<string, unknown>[];
  for (const row of after) {
    if (row.count !== 0) continue;
    await tx.delete(table).where(and(...keys.map((f) => eq(column(f), row[f])), eq(count, 0)));
  }
}
