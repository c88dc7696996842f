import { NETWORK_THRESHOLDS } from '@andes/contract/risk/enums';
import type { CurveChart } from '@andes/contract/risk/schemas';
import { describe, expect, it } from 'vitest';
import { curveChart, formatRate, periodsAbove, ringChart, ringRows, thresholdLines } from './performance-charts.ts';

const point = (period: string, transactions: number, chargebacks: number, volume: number, chargebackAmount: number) => ({
  period,
  transactions,
  volume,
  chargebacks,
  chargebackAmount,
  rateByCount: transactions > 0 ? chargebacks / transactions : 0,
  rateByAmount: volume > 0 ? chargebackAmount / volume : 0,
});

const curve: CurveChart = {
  currency: 'BRL',
  points: [point('2026-01-01', 100, 1, 1_000_000, 5_000), point('2026-01-02', 50, 2, 500_000, 40_000)],
  thresholds: NETWORK_THRESHOLDS.map((t) => ({ ...t })),
};
const nameOf = (t: { network: string; programme: string }) => `${t.network} ${t.programme}`;
const labels = {
  caption: 'cap',
  period: 'Period',
  transactions: 'Settled',
  volume: 'Volume',
  chargebacks: 'Chargebacks',
  chargebackAmount: 'Chargeback amount',
  rateByCount: 'Rate by count',
  rateByAmount: 'Rate by amount',
  line: (l: { names: string[]; rate: number }) => `${l.names.join(' · ')} ${formatRate(l.rate)}`,
};

describe('performance charts', () => {
  it('fills every slice in order with its share; empty without pay-ins', () => {
    const ring = {
      currency: 'BRL' as const,
      slices: [
        { slice: 'BLOCKED' as const, count: 1, amount: 100 },
        { slice: 'APPROVED' as const, count: 3, amount: 900 },
      ],
      total: { count: 4, amount: 1_000 },
    };
    expect(ringRows(ring).map((r) => [r.slice, r.count, r.share])).toEqual([
      ['APPROVED', 3, 0.75],
      ['DECLINED', 0, 0],
      ['BLOCKED', 1, 0.25],
      ['IN_REVIEW', 0, 0],
      ['CHARGED_BACK', 0, 0],
      ['PENDING', 0, 0],
    ]);
    const chart = ringChart(ring, { caption: 'c', outcome: 'o', count: 'n', amount: 'a', share: 's', slice: (s) => s });
    expect(chart.empty).toBe(false);
    expect(chart.table.rows[0]).toEqual(['APPROVED', '3', 'R$ 9.00', '75.00%']);
    expect(
      ringChart(
        { ...ring, slices: [], total: { count: 0, amount: 0 } },
        { caption: 'c', outcome: 'o', count: 'n', amount: 'a', share: 's', slice: (s) => s },
      ).empty,
    ).toBe(true);
  });

  it('draws the count thresholds once per rate, lowest first, as labelled dashed lines', () => {
    const lines = thresholdLines(curve.thresholds, 'COUNT', nameOf);
    expect(lines).toEqual([
      { rate: 0.015, names: ['VISA VAMP excessive', 'MASTERCARD ECM'] },
      { rate: 0.03, names: ['MASTERCARD HECM'] },
    ]);
    expect(thresholdLines(curve.thresholds, 'AMOUNT', nameOf)).toEqual([]);
    const chart = curveChart(curve, 'COUNT', lines, labels);
    const series = chart.option.series as { type: string; data: number[]; markLine?: { data: { yAxis: number; name: string }[] } }[];
    expect(series[0]?.type).toBe('bar');
    expect(series[0]?.data).toEqual([1, 2]);
    expect(series[1]?.data).toEqual([0.01, 0.04]);
    expect(series[1]?.markLine?.data.map((d) => [d.yAxis, d.name])).toEqual([
      [0.015, 'VISA VAMP excessive · MASTERCARD ECM 1.50%'],
      [0.03, 'MASTERCARD HECM 3.00%'],
    ]);
    expect(periodsAbove(curve.points, 'COUNT', lines)).toBe(1);
    expect(chart.table.rows[1]).toEqual(['2026-01-02', '50', '2', '4.00%', 'R$ 5,000.00', 'R$ 400.00', '8.00%']);
  });

  it('shows the chargeback amount and the rate by amount in the amount view', () => {
    const chart = curveChart(curve, 'AMOUNT', [], labels);
    const series = chart.option.series as { data: number[] }[];
    expect(series[0]?.data).toEqual([5_000, 40_000]);
    expect(series[1]?.data).toEqual([0.005, 0.08]);
    expect(curveChart({ ...curve, points: [point('2026-01-01', 0, 0, 0, 0)] }, 'COUNT', [], labels).empty).toBe(true);
  });
});
