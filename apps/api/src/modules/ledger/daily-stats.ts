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

const keyOf = (f: StatsFact) =>
  [f.merchantId, f.country, f.statDate, f.holderId, f.transactionType, f.productType, f.status].join('\u0000');

async function add(tx: Db, f: StatsFact, sign: 1 | -1): Promise<void> {
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
      count: sign,
      amount: sign * f.amount,
      fee: sign * f.fee,
      vat: sign * f.vat,
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
