import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CARD_TOKEN_SQL, FAIL_REASON_SQL } from './funnel.ts';

/**
 * Proves the transaction figures the screens read consistent with the transactions themselves:
 *
 * - DAILY_FIGURES_MISMATCH: a `daily_transaction_stats` row (merchant, holder, country, local
 *   date, type, product type, status) whose count, amount, fee or VAT differs from the same group
 *   of `transactions` — Home's charts and the lists' totals would be wrong for it;
 * - MONTHLY_COUNTS_MISMATCH: a `monthly_transaction_counts` row whose count differs from the sum
 *   of its month's daily rows (the lists' totals read whole months there);
 * - REVENUE_FIGURES_MISMATCH: a `revenue_daily_stats` row (the daily key plus funnel stage, card
 *   token kind and normalised fail reason) whose count or amount differs from the same group of
 *   pay-ins, payouts and marketplace orders — revenue assurance's charts would be wrong for it.
 *
 * One pass over the tables (a GROUP BY of every transaction): for an operator
 * (`npm run ledger:check`) and the tests, not for a request.
 */
export const FIGURES_VIOLATION_KINDS = ['DAILY_FIGURES_MISMATCH', 'MONTHLY_COUNTS_MISMATCH', 'REVENUE_FIGURES_MISMATCH'] as const;
export type FiguresViolationKind = (typeof FIGURES_VIOLATION_KINDS)[number];

export interface FiguresViolation {
  kind: FiguresViolationKind;
  merchantId: number;
  holderId: number;
  country: string;
  /** The local date (daily) or month (monthly). */
  period: string;
  transactionType: string;
  productType: string;
  status: string;
  /** Revenue rows: the rest of their key. */
  funnelStage?: number;
  cardToken?: string;
  failReason?: string;
  /** What the transactions (or the daily rows) say: count, and for daily rows amount, fee and VAT in cents. */
  expected: { count: number; amount?: number; fee?: number; vat?: number };
  /** What the figures table holds. */
  actual: { count: number; amount?: number; fee?: number; vat?: number };
  message: string;
}

/** At most this many violations of each kind are listed (a broken table would otherwise list them all). */
const LIST_AT_MOST = 1_000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (v: unknown): number => Number(v ?? 0);

interface Row {
  merchant_id: number;
  holder_id: number;
  country: string;
  period: string;
  transaction_type: string;
  product_type: string;
  status: string;
}

export async function checkTransactionFigures(db: Db): Promise<FiguresViolation[]> {
  const daily = await rows<Row & Record<'ec' | 'ea' | 'ef' | 'ev' | 'ac' | 'aa' | 'af' | 'av', unknown>>(
    db,
    sql`with recount as (
          select merchant_id, coalesce(sub_merchant_id, merchant_id) as holder_id, country, created_date as stat_date,
                 transaction_type, product_type, status,
                 count(*) as count, sum(amount) as amount, sum(fee) as fee, sum(vat) as vat
            from transactions
           group by 1, 2, 3, 4, 5, 6, 7)
        select merchant_id, holder_id, country, stat_date as period, transaction_type, product_type, status,
               r.count as ec, r.amount as ea, r.fee as ef, r.vat as ev,
               s.count as ac, s.amount as aa, s.fee as af, s.vat as av
          from daily_transaction_stats s
          full join recount r using (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status)
         where coalesce(s.count, 0) <> coalesce(r.count, 0) or coalesce(s.amount, 0) <> coalesce(r.amount, 0)
            or coalesce(s.fee, 0) <> coalesce(r.fee, 0) or coalesce(s.vat, 0) <> coalesce(r.vat, 0)
         order by merchant_id, country, stat_date, holder_id, transaction_type, product_type, status
         limit ${LIST_AT_MOST}`,
  );
  const monthly = await rows<Row & Record<'ec' | 'ac', unknown>>(
    db,
    sql`with summed as (
          select merchant_id, holder_id, country, left(stat_date, 7) as stat_month, transaction_type, product_type, status,
                 sum(count) as count
            from daily_transaction_stats
           group by 1, 2, 3, 4, 5, 6, 7)
        select merchant_id, holder_id, country, stat_month as period, transaction_type, product_type, status,
               d.count as ec, m.count as ac
          from monthly_transaction_counts m
          full join summed d using (merchant_id, holder_id, country, stat_month, transaction_type, product_type, status)
         where coalesce(m.count, 0) <> coalesce(d.count, 0)
         order by merchant_id, country, stat_month, holder_id, transaction_type, product_type, status
         limit ${LIST_AT_MOST}`,
  );
  const revenue = await rows<
    Row & { funnel_stage: unknown; card_token: string; fail_reason: string } & Record<'ec' | 'ea' | 'ac' | 'aa', unknown>
  >(
    db,
    sql`with recount as (
          select merchant_id, coalesce(sub_merchant_id, merchant_id) as holder_id, country, created_date as stat_date,
                 transaction_type, product_type, status, funnel_stage, ${CARD_TOKEN_SQL} as card_token, ${FAIL_REASON_SQL} as fail_reason,
                 count(*) as count, sum(amount) as amount
            from transactions
           where transaction_type in ('PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS')
           group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        select merchant_id, holder_id, country, stat_date as period, transaction_type, product_type, status,
               funnel_stage, card_token, fail_reason,
               r.count as ec, r.amount as ea, s.count as ac, s.amount as aa
          from revenue_daily_stats s
          full join recount r using (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, funnel_stage, card_token, fail_reason)
         where coalesce(s.count, 0) <> coalesce(r.count, 0) or coalesce(s.amount, 0) <> coalesce(r.amount, 0)
         order by merchant_id, country, stat_date, holder_id, transaction_type, product_type, status, funnel_stage, card_token, fail_reason
         limit ${LIST_AT_MOST}`,
  );
  const where = (r: Row) =>
    `merchant ${r.merchant_id} holder ${r.holder_id} ${r.country} ${r.period} ${r.transaction_type} ${r.product_type} ${r.status}`;
  const base = (r: Row) => ({
    merchantId: num(r.merchant_id),
    holderId: num(r.holder_id),
    country: r.country,
    period: r.period,
    transactionType: r.transaction_type,
    productType: r.product_type,
    status: r.status,
  });
  return [
    ...daily.map((r): FiguresViolation => {
      const expected = { count: num(r.ec), amount: num(r.ea), fee: num(r.ef), vat: num(r.ev) };
      const actual = { count: num(r.ac), amount: num(r.aa), fee: num(r.af), vat: num(r.av) };
      return {
        kind: 'DAILY_FIGURES_MISMATCH',
        ...base(r),
        expected,
        actual,
        message: `${where(r)}: the transactions make ${expected.count} for ${expected.amount} cents (fee ${expected.fee}, VAT ${expected.vat}); the daily figures hold ${actual.count} for ${actual.amount} (fee ${actual.fee}, VAT ${actual.vat})`,
      };
    }),
    ...monthly.map((r): FiguresViolation => {
      const expected = { count: num(r.ec) };
      const actual = { count: num(r.ac) };
      return {
        kind: 'MONTHLY_COUNTS_MISMATCH',
        ...base(r),
        expected,
        actual,
        message: `${where(r)}: the daily figures add up to ${expected.count}; the monthly count holds ${actual.count}`,
      };
    }),
    ...revenue.map((r): FiguresViolation => {
      const expected = { count: num(r.ec), amount: num(r.ea) };
      const actual = { count: num(r.ac), amount: num(r.aa) };
      return {
        kind: 'REVENUE_FIGURES_MISMATCH',
        ...base(r),
        funnelStage: num(r.funnel_stage),
        cardToken: r.card_token,
        failReason: r.fail_reason,
        expected,
        actual,
        message: `${where(r)} stage ${num(r.funnel_stage)} ${r.card_token} "${r.fail_reason}": the transactions make ${expected.count} for ${expected.amount} cents; the revenue figures hold ${actual.count} for ${actual.amount}`,
      };
    }),
  ];
}
