import { formatCents } from '@andes/contract/common/money';
import { FUNNEL_STAGE_NAMES, type FunnelStageName } from '@andes/contract/revenue-assurance/enums';
import type {
  ApprovalFunnel,
  ApprovalTrend,
  ApprovalTrendPoint,
  FailReasonEntry,
  FailReasonRanking,
  FunnelFigures,
  VolumeSuccessChart,
  VolumeSuccessPoint,
} from '@andes/contract/revenue-assurance/schemas';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ChartCard, ChartLoading, useStill } from '../../../shared/ui/chart-card.tsx';
import type { EChartOption } from '../../../shared/ui/echart-option.ts';
import { useApprovalFunnel, useApprovalTrend, useFailReasons, useVolumeCurve } from '../api/revenue-calls.ts';
import {
  COLORS,
  type DrillChart,
  datesLabel,
  directionOf,
  type FunnelRow,
  formatChange,
  formatCount,
  formatPoints,
  formatRate,
  funnelChart,
  funnelRows,
  reasonName,
  reasonsChart,
  STAGE_CONDITION,
  trendChart,
  volumeChart,
} from '../revenue-charts.ts';
import {
  curveRequestOf,
  type DrillScope,
  type DrillTarget,
  previousRangeOf,
  type RevenueView,
  rankingRequestOf,
  revenueRequestOf,
} from '../revenue-url.ts';
import { DataTableFold, type Drill, DrillEChart, DrillLink, FiguresTable, useDrill } from './chart-parts.tsx';
import { type FigureText, useFigureText } from './figure-text.ts';

const scopeOf = (view: RevenueView): DrillScope => ({
  country: view.country,
  transactionType: view.transactionType,
  productTypes: view.productTypes,
});

/**
 * A column of a period's count at a funnel stage, each figure opening its transactions ("View the
 * 12 settled pay-ins of 2026-11-03").
 */
function stageColumn<T extends DrillTarget['dates']>(
  drill: Drill,
  text: FigureText,
  stage: FunnelStageName,
  title: string,
  countOf: (p: T) => number,
): TableColumnsType<T>[number] {
  return {
    key: stage.toLowerCase(),
    title,
    align: 'right',
    render: (_, p) => (
      <DrillLink
        drill={drill}
        target={{ dates: p, condition: STAGE_CONDITION[stage] }}
        label={text.link(countOf(p), text.stage(stage), { dates: p, condition: {} })}
      >
        {formatCount(countOf(p))}
      </DrillLink>
    ),
  };
}

/** A chart of the view's scope, still for people who asked for less motion, whose items drill down. */
function useViewChart(view: RevenueView, chart: DrillChart) {
  const option = useStill(chart.option);
  const scope = useMemo(() => scopeOf(view), [view]);
  const drill = useDrill(scope, chart);
  return { option, drill };
}

/** A chart over its figures' table, folded away until asked for. */
function ChartOverTable<T extends object>({
  chart,
  option,
  drill,
  summary,
  emptyText,
  tableTitle,
  rowKey,
  columns,
  rows,
}: {
  chart: DrillChart;
  option: EChartOption;
  drill: Drill;
  summary: string;
  emptyText: string;
  tableTitle: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  rows: readonly T[];
}) {
  const { t } = useTranslation('revenueAssurance');
  return (
    <>
      <DrillEChart chart={chart} option={option} drill={drill} summary={summary} emptyText={emptyText} height={300} />
      {!chart.empty && (
        <DataTableFold label={tableTitle}>
          <FiguresTable<T> label={t('dataTable', { name: tableTitle })} rowKey={rowKey} columns={columns} rows={rows} />
        </DataTableFold>
      )}
    </>
  );
}

/** A change shown as an arrow and its text; `goodWhenUp` colours it (a rising failure count is bad). */
export function Change({ change, text, goodWhenUp = true }: { change: number | null; text: string; goodWhenUp?: boolean }) {
  const direction = directionOf(change);
  const good = direction === 'flat' ? null : (direction === 'up') === goodWhenUp;
  const Icon = direction === 'up' ? ArrowUpOutlined : direction === 'down' ? ArrowDownOutlined : MinusOutlined;
  return (
    <Typography.Text type={good === null ? 'secondary' : good ? 'success' : 'danger'}>
      <Icon aria-hidden style={{ marginInlineEnd: 4 }} />
      {text}
    </Typography.Text>
  );
}

// ---- KPI cards -----------------------------------------------------------------------------------

interface KpiProps {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  change: ReactNode;
  link?: ReactNode;
}

function Kpi({ title, value, hint, change, link }: KpiProps) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} valueRender={() => value} styles={{ content: { fontSize: 22 } }} />
      {hint && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {hint}
        </Typography.Text>
      )}
      <Flex vertical gap={4} style={{ marginTop: 4 }}>
        <span>{change}</span>
        {link && <span>{link}</span>}
      </Flex>
    </Card>
  );
}

/**
 * Created, settled, success rate and approval rate of the range, each with its change from the
 * range of as many days just before (when that lies in the searchable window).
 */
export function KpiCards({ view }: { view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const request = revenueRequestOf(view);
  const previousRange = previousRangeOf(view.range, view.timeZone);
  const current = useApprovalFunnel(request);
  const previous = useApprovalFunnel(previousRange && { ...request, range: previousRange });
  const text = useFigureText(view.transactionType);
  const drill = useDrill(scopeOf(view), null);
  return (
    <section aria-label={t('kpi.title')}>
      <ChartLoading query={current}>
        {(funnel) => {
          const now = funnel.total;
          const before = previousRange ? (previous.data?.total ?? null) : null;
          const countChange = (a: number, b: number | undefined) => (b === undefined || b === 0 ? null : (a - b) / b);
          const rateChange = (a: number | null, b: number | null | undefined) =>
            a === null || b === null || b === undefined ? null : a - b;
          const against = previousRange ? t('kpi.against', { dates: datesLabel(previousRange) }) : t('kpi.noPrevious');
          const changeOf = (change: number | null, shown: (c: number) => string) =>
            before === null ? (
              <Typography.Text type="secondary">{against}</Typography.Text>
            ) : (
              <Change change={change} text={change === null ? t('kpi.noChange', { against }) : `${shown(change)} ${against}`} />
            );
          const link = (stage: FunnelStageName, count: number) => (
            <DrillLink
              drill={drill}
              target={{ dates: view.range, condition: STAGE_CONDITION[stage] }}
              label={text.link(count, text.stage(stage), { dates: view.range, condition: {} })}
            >
              {t('kpi.view')}
            </DrillLink>
          );
          return (
            <Row gutter={[16, 16]}>
              <Col xs={12} lg={6}>
                <Kpi
                  title={t('kpi.created', { kind: text.kind })}
                  value={formatCount(now.created.count)}
                  hint={<Amount cents={now.created.amount} currency={funnel.currency} abbreviate />}
                  change={changeOf(countChange(now.created.count, before?.created.count), formatChange)}
                  link={link('CREATED', now.created.count)}
                />
              </Col>
              <Col xs={12} lg={6}>
                <Kpi
                  title={t('kpi.settled', { kind: text.kind })}
                  value={formatCount(now.settled.count)}
                  hint={<Amount cents={now.settled.amount} currency={funnel.currency} abbreviate />}
                  change={changeOf(countChange(now.settled.count, before?.settled.count), formatChange)}
                  link={link('SETTLED', now.settled.count)}
                />
              </Col>
              <Col xs={12} lg={6}>
                <Kpi
                  title={t('kpi.successRate')}
                  value={formatRate(now.conversionRate)}
                  hint={t('kpi.successHint')}
                  change={changeOf(rateChange(now.conversionRate, before?.conversionRate), formatPoints)}
                />
              </Col>
              <Col xs={12} lg={6}>
                <Kpi
                  title={t('kpi.approvalRate')}
                  value={formatRate(now.approvalRate)}
                  hint={t('kpi.approvalHint')}
                  change={changeOf(rateChange(now.approvalRate, before?.approvalRate), formatPoints)}
                />
              </Col>
            </Row>
          );
        }}
      </ChartLoading>
    </section>
  );
}

// ---- volume and success ------------------------------------------------------------------------------

export function VolumeCard({ view }: { view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const query = useVolumeCurve(curveRequestOf(view));
  return (
    <ChartCard id="volume-title" title={t('volume.title')}>
      <ChartLoading query={query}>{(curve) => <VolumeContent curve={curve} view={view} />}</ChartLoading>
    </ChartCard>
  );
}

function VolumeContent({ curve, view }: { curve: VolumeSuccessChart; view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const text = useFigureText(view.transactionType);
  const { from, to } = view.range;
  const chart = useMemo(
    () =>
      volumeChart(curve, {
        caption: t('volume.caption', { kind: text.kind, from, to }),
        period: t('period'),
        created: t('created'),
        settled: t('settled'),
        createdAmount: t('createdAmount'),
        settledAmount: t('settledAmount'),
        successRate: t('successRate'),
        count: t('count', { kind: text.kind }),
      }),
    [curve, t, text.kind, from, to],
  );
  const { option, drill } = useViewChart(view, chart);
  const rates = curve.points.map((p) => p.successRate).filter((r): r is number => r !== null);
  const summary = t('volume.summary', {
    kind: text.kind,
    from,
    to,
    created: formatCount(curve.total.created.count),
    settled: formatCount(curve.total.settled.count),
    rate: formatRate(curve.total.successRate),
    low: formatRate(rates.length > 0 ? Math.min(...rates) : null),
    high: formatRate(rates.length > 0 ? Math.max(...rates) : null),
  });
  const columns: TableColumnsType<VolumeSuccessPoint> = [
    { key: 'period', title: t('period'), render: (_, p) => datesLabel(p) },
    stageColumn(drill, text, 'CREATED', t('created'), (p) => p.created.count),
    stageColumn(drill, text, 'SETTLED', t('settled'), (p) => p.settled.count),
    { key: 'amount', title: t('settledAmount'), align: 'right', render: (_, p) => formatCents(p.settled.amount, curve.currency) },
    { key: 'rate', title: t('successRate'), align: 'right', render: (_, p) => formatRate(p.successRate) },
  ];
  return (
    <ChartOverTable<VolumeSuccessPoint>
      chart={chart}
      option={option}
      drill={drill}
      summary={summary}
      emptyText={t('empty', { kind: text.kind })}
      tableTitle={t('volume.title')}
      rowKey="period"
      columns={columns}
      rows={curve.points}
    />
  );
}

// ---- approval trend --------------------------------------------------------------------------------

export function TrendCard({ view }: { view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const query = useApprovalTrend(view.granularity, revenueRequestOf(view));
  return (
    <ChartCard id="trend-title" title={t('trend.title', { granularity: t(`granularity.${view.granularity}`) })}>
      <ChartLoading query={query}>{(trend) => <TrendContent trend={trend} view={view} />}</ChartLoading>
    </ChartCard>
  );
}

function TrendContent({ trend, view }: { trend: ApprovalTrend; view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const text = useFigureText(view.transactionType);
  const { from, to } = view.range;
  const chart = useMemo(
    () =>
      trendChart(trend, {
        caption: t('trend.caption', { kind: text.kind, from, to }),
        period: t('period'),
        submitted: t('submitted'),
        authorised: t('authorised'),
        approvalRate: t('approvalRate'),
        change: t('trend.change'),
        count: t('count', { kind: text.kind }),
      }),
    [trend, t, text.kind, from, to],
  );
  const { option, drill } = useViewChart(view, chart);
  const last = trend.points.at(-1);
  const summary = t('trend.summary', {
    kind: text.kind,
    from,
    to,
    rate: formatRate(trend.total.approvalRate),
    submitted: formatCount(trend.total.submitted),
    authorised: formatCount(trend.total.authorised),
    last: last ? formatRate(last.approvalRate) : '—',
    change: last?.delta == null ? '—' : formatPoints(last.delta),
  });
  const columns: TableColumnsType<ApprovalTrendPoint> = [
    { key: 'period', title: t('period'), render: (_, p) => datesLabel(p) },
    stageColumn(drill, text, 'SUBMITTED', t('submitted'), (p) => p.submitted),
    stageColumn(drill, text, 'AUTHORISED', t('authorised'), (p) => p.authorised),
    { key: 'rate', title: t('approvalRate'), align: 'right', render: (_, p) => formatRate(p.approvalRate) },
    {
      key: 'delta',
      title: t('trend.change'),
      align: 'right',
      render: (_, p) => (p.delta === null ? '—' : <Change change={p.delta} text={formatPoints(p.delta)} />),
    },
  ];
  return (
    <ChartOverTable<ApprovalTrendPoint>
      chart={chart}
      option={option}
      drill={drill}
      summary={summary}
      emptyText={t('empty', { kind: text.kind })}
      tableTitle={t('trend.tableTitle')}
      rowKey="period"
      columns={columns}
      rows={trend.points}
    />
  );
}

// ---- funnel --------------------------------------------------------------------------------------------

export function FunnelCard({ view }: { view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const query = useApprovalFunnel(revenueRequestOf(view));
  return (
    <ChartCard id="funnel-title" title={t('funnel.title')}>
      <ChartLoading query={query}>{(funnel) => <FunnelContent funnel={funnel} view={view} />}</ChartLoading>
    </ChartCard>
  );
}

function stageLink(
  drill: Drill,
  text: FigureText,
  view: RevenueView,
  stage: FunnelStageName,
  count: number,
  product?: { code: string; name: string },
) {
  const target = { dates: view.range, condition: STAGE_CONDITION[stage] };
  const what = product ? text.ofProduct(text.stage(stage), product.name) : text.stage(stage);
  return (
    <DrillLink drill={drill} target={target} label={text.link(count, what, target)} {...(product ? { productTypes: [product.code] } : {})}>
      {formatCount(count)}
    </DrillLink>
  );
}

function FunnelContent({ funnel, view }: { funnel: ApprovalFunnel; view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const { t: tx } = useTranslation('transactions');
  const text = useFigureText(view.transactionType);
  const { range } = view;
  const chart = useMemo(
    () =>
      funnelChart(funnel.total, funnel.currency, range, {
        caption: t('funnel.caption', { kind: text.kind, from: range.from, to: range.to }),
        stageHeader: t('funnel.stage'),
        count: t('funnel.count'),
        amount: t('amount'),
        stepRate: t('funnel.stepRate'),
        dropOff: t('funnel.dropOff'),
        stage: (stage) => t(`stage.${stage}`),
      }),
    [funnel, t, text.kind, range],
  );
  const { option, drill } = useViewChart(view, chart);
  const rows = funnelRows(funnel.total);
  const total = funnel.total;
  const summary = t('funnel.summary', {
    kind: text.kind,
    from: range.from,
    to: range.to,
    created: formatCount(total.created.count),
    submitted: formatCount(total.submitted.count),
    authorised: formatCount(total.authorised.count),
    settled: formatCount(total.settled.count),
    conversion: formatRate(total.conversionRate),
  });
  const columns: TableColumnsType<FunnelRow> = [
    {
      key: 'stage',
      title: t('funnel.stage'),
      render: (_, row) => (
        <Flex gap={8} align="center">
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: stageColor(row.stage), flex: 'none' }} />
          {t(`stage.${row.stage}`)}
        </Flex>
      ),
    },
    { key: 'count', title: t('funnel.count'), align: 'right', render: (_, row) => stageLink(drill, text, view, row.stage, row.count) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => formatCents(row.amount, funnel.currency) },
    { key: 'step', title: t('funnel.stepRate'), align: 'right', render: (_, row) => formatRate(row.stepRate) },
    { key: 'ofCreated', title: t('funnel.ofCreated'), align: 'right', render: (_, row) => formatRate(row.ofCreated) },
    {
      key: 'dropOff',
      title: t('funnel.dropOff'),
      align: 'right',
      render: (_, row) =>
        row.dropOff === null ? (
          '—'
        ) : (
          <Typography.Text type={row.dropOff.count > 0 ? 'danger' : 'secondary'}>
            {t('funnel.lost', { number: formatCount(row.dropOff.count), what: t(`drop.${row.stage}`) })}
          </Typography.Text>
        ),
    },
  ];
  type ProductRow = FunnelFigures & { productType: string };
  const productColumns: TableColumnsType<ProductRow> = [
    { key: 'productType', title: t('filter.productTypes'), render: (_, row) => tx(`productType.${row.productType}` as 'productType.PIX') },
    ...FUNNEL_STAGE_NAMES.map((stage) => ({
      key: stage,
      title: t(`stage.${stage}`),
      align: 'right' as const,
      render: (_: unknown, row: ProductRow) =>
        stageLink(drill, text, view, stage, row[STAGE_KEY[stage]].count, {
          code: row.productType,
          name: tx(`productType.${row.productType}` as 'productType.PIX'),
        }),
    })),
    { key: 'conversion', title: t('funnel.conversion'), align: 'right', render: (_, row) => formatRate(row.conversionRate) },
  ];
  return (
    <Flex vertical gap={12}>
      <Row gutter={[16, 16]} align="middle">
        <Col xs={24} xxl={10}>
          <DrillEChart
            chart={chart}
            option={option}
            drill={drill}
            summary={summary}
            emptyText={t('empty', { kind: text.kind })}
            height={220}
          />
        </Col>
        {!chart.empty && (
          <Col xs={24} xxl={14}>
            <FiguresTable<FunnelRow> label={t('funnel.tableTitle')} rowKey="stage" columns={columns} rows={rows} />
          </Col>
        )}
      </Row>
      {funnel.byProductType.length > 1 && (
        <section aria-labelledby="funnel-products-title">
          <Typography.Text strong id="funnel-products-title">
            {t('funnel.byProduct')}
          </Typography.Text>
          <FiguresTable<ProductRow>
            label={t('dataTable', { name: t('funnel.byProduct') })}
            rowKey="productType"
            columns={productColumns}
            rows={funnel.byProductType}
          />
        </section>
      )}
    </Flex>
  );
}

const stageColor = (stage: FunnelStageName) =>
  ({ CREATED: COLORS.created, SUBMITTED: COLORS.submitted, AUTHORISED: COLORS.authorised, SETTLED: COLORS.settled })[stage];
const STAGE_KEY: Readonly<Record<FunnelStageName, 'created' | 'submitted' | 'authorised' | 'settled'>> = {
  CREATED: 'created',
  SUBMITTED: 'submitted',
  AUTHORISED: 'authorised',
  SETTLED: 'settled',
};

// ---- fail reasons ---------------------------------------------------------------------------------------

export function ReasonsCard({ view }: { view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const query = useFailReasons(rankingRequestOf(view));
  return (
    <ChartCard id="reasons-title" title={t('reasons.title')}>
      <ChartLoading query={query}>{(ranking) => <ReasonsContent ranking={ranking} view={view} />}</ChartLoading>
    </ChartCard>
  );
}

function ReasonsContent({ ranking, view }: { ranking: FailReasonRanking; view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const text = useFigureText(view.transactionType);
  const { range } = view;
  const chart = useMemo(
    () =>
      reasonsChart(ranking, range, {
        caption: t('reasons.caption', { kind: text.kind, from: range.from, to: range.to }),
        reason: t('reasons.reason'),
        kind: t('reasons.kind'),
        count: t('reasons.count'),
        share: t('reasons.share'),
        trend: t('reasons.trend'),
        noReason: text.noReason,
        kindName: (kind) => t(`failKind.${kind}`),
      }),
    [ranking, range, t, text.kind, text.noReason],
  );
  const { option, drill } = useViewChart(view, chart);
  const top = ranking.reasons[0];
  const summary = t('reasons.summary', {
    kind: text.kind,
    from: range.from,
    to: range.to,
    count: formatCount(ranking.total.count),
    soft: formatCount(ranking.soft.count),
    hard: formatCount(ranking.hard.count),
    top: top ? `${reasonName(top.reason, text.noReason)} (${formatCount(top.count)}, ${formatRate(top.share)})` : '—',
  });
  const previous = datesLabel(ranking.previousRange);
  const columns: TableColumnsType<FailReasonEntry> = [
    { key: 'rank', title: '#', align: 'right', render: (_, __, index) => index + 1 },
    {
      key: 'reason',
      title: t('reasons.reason'),
      render: (_, r) => {
        const target = { dates: range, condition: { failReason: r.reason } };
        return (
          <DrillLink drill={drill} target={target} label={text.link(r.count, text.reason(r.reason), target)}>
            {reasonName(r.reason, text.noReason)}
          </DrillLink>
        );
      },
    },
    {
      key: 'kind',
      title: t('reasons.kind'),
      render: (_, r) => <Tag color={r.kind === 'SOFT' ? 'gold' : 'red'}>{t(`failKind.${r.kind}`)}</Tag>,
    },
    { key: 'count', title: t('reasons.count'), align: 'right', render: (_, r) => formatCount(r.count) },
    { key: 'share', title: t('reasons.share'), align: 'right', render: (_, r) => formatRate(r.share) },
    {
      key: 'trend',
      title: t('reasons.trendAgainst', { dates: previous }),
      align: 'right',
      render: (_, r) => (
        <Change
          change={r.trend ?? (r.count > 0 ? 1 : null)}
          goodWhenUp={false}
          text={
            r.trend !== null
              ? t('reasons.trendText', { change: formatChange(r.trend), previous: formatCount(r.previousCount) })
              : r.previousCount === 0
                ? t('reasons.new')
                : '—'
          }
        />
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {t('reasons.totals', {
          count: formatCount(ranking.total.count),
          soft: formatCount(ranking.soft.count),
          hard: formatCount(ranking.hard.count),
          previous: formatCount(ranking.previousTotal.count),
          dates: previous,
        })}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={10}>
          <DrillEChart
            chart={chart}
            option={option}
            drill={drill}
            summary={summary}
            emptyText={t('reasons.empty', { kind: text.kind })}
            height={Math.max(160, ranking.reasons.length * 30 + 20)}
          />
        </Col>
        {!chart.empty && (
          <Col xs={24} xxl={14}>
            <FiguresTable<FailReasonEntry> label={t('reasons.tableTitle')} rowKey="reason" columns={columns} rows={ranking.reasons} />
          </Col>
        )}
      </Row>
      <Legend />
    </Flex>
  );
}

/** Explains the soft and hard tags. */
function Legend() {
  const { t } = useTranslation('revenueAssurance');
  return (
    <Typography.Text type="secondary">
      <Tag color="gold">{t('failKind.SOFT')}</Tag>
      {t('failKind.softHint')} <Tag color="red">{t('failKind.HARD')}</Tag>
      {t('failKind.hardHint')}
    </Typography.Text>
  );
}
