import type { ProductEntry, RealTimeLineChart } from '@andes/contract/home/schemas';
import { describe, expect, it } from 'vitest';
import { calendarDays, cumulativeByHour, percentChange, pieSlices, realTimeSeries, shiftMonth, shownProducts } from './figures.ts';

describe('home figures', () => {
  it('accumulates amounts hour by hour, hours without a point adding nothing', () => {
    expect(
      cumulativeByHour(
        [
          { hour: 0, count: 1, amount: 100 },
          { hour: 2, count: 2, amount: 250 },
          { hour: 5, count: 1, amount: 1 },
        ],
        3,
      ),
    ).toEqual([100, 100, 350, 350]);
    expect(cumulativeByHour([], 1)).toEqual([0, 0]);
  });

  it('runs today up to the current local hour and yesterday through the whole day', () => {
    const chart: RealTimeLineChart = {
      currency: 'BRL',
      timezoneName: 'America/Sao_Paulo',
      today: '2026-01-15',
      // 14:05 in São Paulo
      asOf: '2026-01-15T17:05:00.000Z',
      todayPoints: [
        { hour: 9, count: 3, amount: 30_000 },
        { hour: 13, count: 1, amount: 5_000 },
      ],
      yesterdayPoints: [{ hour: 23, count: 1, amount: 700 }],
    };
    const series = realTimeSeries(chart);
    expect(series.today).toHaveLength(15);
    expect(series.today[8]).toBe(0);
    expect(series.today[9]).toBe(30_000);
    expect(series.today[14]).toBe(35_000);
    expect(series.yesterday).toHaveLength(24);
    expect(series.yesterday[23]).toBe(700);
    // An answer whose asOf is already the next day shows today's whole day.
    expect(realTimeSeries({ ...chart, asOf: '2026-01-16T04:00:00.000Z' }).today).toHaveLength(24);
  });

  it('gives the change in percent with one decimal, cut toward zero, exact for huge amounts', () => {
    expect(percentChange(1125, 1000)).toBe('+12.5%');
    expect(percentChange(970, 1000)).toBe('-3.0%');
    expect(percentChange(1000, 1000)).toBe('0.0%');
    expect(percentChange(1, 3)).toBe('-66.6%');
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1)).toBe('0.0%');
    expect(percentChange(Number.MAX_SAFE_INTEGER, 1)).toBe('+900719925474099000.0%');
  });

  it('groups the shown product types by product and leaves the hidden ones out', () => {
    const entry = (id: number, code: ProductEntry['code'], product: ProductEntry['product'], show: boolean): ProductEntry => ({
      id,
      code,
      product,
      show,
      open: true,
    });
    expect(shownProducts([entry(1, 'TED', 'payout', true), entry(2, 'PIX', 'payin', true), entry(3, 'BOLETO', 'payin', false)])).toEqual([
      { product: 'payin', entries: [entry(2, 'PIX', 'payin', true)] },
      { product: 'payout', entries: [entry(1, 'TED', 'payout', true)] },
    ]);
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', 12)).toBe('2027-03');
  });

  it('keeps the calendar days that have money and totals the month', () => {
    const { byDate, totals } = calendarDays({
      currency: 'MXN',
      month: '2026-01',
      days: [
        { date: '2026-01-01', released: 0, scheduled: 0, count: 0 },
        { date: '2026-01-02', released: 1_000, scheduled: 0, count: 2 },
        { date: '2026-01-20', released: 0, scheduled: 5_000, count: 1 },
      ],
    });
    expect([...byDate.keys()]).toEqual(['2026-01-02', '2026-01-20']);
    expect(totals).toEqual({ released: 1_000, scheduled: 5_000, count: 3 });
  });

  it('draws only slices with transactions, largest amount first', () => {
    const base = { successCount: 0, successAmount: 0 };
    expect(
      pieSlices([
        { ...base, productType: 'PIX', count: 2, amount: 100 },
        { ...base, productType: 'TED', count: 0, amount: 0 },
        { ...base, productType: 'BOLETO', count: 1, amount: 900 },
      ]).map((s) => s.productType),
    ).toEqual(['BOLETO', 'PIX']);
  });
});
