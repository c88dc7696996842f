import type { Currency } from '@andes/contract/common/countries';
import { formatCents, groupThousands } from '@andes/contract/common/money';
import { FUNNEL_STAGE_NAMES, type FunnelStageName, type RevenueGranularity } from '@andes/contract/revenue-assurance/enums';
import type {
  ApprovalTrend,
  FailReasonEntry,
  FailReasonRanking,
  FunnelFigures,
  RevenueDrillDownCondition,
  TokenizationStatistics,
  VolumeSuccessChart,
} from '@andes/contract/revenue-assurance/schemas';
import type { ChartItem } from '../../shared/ui/echart.tsx';
import type { ChartTable, EChartOption } from '../../shared/ui/echart-option.ts';
import type { DrillTarget } from './revenue-url.ts';

/**
 * ECharts options of the revenue-assurance screens, their text alternatives, and the
 * transactions each drawn item stands for (docs/decisions/0031-revenue-assurance.md "Screens").
 * Counts are whole numbers, amounts integer cents, rates fractions (null: nothing to divide by).
 */

export interface DrillChart {
  option: EChartOption;
  table: ChartTable;
  /** Nothing to draw. */
  empty: boolean;
  /** The transactions a clicked item counts, or null for an item that counts none. */
  target(item: ChartItem): DrillTarget | null;
}

/** A whole count as shown: `12,345`. */
export const formatCount = (count: number) => groupThousands(String(count));

/** A fraction as a percentage with two decimals (0.015 → `1.50%`); `—` when there is nothing to divide by. */
export function formatRate(fraction: number | null): string {
  return fraction === null ? '—' : `${(fraction * 100).toFixed(2)}%`;
}

/** A change of a rate in percentage points, signed: 0.012 → `+1.20 pp`. */
export function formatPoints(delta: number): string {
  const points = (delta * 100).toFixed(2);
  return `${delta > 0 ? '+' : delta < 0 ? '' : '±'}${points === '-0.00' ? '0.00' : points} pp`;
}

/** A relative change, signed: 0.25 → `+25.0%`. */
export function formatChange(change: number): string {
  return `${change > 0 ? '+' : ''}${(change * 100).toFixed(1)}%`;
}

/** The direction of a change, for arrows: 0 or null is flat. */
export function directionOf(change: number | null): 'up' | 'down' | 'flat' {
  if (change === null || Math.abs(change) < 1e-9) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** A period's name on an axis: the day, the week's Monday, or the month (`2026-11`). */
export function periodLabel(period: string, granularity: RevenueGranularity): string {
  return granularity === 'monthly' ? period.slice(0, 7) : period;
}

/** The local dates a point covers (clipped to the range). */
const datesOf = (point: { from: string; to: string }) => ({ from: point.from, to: point.to });

/** The local dates a point covers, for tables and link names: one day, or `from – to`. */
export function datesLabel(dates: { from: string; to: string }): string {
  return dates.from === dates.to ? dates.from : `${dates.from} – ${dates.to}`;
}

/** The funnel stages' conditions on the list: created is every transaction, the others "reached at least". */
export const STAGE_CONDITION: Readonly<Record<FunnelStageName, RevenueDrillDownCondition>> = {
  CREATED: {},
  SUBMITTED: { funnelStageMin: 1 },
  AUTHORISED: { funnelStageMin: 2 },
  SETTLED: { funnelStageMin: 3 },
};

export const COLORS = {
  created: '#69b1ff',
  submitted: '#adc6ff',
  authorised: '#2f54eb',
  settled: '#389e0d',
  successRate: '#d46b08',
  approvalRate: '#c41d7f',
  token: '#722ed1',
  pan: '#08979c',
  soft: '#d48806',
  hard: '#cf1322',
} as const;

const STAGE_COLORS: Readonly<Record<FunnelStageName, string>> = {
  CREATED: COLORS.created,
  SUBMITTED: COLORS.submitted,
  AUTHORISED: COLORS.authorised,
  SETTLED: COLORS.settled,
};

const exactCount = (value: unknown) => (typeof value === 'number' ? formatCount(value) : '—');
const exactRate = (value: unknown) => (typeof value === 'number' ? formatRate(value) : '—');
const percentAxis = (value: number) => `${+(value * 100).toFixed(1)}%`;
/** A rate as chart data: ECharts leaves `-` out of a line. */
const rateData = (rate: number | null) => rate ?? '-';

const grid = { left: 8, right: 8, top: 48, bottom: 8, containLabel: true };

function rateAxis(name: string) {
  return {
    type: 'value' as const,
    name,
    nameTextStyle: { align: 'right' as const },
    min: 0,
    max: 1,
    splitLine: { show: false },
    axisLabel: { formatter: percentAxis },
  };
}

function countAxis(name: string) {
  return { type: 'value' as const, name, minInterval: 1, nameTextStyle: { align: 'left' as const } };
}

// ---- volume and success ------------------------------------------------------------------------

export interface VolumeLabels {
  caption: string;
  period: string;
  created: string;
  settled: string;
  createdAmount: string;
  settledAmount: string;
  successRate: string;
  count: string;
}

interface Series<V> {
  name: string;
  color: string;
  values: V[];
}

/** Two counts per period as bars on the left axis, a rate as a line on the right one. */
function barsAndRate(
  points: readonly { period: string }[],
  granularity: RevenueGranularity,
  countLabel: string,
  [first, second, rate]: [Series<number>, Series<number>, Series<number | null>],
): EChartOption {
  const bar = (s: Series<number>) => ({
    type: 'bar' as const,
    name: s.name,
    yAxisIndex: 0,
    barMaxWidth: 24,
    itemStyle: { color: s.color },
    data: s.values,
    tooltip: { valueFormatter: exactCount },
  });
  return {
    grid,
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => periodLabel(p.period, granularity)) },
    yAxis: [countAxis(countLabel), rateAxis(rate.name)],
    series: [
      bar(first),
      bar(second),
      {
        type: 'line',
        name: rate.name,
        yAxisIndex: 1,
        symbolSize: 8,
        itemStyle: { color: rate.color },
        data: rate.values.map(rateData),
        tooltip: { valueFormatter: exactRate },
      },
    ],
  };
}

/**
 * Created and settled counts per period as bars (left axis), the success rate (settled ÷ created)
 * as a line (right axis, percent). A created bar opens the period's transactions; a settled bar
 * or a rate point the settled ones (the rate's numerator).
 */
export function volumeChart(chart: VolumeSuccessChart, labels: VolumeLabels): DrillChart {
  const { points, currency, granularity } = chart;
  return {
    empty: points.every((p) => p.created.count === 0),
    option: barsAndRate(points, granularity, labels.count, [
      { name: labels.created, color: COLORS.created, values: points.map((p) => p.created.count) },
      { name: labels.settled, color: COLORS.settled, values: points.map((p) => p.settled.count) },
      { name: labels.successRate, color: COLORS.successRate, values: points.map((p) => p.successRate) },
    ]),
    table: {
      caption: labels.caption,
      columns: [labels.period, labels.created, labels.createdAmount, labels.settled, labels.settledAmount, labels.successRate],
      rows: points.map((p) => [
        datesLabel(p),
        formatCount(p.created.count),
        formatCents(p.created.amount, currency),
        formatCount(p.settled.count),
        formatCents(p.settled.amount, currency),
        formatRate(p.successRate),
      ]),
    },
    target: ({ seriesIndex, dataIndex }) => {
      const point = points[dataIndex];
      if (!point) return null;
      return { dates: datesOf(point), condition: seriesIndex === 0 ? STAGE_CONDITION.CREATED : STAGE_CONDITION.SETTLED };
    },
  };
}

// ---- approval trend ------------------------------------------------------------------------------

export interface TrendLabels {
  caption: string;
  period: string;
  submitted: string;
  authorised: string;
  approvalRate: string;
  change: string;
  count: string;
}

/**
 * Submitted and authorised counts per period as bars, the approval rate (authorised ÷ submitted)
 * as a line. A submitted bar opens the submitted transactions; an authorised bar or a rate point
 * the authorised ones.
 */
export function trendChart(trend: ApprovalTrend, labels: TrendLabels): DrillChart {
  const { points, granularity } = trend;
  return {
    empty: points.every((p) => p.submitted === 0),
    option: barsAndRate(points, granularity, labels.count, [
      { name: labels.submitted, color: COLORS.submitted, values: points.map((p) => p.submitted) },
      { name: labels.authorised, color: COLORS.authorised, values: points.map((p) => p.authorised) },
      { name: labels.approvalRate, color: COLORS.approvalRate, values: points.map((p) => p.approvalRate) },
    ]),
    table: {
      caption: labels.caption,
      columns: [labels.period, labels.submitted, labels.authorised, labels.approvalRate, labels.change],
      rows: points.map((p) => [
        datesLabel(p),
        formatCount(p.submitted),
        formatCount(p.authorised),
        formatRate(p.approvalRate),
        p.delta === null ? '—' : formatPoints(p.delta),
      ]),
    },
    target: ({ seriesIndex, dataIndex }) => {
      const point = points[dataIndex];
      if (!point) return null;
      return { dates: datesOf(point), condition: seriesIndex === 0 ? STAGE_CONDITION.SUBMITTED : STAGE_CONDITION.AUTHORISED };
    },
  };
}

// ---- funnel -----------------------------------------------------------------------------------------

export interface FunnelRow {
  stage: FunnelStageName;
  count: number;
  amount: number;
  /** This stage ÷ the stage before (null for created, or nothing before). */
  stepRate: number | null;
  /** This stage ÷ created. */
  ofCreated: number | null;
  /** Lost between the stage before and this one (null for created). */
  dropOff: { count: number; amount: number } | null;
}

/** The four stages of a funnel, with the step rates and drop-offs the server gave. */
export function funnelRows(f: FunnelFigures): FunnelRow[] {
  const created = f.created.count;
  const ofCreated = (count: number) => (created > 0 ? count / created : null);
  return [
    { stage: 'CREATED', count: created, amount: f.created.amount, stepRate: null, ofCreated: created > 0 ? 1 : null, dropOff: null },
    {
      stage: 'SUBMITTED',
      count: f.submitted.count,
      amount: f.submitted.amount,
      stepRate: f.submitRate,
      ofCreated: ofCreated(f.submitted.count),
      dropOff: f.dropOff.abandoned,
    },
    {
      stage: 'AUTHORISED',
      count: f.authorised.count,
      amount: f.authorised.amount,
      stepRate: f.approvalRate,
      ofCreated: ofCreated(f.authorised.count),
      dropOff: f.dropOff.declined,
    },
    {
      stage: 'SETTLED',
      count: f.settled.count,
      amount: f.settled.amount,
      stepRate: f.settleRate,
      ofCreated: ofCreated(f.settled.count),
      dropOff: f.dropOff.unsettled,
    },
  ];
}

export interface FunnelLabels {
  caption: string;
  stageHeader: string;
  count: string;
  amount: string;
  stepRate: string;
  dropOff: string;
  stage(stage: FunnelStageName): string;
}

/**
 * The funnel as horizontal bars, created at the top, each labelled with its count and its share
 * of created; a bar opens the transactions that reached at least that stage in the range.
 */
export function funnelChart(f: FunnelFigures, currency: Currency, range: { from: string; to: string }, labels: FunnelLabels): DrillChart {
  const rows = funnelRows(f);
  return {
    empty: f.created.count === 0,
    option: {
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'item' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => labels.stage(r.stage)) },
      series: [
        {
          type: 'bar',
          name: labels.count,
          barMaxWidth: 36,
          data: rows.map((r) => ({ value: r.count, itemStyle: { color: STAGE_COLORS[r.stage] } })),
          label: {
            show: true,
            position: 'right',
            formatter: (p: unknown) => {
              const row = rows[(p as { dataIndex: number }).dataIndex];
              return row ? `${formatCount(row.count)} · ${formatRate(row.ofCreated)}` : '';
            },
          },
          tooltip: { valueFormatter: exactCount },
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.stageHeader, labels.count, labels.amount, labels.stepRate, labels.dropOff],
      rows: rows.map((r) => [
        labels.stage(r.stage),
        formatCount(r.count),
        formatCents(r.amount, currency),
        formatRate(r.stepRate),
        r.dropOff ? formatCount(r.dropOff.count) : '—',
      ]),
    },
    target: ({ dataIndex }) => {
      const stage = FUNNEL_STAGE_NAMES[dataIndex];
      return stage ? { dates: range, condition: STAGE_CONDITION[stage] } : null;
    },
  };
}

// ---- fail reasons ----------------------------------------------------------------------------------

export interface ReasonLabels {
  caption: string;
  reason: string;
  kind: string;
  count: string;
  share: string;
  trend: string;
  /** The name of failures without a reason. */
  noReason: string;
  kindName(kind: FailReasonEntry['kind']): string;
}

/** A reason's name as shown ('' is "no reason given"). */
export const reasonName = (reason: string, noReason: string) => (reason === '' ? noReason : reason);

/** Shortens a reason for the axis (the table and the tooltip keep it whole). */
export function shortReason(reason: string, max = 28): string {
  const chars = Array.from(reason);
  return chars.length <= max ? reason : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The top fail reasons as horizontal bars, largest first, coloured by class (soft amber, hard
 * red); a bar opens the range's failures with that reason.
 */
export function reasonsChart(ranking: FailReasonRanking, range: { from: string; to: string }, labels: ReasonLabels): DrillChart {
  const { reasons } = ranking;
  return {
    empty: reasons.length === 0,
    option: {
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const entry = reasons[(p as { dataIndex: number }).dataIndex];
          if (!entry) return '';
          return `${reasonName(entry.reason, labels.noReason)}: ${formatCount(entry.count)} (${formatRate(entry.share)})`;
        },
      },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: reasons.map((r) => shortReason(reasonName(r.reason, labels.noReason))) },
      series: [
        {
          type: 'bar',
          name: labels.count,
          barMaxWidth: 20,
          data: reasons.map((r) => ({ value: r.count, itemStyle: { color: r.kind === 'SOFT' ? COLORS.soft : COLORS.hard } })),
          label: { show: true, position: 'right', formatter: (p: unknown) => exactCount((p as { value: unknown }).value) },
        },
      ],
    },
    table: {
      caption: labels.caption,
      columns: [labels.reason, labels.kind, labels.count, labels.share, labels.trend],
      rows: reasons.map((r) => [
        reasonName(r.reason, labels.noReason),
        labels.kindName(r.kind),
        formatCount(r.count),
        formatRate(r.share),
        r.trend === null ? '—' : formatChange(r.trend),
      ]),
    },
    target: ({ dataIndex }) => {
      const entry = reasons[dataIndex];
      return entry ? { dates: range, condition: { failReason: entry.reason } } : null;
    },
  };
}

// ---- tokenization ------------------------------------------------------------------------------------

export interface TokenLabels {
  shareCaption: string;
  approvalCaption: string;
  period: string;
  token: string;
  pan: string;
  tokenShare: string;
  tokenApproval: string;
  panApproval: string;
  uplift: string;
  count: string;
  approvalRate: string;
}

/**
 * Card pay-ins created with a network token and with the card number per period as stacked bars,
 * the token share as a line; a bar opens those pay-ins, a share point the token ones.
 */
export function tokenShareChart(stats: TokenizationStatistics, labels: TokenLabels): DrillChart {
  const { points, granularity } = stats;
  return {
    empty: points.every((p) => p.token.created.count + p.pan.created.count === 0),
    option: {
      grid,
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => periodLabel(p.period, granularity)) },
      yAxis: [countAxis(labels.count), rateAxis(labels.tokenShare)],
      series: [
        {
          type: 'bar',
          name: labels.token,
          stack: 'card',
          yAxisIndex: 0,
          barMaxWidth: 24,
          itemStyle: { color: COLORS.token },
          data: points.map((p) => p.token.created.count),
          tooltip: { valueFormatter: exactCount },
        },
        {
          type: 'bar',
          name: labels.pan,
          stack: 'card',
          yAxisIndex: 0,
          barMaxWidth: 24,
          itemStyle: { color: COLORS.pan },
          data: points.map((p) => p.pan.created.count),
          tooltip: { valueFormatter: exactCount },
        },
        {
          type: 'line',
          name: labels.tokenShare,
          yAxisIndex: 1,
          symbolSize: 8,
          itemStyle: { color: COLORS.successRate },
          data: points.map((p) => rateData(p.tokenShare)),
          tooltip: { valueFormatter: exactRate },
        },
      ],
    },
    table: {
      caption: labels.shareCaption,
      columns: [labels.period, labels.token, labels.pan, labels.tokenShare],
      rows: points.map((p) => [
        datesLabel(p),
        formatCount(p.token.created.count),
        formatCount(p.pan.created.count),
        formatRate(p.tokenShare),
      ]),
    },
    target: ({ seriesIndex, dataIndex }) => {
      const point = points[dataIndex];
      if (!point) return null;
      return { dates: datesOf(point), condition: { cardToken: seriesIndex === 1 ? 'PAN' : 'TOKEN' } };
    },
  };
}

/**
 * The approval rate (authorised ÷ submitted) with a token and with the card number per period as
 * two lines; a point opens that kind's authorised pay-ins of the period.
 */
export function tokenApprovalChart(stats: TokenizationStatistics, labels: TokenLabels): DrillChart {
  const { points, granularity } = stats;
  return {
    empty: points.every((p) => p.token.submitted + p.pan.submitted === 0),
    option: {
      grid,
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => periodLabel(p.period, granularity)) },
      yAxis: { ...rateAxis(labels.approvalRate), nameTextStyle: { align: 'left' } },
      series: [
        {
          type: 'line',
          name: labels.tokenApproval,
          symbolSize: 8,
          itemStyle: { color: COLORS.token },
          data: points.map((p) => rateData(p.token.approvalRate)),
          tooltip: { valueFormatter: exactRate },
        },
        {
          type: 'line',
          name: labels.panApproval,
          symbolSize: 8,
          lineStyle: { type: 'dashed' },
          itemStyle: { color: COLORS.pan },
          data: points.map((p) => rateData(p.pan.approvalRate)),
          tooltip: { valueFormatter: exactRate },
        },
      ],
    },
    table: {
      caption: labels.approvalCaption,
      columns: [labels.period, labels.tokenApproval, labels.panApproval, labels.uplift],
      rows: points.map((p) => [
        datesLabel(p),
        formatRate(p.token.approvalRate),
        formatRate(p.pan.approvalRate),
        p.uplift === null ? '—' : formatPoints(p.uplift),
      ]),
    },
    target: ({ seriesIndex, dataIndex }) => {
      const point = points[dataIndex];
      if (!point) return null;
      return { dates: datesOf(point), condition: { cardToken: seriesIndex === 1 ? 'PAN' : 'TOKEN', funnelStageMin: 2 } };
    },
  };
}
