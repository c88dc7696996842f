import type { Currency } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import type { DepositConfigList } from '@andes/contract/product/schemas';
import { abbreviateCents } from '../../shared/ui/amount-format.ts';
import type { ChartTable, EChartOption } from '../../shared/ui/echart-option.ts';

export interface ReleasesChart {
  option: EChartOption;
  /** The same figures as a table, for screen readers. */
  table: ChartTable;
  /** The sum released over the dates shown, in cents. */
  total: number;
}

/** The next deposit releases as bars: a bar per date, its amount abbreviated on the axis, exact in the tooltip and the table. */
export function releasesChart(
  releases: DepositConfigList['releases'],
  currency: Currency,
  labels: { caption: string; date: string; amount: string },
): ReleasesChart {
  const exact = (value: unknown) => (typeof value === 'number' ? formatCents(Math.round(value), currency) : String(value ?? ''));
  return {
    total: releases.reduce((sum, r) => sum + r.amount, 0),
    option: {
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: releases.map((r) => r.date) },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (value: number) => abbreviateCents(Math.round(value), currency, { symbol: false }) },
      },
      series: [{ type: 'bar', name: labels.amount, data: releases.map((r) => r.amount), tooltip: { valueFormatter: exact } }],
    },
    table: {
      caption: labels.caption,
      columns: [labels.date, labels.amount],
      rows: releases.map((r) => [r.date, formatCents(r.amount, currency)]),
    },
  };
}
