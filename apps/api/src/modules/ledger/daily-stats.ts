import type { TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyTransactionStats } from '../../db/schema/transactions.ts';

/**
 * Daily figures (daily_transaction_stats), kept in the same database transaction as the event
 * that changes a transaction: a new transaction counts once in the row of its status; a status
 * change (or a settlement that sets fee and VAT) moves it from one row to another. The row is the
 * transaction's creation date in its country's time zone, so a transaction stays on its day.
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
  };
}

const keyOf = (f: StatsFact) =>
  [f.merchantId, f.country, f.statDate, f.holderId, f.transactionType, f.productType, f.status].join('\u0000');

/** What a row gains (or, negative, loses). */
interface Delta {
  count: number;
  amount: number;
  fee: number;
  vat: number;
}

async function add(tx: Db, f: StatsFact, sign: 1 | -1): Promise<void> {
  await addDelta(tx, f, { count: sign, amount: sign * f.amount, fee: sign * f.fee, vat: sign * f.vat });
}

async function addDelta(tx: Db, f: StatsFact, d: Delta): Promise<void> {
  const t = dailyTransactionStats;
  const [row] = await tx
    .insert(t)
    .values({
      merchantId: f.merchantId,
      holderId: f.holderId,
      country: f.country,
      statDate: f.statDate,
      transactionType: f.transactionType,
      productType: f.productType,
      status: f.status,
      count: d.count,
      amount: d.amount,
      fee: d.fee,
      vat: d.vat,
    })
    .onConflictDoUpdate({
      target: [t.merchantId, t.country, t.statDate, t.holderId, t.transactionType, t.productType, t.status],
      set: {
        count: sql`${t.count} + excluded.count`,
        amount: sql`${t.amount} + excluded.amount`,
        fee: sql`${t.fee} + excluded.fee`,
        vat: sql`${t.vat} + excluded.vat`,
      },
    })
    .returning({ count: t.count });
  if (row?.count === 0) {
    // The last transaction left the row: remove it rather than keep a row of zeros.
    await tx
      .delete(t)
      .where(
        and(
          eq(t.merchantId, f.merchantId),
          eq(t.country, f.country),
          eq(t.statDate, f.statDate),
          eq(t.holderId, f.holderId),
          eq(t.transactionType, f.transactionType),
          eq(t.productType, f.productType),
          eq(t.status, f.status),
          eq(t.count, 0),
        ),
      );
  }
}

/** A new transaction counts in its row. */
export async function countNewTransaction(tx: Db, fact: StatsFact): Promise<void> {
  await add(tx, fact, 1);
}

/**
 * The transaction changed (status, fee, VAT): it leaves the row of `before` and joins the row of
 * `after`. Rows are touched in key order, so two transactions moving between the same rows lock
 * them in the same order.
 */
export async function moveTransaction(tx: Db, before: StatsFact, after: StatsFact): Promise<void> {
  const same = keyOf(before) === keyOf(after);
  if (same && before.amount === after.amount && before.fee === after.fee && before.vat === after.vat) return;
  const steps: [StatsFact, 1 | -1][] = [
    [before, -1],
    [after, 1],
  ];
  steps.sort((a, b) => (keyOf(a[0]) < keyOf(b[0]) ? -1 : keyOf(a[0]) > keyOf(b[0]) ? 1 : b[1] - a[1]));
  for (const [fact, sign] of steps) await add(tx, fact, sign);
}

/**
 * Many transactions at once (a batch of payouts created or decided together): new ones count in
 * their rows, changed ones move, each row touched once with the sum of what it gains and loses,
 * rows in key order (as moveTransaction, so writers lock them in the same order).
 */
export async function countTransactions(
  tx: Db,
  changes: { created?: readonly StatsFact[]; moved?: readonly (readonly [StatsFact, StatsFact])[] },
): Promise<void> {
  const rows = new Map<string, { fact: StatsFact; delta: Delta }>();
  const apply = (fact: StatsFact, sign: 1 | -1) => {
    const key = keyOf(fact);
    const row = rows.get(key) ?? { fact, delta: { count: 0, amount: 0, fee: 0, vat: 0 } };
    row.delta.count += sign;
    row.delta.amount += sign * fact.amount;
    row.delta.fee += sign * fact.fee;
    row.delta.vat += sign * fact.vat;
    rows.set(key, row);
  };
  for (const fact of changes.created ?? []) apply(fact, 1);
  for (const [before, after] of changes.moved ?? []) {
    apply(before, -1);
    apply(after, 1);
  }
  const keys = [...rows.keys()].sort();
  for (const key of keys) {
    const row = rows.get(key);
    if (!row) continue;
    const d = row.delta;
    if (d.count === 0 && d.amount === 0 && d.fee === 0 && d.vat === 0) continue;
    await addDelta(tx, row.fact, d);
  }
}
