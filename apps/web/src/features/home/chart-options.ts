import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { formatCents, groupThousands } from '@andes/contract/common/money';
import type { DailyPoint } from '@andes/contract/home/schemas';
import { abbreviateCents } from '../../shared/ui/amount-format.ts';
import type { ChartTable, EChartOption } from '../../shared/ui/echart-option.ts';

/**
 * ECharts options of Home's charts and their text alternatives, built from the calls' answers.
 * Every amount stays in integer cents: axes show it abbreviated, tooltips and tables exactly.
 */

/** A whole count as shown: `12,345`. */
export function formatCount(count: number): string {
  return groupThousands(String(count));
}

const GRID = { left: 8, right: 8, top: 40, bottom: 8, containLabel: true } as const;

function amountAxisLabel(currency: Currency) {
  return { formatter: (value: number) => abbreviateCents(Math.round(value), currency, { symbol: false }) };
}

function exactAmount(currency: Currency) {
  return (value: unknown) => (typeof value === 'number' ? formatCents(Math.round(value), currency) : String(value ?? ''));
}

function exactCount(value: unknown): string {
  return typeof value === 'number' ? formatCount(value) : String(value ?? '');
}

export interface Chart {
  option: EChartOption;
  table: ChartTable;
  /** Nothing to draw. */
  empty: boolean;
}

export interface DailyLabels {
  caption: string;
  date: string;
  count: string;
  amount: string;
}

/** Transactions per day: the count (left axis) and the amount (right axis). */
export function dailyTransactionsChart(points: readonly DailyPoint[], currency: Currency, labels: DailyLabels): Chart {
  return {
    empty: points.every((p) => p.count === 0),
    option: {
      grid: GRID,
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => p.date) },
      yAxis: [
        { type: 'value', name: labels.count, minInterval: 1, nameTextStyle: { align: 'left' } },
        {
          type: 'value',
          name: labels.amount,
          axisLabel: amountAxisLabel(currency),
          splitLine: { show: false },
          nameTextStyle: { align: 'right' },
        },
      ],
      series: [
        { type: 'line', name: labels.count, data: points.map((p) => p.count), yAxisIndex: 0, tooltip: { valueFormatter: exactCount } },
        {
          type: 'line',
          name: labels.amount,
          data: points.map((p) => p.amount),
          yAxisIndex: 1,
          smooth: true,
          tooltip: { valueFormatter: exactAmount(currency) },
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.date, labels.count, labels.amount],
      rows: points.map((p) => [p.date, formatCount(p.count), formatCents(p.amount, currency)]),
    },
  };
}

export interface SeriesLabels {
  caption: string;
  /** First column (the x values). */
  x: string;
}

/** Amount per date as bars (pending money becoming available). */
export function amountBarsChart(
  bars: readonly { date: string; amount: number; count: number }[],
  currency: Currency,
  labels: SeriesLabels & { amount: string; count: string },
): Chart {
  return {
    empty: bars.length === 0,
    option: {
      grid: { ...GRID, top: 16 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: bars.map((b) => b.date) },
      yAxis: { type: 'value', axisLabel: amountAxisLabel(currency) },
      series: [{ type: 'bar', name: labels.amount, data: bars.map((b) => b.amount), tooltip: { valueFormatter: exactAmount(currency) } }],
    },
    table: {
      caption: labels.caption,
      columns: [labels.x, labels.amount, labels.count],
      rows: bars.map((b) => [b.date, formatCents(b.amount, currency), formatCount(b.count)]),
    },
  };
}

export interface NamedSlice {
  name: string;
  count: number;
  amount: number;
}

/** Share of each product type in the amount of the range. */
export function productPieChart(
  slices: readonly NamedSlice[],
  currency: Currency,
  labels: SeriesLabels & { amount: string; count: string },
): Chart {
  return {
    empty: slices.length === 0,
    option: {
      tooltip: { trigger: 'item', valueFormatter: exactAmount(currency) },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: labels.amount,
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          data: slices.map((s) => ({ name: s.name, value: s.amount })),
          label: { formatter: '{b}: {d}%' },
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.x, labels.count, labels.amount],
      rows: slices.map((s) => [s.name, formatCount(s.count), formatCents(s.amount, currency)]),
    },
  };
}

/** One amount line per named series over the same dates. */
export function amountLinesChart(
  dates: readonly string[],
  series: readonly { name: string; amounts: readonly number[] }[],
  currency: Currency,
  labels: SeriesLabels,
): Chart {
  return {
    empty: series.length === 0 || series.every((s) => s.amounts.every((a) => a === 0)),
    option: {
      grid: GRID,
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: exactAmount(currency) },
      xAxis: { type: 'category', data: [...dates] },
      yAxis: { type: 'value', axisLabel: amountAxisLabel(currency) },
      series: series.map((s) => ({ type: 'line', name: s.name, data: [...s.amounts], showSymbol: false })),
    },
    table: {
      caption: labels.caption,
      columns: [labels.x, ...series.map((s) => s.name)],
      rows: dates.map((date, i) => [date, ...series.map((s) => formatCents(s.amounts[i] ?? 0, currency))]),
    },
  };
}

/** `00:00`…`23:00`. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** Today's and yesterday's cumulative amounts by hour (today stops at the current hour). */
export function realTimeChart(
  today: readonly number[],
  yesterday: readonly number[],
  currency: Currency,
  labels: SeriesLabels & { today: string; yesterday: string },
): Chart {
  const hours = Array.from({ length: Math.max(today.length, yesterday.length) }, (_, hour) => hourLabel(hour));
  return {
    empty: today.every((a) => a === 0) && yesterday.every((a) => a === 0),
    option: {
      grid: GRID,
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: exactAmount(currency) },
      xAxis: { type: 'category', boundaryGap: false, data: hours },
      yAxis: { type: 'value', axisLabel: amountAxisLabel(currency) },
      series: [
        { type: 'line', name: labels.yesterday, data: [...yesterday], showSymbol: false, lineStyle: { type: 'dashed' } },
        { type: 'line', name: labels.today, data: [...today], showSymbol: false, areaStyle: { opacity: 0.15 } },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.x, labels.today, labels.yesterday],
      rows: hours.map((hour, i) => [
        hour,
        today[i] === undefined ? EMPTY_PLACEHOLDER : formatCents(today[i], currency),
        yesterday[i] === undefined ? EMPTY_PLACEHOLDER : formatCents(yesterday[i], currency),
      ]),
    },
  };
}
