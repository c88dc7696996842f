import { formatCents, groupThousands } from '@andes/contract/common/money';
import { RING_SLICES, type RingSlice } from '@andes/contract/risk/enums';
import type { CurveChart, CurvePoint, RingChart } from '@andes/contract/risk/schemas';
import { abbreviateCents } from '../../shared/ui/amount-format.ts';
import type { ChartTable, EChartOption } from '../../shared/ui/echart-option.ts';
import type { CurveBasis } from './chargeback-url.ts';

/**
 * ECharts options of the performance screen and their text alternatives (docs/decisions/0028
 * "Performance charts"). Amounts stay integer cents; rates are fractions shown as percentages.
 */

export interface Chart {
  option: EChartOption;
  table: ChartTable;
  /** Nothing to draw. */
  empty: boolean;
}

/** A whole count as shown: `12,345`. */
export const formatCount = (count: number) => groupThousands(String(count));

/** A fraction as a percentage with two decimals: 0.015 → `1.50%`. */
export function formatRate(fraction: number): string {
  return `${(fraction * 100).toFixed(2)}%`;
}

/** The slices' colours: outcomes people read at a glance (approved green, blocked red…). */
export const SLICE_COLORS: Readonly<Record<RingSlice, string>> = {
  APPROVED: '#52c41a',
  DECLINED: '#8c8c8c',
  BLOCKED: '#f5222d',
  IN_REVIEW: '#faad14',
  CHARGED_BACK: '#fa541c',
  PENDING: '#1677ff',
};

export interface RingRow {
  slice: RingSlice;
  count: number;
  amount: number;
  /** Share of the pay-ins counted (a fraction; 0 without pay-ins). */
  share: number;
}

/** Every slice in the contract's order (a slice the server left out counts zero), with its share. */
export function ringRows(ring: RingChart): RingRow[] {
  const total = ring.total.count;
  return RING_SLICES.map((slice) => {
    const found = ring.slices.find((s) => s.slice === slice);
    const count = found?.count ?? 0;
    return { slice, count, amount: found?.amount ?? 0, share: total > 0 ? count / total : 0 };
  });
}

export interface RingLabels {
  caption: string;
  outcome: string;
  count: string;
  amount: string;
  share: string;
  slice(slice: RingSlice): string;
}

/** The ring of what became of the period's pay-ins, by count. */
export function ringChart(ring: RingChart, labels: RingLabels): Chart {
  const rows = ringRows(ring);
  const currency = ring.currency;
  return {
    empty: ring.total.count === 0,
    option: {
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name, value, percent } = p as { name: string; value: number; percent: number };
          return `${name}: ${formatCount(value)} (${percent.toFixed(1)}%)`;
        },
      },
      series: [
        {
          type: 'pie',
          name: labels.count,
          radius: ['48%', '78%'],
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: rows
            .filter((r) => r.count > 0)
            .map((r) => ({ name: labels.slice(r.slice), value: r.count, itemStyle: { color: SLICE_COLORS[r.slice] } })),
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.outcome, labels.count, labels.amount, labels.share],
      rows: rows.map((r) => [labels.slice(r.slice), formatCount(r.count), formatCents(r.amount, currency), formatRate(r.share)]),
    },
  };
}

export type Threshold = CurveChart['thresholds'][number];

/** One line of the chart: the thresholds at the same rate drawn once, named together. */
export interface ThresholdLine {
  rate: number;
  names: string[];
}

/** The thresholds of a view's basis, one line per rate, lowest first. */
export function thresholdLines(thresholds: readonly Threshold[], basis: CurveBasis, nameOf: (t: Threshold) => string): ThresholdLine[] {
  const byRate = new Map<number, string[]>();
  for (const threshold of thresholds) {
    if (threshold.basis !== basis) continue;
    byRate.set(threshold.rate, [...(byRate.get(threshold.rate) ?? []), nameOf(threshold)]);
  }
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, names]) => ({ rate, names }));
}

/** Periods whose rate of the view is above the lowest threshold line. */
export function periodsAbove(points: readonly CurvePoint[], basis: CurveBasis, lines: readonly ThresholdLine[]): number {
  const lowest = lines[0];
  if (!lowest) return 0;
  return points.filter((p) => (basis === 'COUNT' ? p.rateByCount : p.rateByAmount) > lowest.rate).length;
}

export interface CurveLabels {
  caption: string;
  period: string;
  transactions: string;
  volume: string;
  chargebacks: string;
  chargebackAmount: string;
  rateByCount: string;
  rateByAmount: string;
  /** A threshold line's label (its names and rate). */
  line(line: ThresholdLine): string;
}

/** The threshold lines' colours, in the lines' order (the threshold list shows the same). */
export const LINE_COLORS = ['#ad6800', '#cf1322', '#722ed1'];

/** The colour of the line a threshold is drawn as. */
export function lineColorOf(lines: readonly ThresholdLine[], rate: number): string {
  const index = lines.findIndex((line) => line.rate === rate);
  return LINE_COLORS[Math.max(index, 0) % LINE_COLORS.length] ?? '#000';
}

/**
 * The chargeback curve of a view: the chargebacks as bars (count, or amount by amount) on the
 * left axis, the rate as a line on the right axis in percent, and the networks' thresholds of the
 * view's basis as labelled dashed lines on the rate axis (which always reaches the highest one).
 */
export function curveChart(curve: CurveChart, basis: CurveBasis, lines: readonly ThresholdLine[], labels: CurveLabels): Chart {
  const { points, currency } = curve;
  const byCount = basis === 'COUNT';
  const top = Math.max(0, ...lines.map((l) => l.rate));
  const rateOf = (p: CurvePoint) => (byCount ? p.rateByCount : p.rateByAmount);
  const exactAmount = (value: unknown) => (typeof value === 'number' ? formatCents(Math.round(value), currency) : String(value ?? ''));
  const exactCount = (value: unknown) => (typeof value === 'number' ? formatCount(value) : String(value ?? ''));
  const exactRate = (value: unknown) => (typeof value === 'number' ? formatRate(value) : String(value ?? ''));
  return {
    empty: points.every((p) => p.transactions === 0 && p.chargebacks === 0),
    option: {
      grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => p.period) },
      yAxis: [
        byCount
          ? { type: 'value', name: labels.chargebacks, minInterval: 1, nameTextStyle: { align: 'left' } }
          : {
              type: 'value',
              name: labels.chargebackAmount,
              nameTextStyle: { align: 'left' },
              axisLabel: { formatter: (value: number) => abbreviateCents(Math.round(value), currency, { symbol: false }) },
            },
        {
          type: 'value',
          name: byCount ? labels.rateByCount : labels.rateByAmount,
          nameTextStyle: { align: 'right' },
          min: 0,
          max: (extent: { max: number }) => Math.max(extent.max, top * 1.2, 0.001),
          splitLine: { show: false },
          axisLabel: { formatter: (value: number) => `${+(value * 100).toFixed(2)}%` },
        },
      ],
      series: [
        {
          type: 'bar',
          name: byCount ? labels.chargebacks : labels.chargebackAmount,
          yAxisIndex: 0,
          barMaxWidth: 28,
          itemStyle: { color: '#ffa39e' },
          data: points.map((p) => (byCount ? p.chargebacks : p.chargebackAmount)),
          tooltip: { valueFormatter: byCount ? exactCount : exactAmount },
        },
        {
          type: 'line',
          name: byCount ? labels.rateByCount : labels.rateByAmount,
          yAxisIndex: 1,
          itemStyle: { color: '#1677ff' },
          data: points.map(rateOf),
          tooltip: { valueFormatter: exactRate },
          markLine: {
            silent: true,
            symbol: 'none',
            animation: false,
            data: lines.map((line, index) => ({
              yAxis: line.rate,
              name: labels.line(line),
              lineStyle: { type: 'dashed', width: 1.5, color: LINE_COLORS[index % LINE_COLORS.length] },
              // Lines close together keep their labels apart: one at the end, the next at the start.
              label: {
                formatter: labels.line(line),
                position: index % 2 === 0 ? 'insideEndTop' : 'insideStartTop',
                color: LINE_COLORS[index % LINE_COLORS.length],
              },
            })),
          },
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [
        labels.period,
        labels.transactions,
        labels.chargebacks,
        labels.rateByCount,
        labels.volume,
        labels.chargebackAmount,
        labels.rateByAmount,
      ],
      rows: points.map((p) => [
        p.period,
        formatCount(p.transactions),
        formatCount(p.chargebacks),
        formatRate(p.rateByCount),
        formatCents(p.volume, currency),
        formatCents(p.chargebackAmount, currency),
        formatRate(p.rateByAmount),
      ]),
    },
  };
}

/** The highest rate of the view, for the spoken summary. */
export function peakRate(points: readonly CurvePoint[], basis: CurveBasis): number {
  return Math.max(0, ...points.map((p) => (basis === 'COUNT' ? p.rateByCount : p.rateByAmount)));
}

/** Sums of a curve's points. */
export function curveTotals(points: readonly CurvePoint[]): { transactions: number; chargebacks: number } {
  return points.reduce((sum, p) => ({ transactions: sum.transactions + p.transactions, chargebacks: sum.chargebacks + p.chargebacks }), {
    transactions: 0,
    chargebacks: 0,
  });
}
