import { addDays, type CalendarDate } from '@andes/contract/common/dates';
import type { DailyMoneyRow, DailyTransactionRow } from '@andes/contract/finance/schemas';
import type { SubAccountSummaryRow } from '@andes/contract/sub-merchant/schemas';

/**
 * Daily rows of the reports as pure functions of the stored daily rows: every local day of a period
 * gets a row — a day without lines has none stored, and its opening and closing are the previous
 * row's closing (fill-forward) — and several accounts (a merchant's bill with its sub-merchants')
 * are each filled forward, then summed day by day.
 */

/** The columns of a stored daily row the reports read (account_daily_balances). */
export interface StoredDay {
  localDate: string;
  opening: number;
  closing: number;
  payin: number;
  payout: number;
  refund: number;
  chargeback: number;
  fee: number;
  tax: number;
  fx: number;
  topup: number;
  withdrawal: number;
  transfer: number;
  adjustment: number;
  payinCount: number;
  payoutCount: number;
  refundCount: number;
  chargebackCount: number;
}

/** Every date from `from` to `to`, both included, oldest first. */
export function datesOf(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) out.push(date);
  return out;
}

/** A day of nothing: zeros, with the balance it carries (null when the row has no balance). */
export function emptyMoneyDay(date: CalendarDate, balance: number | null): DailyMoneyRow {
  return {
    date,
    openingBalance: balance,
    closingBalance: balance,
    payin: 0,
    payout: 0,
    refund: 0,
    chargeback: 0,
    fee: 0,
    tax: 0,
    fx: 0,
    other: 0,
    net: 0,
    payinCount: 0,
    payoutCount: 0,
    refundCount: 0,
    chargebackCount: 0,
  };
}

function moneyDayOf(row: StoredDay): DailyMoneyRow {
  const other = row.topup + row.withdrawal + row.transfer + row.adjustment;
  return {
    date: row.localDate,
    openingBalance: row.opening,
    closingBalance: row.closing,
    payin: row.payin,
    payout: row.payout,
    refund: row.refund,
    chargeback: row.chargeback,
    fee: row.fee,
    tax: row.tax,
    fx: row.fx,
    other,
    net: row.payin + row.payout + row.refund + row.chargeback + row.fee + row.tax + row.fx + other,
    payinCount: row.payinCount,
    payoutCount: row.payoutCount,
    refundCount: row.refundCount,
    chargebackCount: row.chargebackCount,
  };
}

/** `a + b` column by column, on `a`'s date; a null balance stays null. */
function addMoney(a: DailyMoneyRow, b: DailyMoneyRow): DailyMoneyRow {
  const sum = (x: number | null, y: number | null) => (x === null || y === null ? null : x + y);
  return {
    date: a.date,
    openingBalance: sum(a.openingBalance, b.openingBalance),
    closingBalance: sum(a.closingBalance, b.closingBalance),
    payin: a.payin + b.payin,
    payout: a.payout + b.payout,
    refund: a.refund + b.refund,
    chargeback: a.chargeback + b.chargeback,
    fee: a.fee + b.fee,
    tax: a.tax + b.tax,
    fx: a.fx + b.fx,
    other: a.other + b.other,
    net: a.net + b.net,
    payinCount: a.payinCount + b.payinCount,
    payoutCount: a.payoutCount + b.payoutCount,
    refundCount: a.refundCount + b.refundCount,
    chargebackCount: a.chargebackCount + b.chargebackCount,
  };
}

/**
 * One account's days of `[from, to]`, oldest first: its stored rows (oldest first, within the
 * period) and, for the days between them, the previous closing carried forward from `opening`
 * (the closing of its last row before the period, 0 without one).
 */
export function accountDays(from: CalendarDate, to: CalendarDate, rows: readonly StoredDay[], opening: number): DailyMoneyRow[] {
  const byDate = new Map(rows.map((r) => [r.localDate, r]));
  let balance = opening;
  return datesOf(from, to).map((date) => {
    const row = byDate.get(date);
    if (row === undefined) return emptyMoneyDay(date, balance);
    balance = row.closing;
    return moneyDayOf(row);
  });
}

/** Several accounts' days summed day by day (each already filled forward); `dates` when there is no account. */
export function sumDays(perAccount: readonly DailyMoneyRow[][], dates: readonly CalendarDate[]): DailyMoneyRow[] {
  const [first, ...rest] = perAccount;
  if (first === undefined) return dates.map((date) => emptyMoneyDay(date, 0));
  return first.map((day, i) => rest.reduce((acc, days) => addMoney(acc, days[i] ?? emptyMoneyDay(day.date, 0)), day));
}

/** The whole period's totals of money rows (oldest first): first opening, column sums, last closing. */
export function moneyTotals(days: readonly DailyMoneyRow[]): Omit<DailyMoneyRow, 'date'> {
  const { date: _date, ...total } = emptyMoneyDay('', null);
  for (const day of days) {
    total.payin += day.payin;
    total.payout += day.payout;
    total.refund += day.refund;
    total.chargeback += day.chargeback;
    total.fee += day.fee;
    total.tax += day.tax;
    total.fx += day.fx;
    total.other += day.other;
    total.net += day.net;
    total.payinCount += day.payinCount;
    total.payoutCount += day.payoutCount;
    total.refundCount += day.refundCount;
    total.chargebackCount += day.chargebackCount;
  }
  return { ...total, openingBalance: days[0]?.openingBalance ?? null, closingBalance: days.at(-1)?.closingBalance ?? null };
}

/** Transaction rows of every day of the period (a day without any gets zeros), oldest first. */
export function transactionDays(dates: readonly CalendarDate[], rows: readonly DailyTransactionRow[]): DailyTransactionRow[] {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return dates.map(
    (date) => byDate.get(date) ?? { date, count: 0, amount: 0, successCount: 0, successAmount: 0, failedCount: 0, fee: 0, vat: 0 },
  );
}

export function transactionTotals(days: readonly DailyTransactionRow[]): Omit<DailyTransactionRow, 'date'> {
  return days.reduce(
    (acc, d) => ({
      count: acc.count + d.count,
      amount: acc.amount + d.amount,
      successCount: acc.successCount + d.successCount,
      successAmount: acc.successAmount + d.successAmount,
      failedCount: acc.failedCount + d.failedCount,
      fee: acc.fee + d.fee,
      vat: acc.vat + d.vat,
    }),
    { count: 0, amount: 0, successCount: 0, successAmount: 0, failedCount: 0, fee: 0, vat: 0 },
  );
}

/**
 * A sub-account's days of `[from, to]`, oldest first (spec §3's daily summary): begin and end
 * balance filled forward as accountDays does, pay-ins, refunds, chargebacks, payouts, withdrawals,
 * fees and taxes as stored, the rest (FX, top-ups, transfers, adjustments) as `other`.
 */
export function summaryDays(from: CalendarDate, to: CalendarDate, rows: readonly StoredDay[], opening: number): SubAccountSummaryRow[] {
  const byDate = new Map(rows.map((r) => [r.localDate, r]));
  let balance = opening;
  return datesOf(from, to).map((date) => {
    const row = byDate.get(date);
    if (row === undefined) {
      return {
        date,
        beginBalance: balance,
        payin: 0,
        refund: 0,
        chargeback: 0,
        payout: 0,
        withdrawal: 0,
        fee: 0,
        tax: 0,
        other: 0,
        endBalance: balance,
      };
    }
    balance = row.closing;
    return {
      date,
      beginBalance: row.opening,
      payin: row.payin,
      refund: row.refund,
      chargeback: row.chargeback,
      payout: row.payout,
      withdrawal: row.withdrawal,
      fee: row.fee,
      tax: row.tax,
      other: row.fx + row.topup + row.transfer + row.adjustment,
      endBalance: row.closing,
    };
  });
}

/** A summary's totals: the first begin balance, the column sums, the last end balance. */
export function summaryTotals(days: readonly SubAccountSummaryRow[], opening: number): Omit<SubAccountSummaryRow, 'date'> {
  const sum = (key: 'payin' | 'refund' | 'chargeback' | 'payout' | 'withdrawal' | 'fee' | 'tax' | 'other') =>
    days.reduce((s, d) => s + d[key], 0);
  return {
    beginBalance: days[0]?.beginBalance ?? opening,
    payin: sum('payin'),
    refund: sum('refund'),
    chargeback: sum('chargeback'),
    payout: sum('payout'),
    withdrawal: sum('withdrawal'),
    fee: sum('fee'),
    tax: sum('tax'),
    other: sum('other'),
    endBalance: days.at(-1)?.endBalance ?? opening,
  };
}
