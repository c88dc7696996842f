import { describe, expect, it } from 'vitest';
import { accountDays, datesOf, moneyTotals, type StoredDay, sumDays, summaryDays } from './daily-figures.ts';

const stored = (localDate: string, opening: number, payin: number, fee: number): StoredDay => ({
  localDate,
  opening,
  closing: opening + payin + fee,
  payin,
  payout: 0,
  refund: 0,
  chargeback: 0,
  fee,
  tax: 0,
  fx: 0,
  topup: 0,
  withdrawal: 0,
  transfer: 0,
  adjustment: 0,
  payinCount: payin > 0 ? 1 : 0,
  payoutCount: 0,
  refundCount: 0,
  chargebackCount: 0,
});

describe('daily figures', () => {
  it('lists every date of a period, across month and leap-year ends', () => {
    expect(datesOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesOf('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
  });

  it('carries the balance forward over days without a row, from the closing before the period', () => {
    const days = accountDays('2026-03-01', '2026-03-04', [stored('2026-03-02', 500, 1_000, -30)], 500);
    expect(days.map((d) => [d.date, d.openingBalance, d.net, d.closingBalance])).toEqual([
      ['2026-03-01', 500, 0, 500],
      ['2026-03-02', 500, 970, 1_470],
      ['2026-03-03', 1_470, 0, 1_470],
      ['2026-03-04', 1_470, 0, 1_470],
    ]);
  });

  it('sums several accounts day by day, each carried forward on its own', () => {
    const a = accountDays('2026-03-01', '2026-03-02', [stored('2026-03-01', 0, 100, 0)], 0);
    const b = accountDays('2026-03-01', '2026-03-02', [stored('2026-03-02', 40, 10, -1)], 40);
    const sum = sumDays([a, b], datesOf('2026-03-01', '2026-03-02'));
    expect(sum.map((d) => [d.openingBalance, d.payin, d.fee, d.closingBalance])).toEqual([
      [40, 100, 0, 140],
      [140, 10, -1, 149],
    ]);
    expect(moneyTotals(sum)).toMatchObject({ openingBalance: 40, closingBalance: 149, payin: 110, fee: -1, net: 109, payinCount: 2 });
    expect(sumDays([], ['2026-03-01'])).toEqual([expect.objectContaining({ openingBalance: 0, closingBalance: 0, net: 0 })]);
  });

  it('a sub-account summary: begin + the columns = end on every day', () => {
    for (const day of summaryDays('2026-03-01', '2026-03-03', [stored('2026-03-02', 7, 100, -5)], 7)) {
      expect(day.beginBalance + day.payin + day.fee).toBe(day.endBalance);
    }
  });
});
