import type { Currency } from '@andes/contract/common/countries';
import { formatCents, groupThousands } from '@andes/contract/common/money';
import type { DailyMoneyRow, DailyTransactionRow } from '@andes/contract/finance/schemas';
import { abbreviateCents } from '../../shared/ui/amount-format.ts';
import type { ChartTable, EChartOption } from '../../shared/ui/echart-option.ts';

/**
 * The daily report's chart (the same ECharts runtime as Home): for money, the daily net as bars
 * (in green, or red for a day that took money out) and the closing balance as a line on its own
 * axis, scaled to the balances rather than from zero (account statements only); for transactions, the day's count and successful count as bars.
 * Days run oldest to newest, left to right. Every amount stays in integer cents: axes abbreviate,
 * tooltips and the text alternative are exact.
 */

export interface ReportChart {
  option: EChartOption;
  table: ChartTable;
  empty: boolean;
}

/** The theme's text colours of money in and out (decision 0015). */
const IN_COLOR = '#237804';
const OUT_COLOR = '#cf1322';
const LINE_COLOR = '#1f5fbf';

const GRID = { left: 8, right: 8, top: 40, bottom: 8, containLabel: true } as const;

const count = (n: number) => groupThousands(String(n));

function exactAmount(currency: Currency) {
  return (value: unknown) => (typeof value === 'number' ? formatCents(Math.round(value), currency) : String(value ?? ''));
}

function amountAxis(name: string, currency: Currency, extra: Record<string, unknown> = {}) {
  return {
    type: 'value' as const,
    name,
    axisLabel: { formatter: (value: number) => abbreviateCents(Math.round(value), currency, { symbol: false }) },
    ...extra,
  };
}

export interface MoneyChartLabels {
  caption: string;
  date: string;
  net: string;
  closing: string;
}

/** Money per day: the net of each day and, when the report has balances, the closing balance. */
export function moneyChart(rows: readonly DailyMoneyRow[], currency: Currency, labels: MoneyChartLabels): ReportChart {
  const days = [...rows].reverse();
  const withBalance = days.some((row) => row.closingBalance !== null);
  return {
    empty: days.length === 0,
    option: {
      grid: GRID,
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((row) => row.date) },
      yAxis: [
        amountAxis(labels.net, currency, { nameTextStyle: { align: 'left' } }),
        ...(withBalance
          ? [amountAxis(labels.closing, currency, { scale: true, splitLine: { show: false }, nameTextStyle: { align: 'right' } })]
          : []),
      ],
      series: [
        {
          type: 'bar',
          name: labels.net,
          yAxisIndex: 0,
          itemStyle: { color: IN_COLOR },
          data: days.map((row) => ({ value: row.net, itemStyle: { color: row.net < 0 ? OUT_COLOR : IN_COLOR } })),
          tooltip: { valueFormatter: exactAmount(currency) },
        },
        ...(withBalance
          ? [
              {
                type: 'line' as const,
                name: labels.closing,
                yAxisIndex: 1,
                itemStyle: { color: LINE_COLOR },
                data: days.map((row) => row.closingBalance),
                tooltip: { valueFormatter: exactAmount(currency) },
              },
            ]
          : []),
      ],
    },
    table: {
      caption: labels.caption,
      columns: withBalance ? [labels.date, labels.net, labels.closing] : [labels.date, labels.net],
      rows: days.map((row) => {
        const cells = [row.date, formatCents(row.net, currency)];
        return withBalance ? [...cells, row.closingBalance === null ? '' : formatCents(row.closingBalance, currency)] : cells;
      }),
    },
  };
}

export interface TransactionsChartLabels {
  caption: string;
  date: string;
  count: string;
  success: string;
}

/** Transactions per day: how many were created and how many went through. */
export function transactionsChart(rows: readonly DailyTransactionRow[], labels: TransactionsChartLabels): ReportChart {
  const days = [...rows].reverse();
  const exactCount = (value: unknown) => (typeof value === 'number' ? count(value) : String(value ?? ''));
  return {
    empty: days.every((row) => row.count === 0),
    option: {
      grid: GRID,
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((row) => row.date) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: labels.count,
          itemStyle: { color: LINE_COLOR },
          data: days.map((row) => row.count),
          tooltip: { valueFormatter: exactCount },
        },
        {
          type: 'bar',
          name: labels.success,
          itemStyle: { color: IN_COLOR },
          data: days.map((row) => row.successCount),
          tooltip: { valueFormatter: exactCount },
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.date, labels.count, labels.success],
      rows: days.map((row) => [row.date, count(row.count), count(row.successCount)]),
    },
  };
}

/** The share of a day's (or the period's) transactions that went through, as a percentage with one decimal: `96.5%`. */
export function successRate(successCount: number, total: number, locale: string): string {
  if (total === 0) return '';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
    successCount / total,
  );
}
