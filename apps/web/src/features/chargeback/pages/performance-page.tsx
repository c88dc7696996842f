import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { productTypesOf } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import { CURVE_GRANULARITIES, type CurveGranularity } from '@andes/contract/risk/enums';
import type { CurveChart, RingChart } from '@andes/contract/risk/schemas';
import { CARD_BRANDS } from '@andes/contract/transaction/parts';
import { Col, Empty, Flex, Row, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { patchParams } from '../../../shared/list/url-params.ts';
import { ListFilterBar, type ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { filterPatch } from '../../../shared/list-screen/list-filters.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ChartCard, ChartLoading, useStill } from '../../../shared/ui/chart-card.tsx';
import { EChart } from '../../../shared/ui/echart.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RadioTabs } from '../../../shared/ui/radio-tabs.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { usePerformanceCurve, usePerformanceRing } from '../api/chargeback-calls.ts';
import { CURVE_BASES, type CurveBasis, PERFORMANCE_FILTERS, type PerformanceView, performanceViewOf } from '../chargeback-url.ts';
import {
  curveChart,
  curveTotals,
  formatCount,
  formatRate,
  lineColorOf,
  peakRate,
  periodsAbove,
  type RingRow,
  ringChart,
  ringRows,
  SLICE_COLORS,
  type Threshold,
  thresholdLines,
} from '../performance-charts.ts';

/** `/risk/performance`. */
export function PerformancePage() {
  const { t } = useTranslation('chargeback');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <PerformanceScreen key={area.code} area={area} />;
}

/**
 * Risk performance of the selected country (spec §2 Risk → Performance; docs/decisions/0028): what
 * became of the period's pay-ins as a ring with its table, and the chargeback curve — daily, weekly
 * or monthly, by count or by amount — with the card networks' thresholds as labelled lines. The
 * filters, period and view live in the URL; every chart has a spoken summary and a data table.
 */
function PerformanceScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('chargeback');
  const zone = area.timezoneName;
  const [params, setParams] = useSearchParams();
  const view = performanceViewOf({ country: area.code, timeZone: zone }, params);
  const set = (patch: Record<string, string | undefined>) => setParams(patchParams(params, patch));

  const fields: ListFilterField[] = [
    { kind: 'dateRange', name: 'range', label: t('performance.range', { zone }), timeZone: zone, clearable: false },
    {
      kind: 'select',
      name: 'productType',
      label: t('performance.productType'),
      width: 190,
      searchable: true,
      options: productTypesOf(area.code).map((p) => ({ value: p, label: t(`productType.${p}` as 'productType.CARD') })),
    },
    {
      kind: 'select',
      name: 'cardBrand',
      label: t('performance.cardBrand'),
      width: 170,
      options: CARD_BRANDS.map((b) => ({ value: b, label: t(`cardBrand.${b}`) })),
    },
  ];

  return (
    <>
      <PageHeader title={t('performance.title')} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {t('performance.intro')} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
      </Typography.Paragraph>
      <ListFilterBar
        name="performance-filters"
        label={t('performance.filters')}
        fields={fields}
        values={{ range: view.request.range, productType: view.request.productType, cardBrand: view.request.cardBrand }}
        onSearch={(values) => set(filterPatch(PERFORMANCE_FILTERS, values) as Record<string, string | undefined>)}
      />
      <Flex vertical gap={16}>
        <RingCard view={view} />
        <CurveCard view={view} onGranularity={(granularity) => set({ granularity })} onBasis={(basis) => set({ basis })} />
      </Flex>
    </>
  );
}

function RingCard({ view }: { view: PerformanceView }) {
  const { t } = useTranslation('chargeback');
  const query = usePerformanceRing(view.request);
  return (
    <ChartCard id="ring-title" title={t('ring.title')}>
      <ChartLoading query={query}>{(ring) => <RingContent ring={ring} view={view} />}</ChartLoading>
    </ChartCard>
  );
}

function RingContent({ ring, view }: { ring: RingChart; view: PerformanceView }) {
  const { t } = useTranslation('chargeback');
  const { from, to } = view.request.range;
  const chart = useMemo(
    () =>
      ringChart(ring, {
        caption: t('ring.caption', { from, to }),
        outcome: t('ring.outcome'),
        count: t('ring.count'),
        amount: t('ring.amount'),
        share: t('ring.share'),
        slice: (slice) => t(`slice.${slice}`),
      }),
    [ring, t, from, to],
  );
  const option = useStill(chart.option);
  if (chart.empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('performance.empty')} />;
  const rows = ringRows(ring);
  const parts = rows
    .filter((r) => r.count > 0)
    .map((r) => t('ring.part', { name: t(`slice.${r.slice}`), count: formatCount(r.count), share: formatRate(r.share) }))
    .join(', ');
  const columns: TableColumnsType<RingRow> = [
    {
      key: 'slice',
      title: t('ring.outcome'),
      render: (_, row) => (
        <Flex gap={8} align="center">
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: SLICE_COLORS[row.slice], flex: 'none' }} />
          {t(`slice.${row.slice}`)}
        </Flex>
      ),
    },
    { key: 'count', title: t('ring.count'), align: 'right', render: (_, row) => formatCount(row.count) },
    { key: 'amount', title: t('ring.amount'), align: 'right', render: (_, row) => <Amount cents={row.amount} currency={ring.currency} /> },
    { key: 'share', title: t('ring.share'), align: 'right', render: (_, row) => formatRate(row.share) },
  ];
  return (
    <Row gutter={[16, 16]} align="middle">
      <Col xs={24} md={10}>
        <EChart
          option={option}
          table={chart.table}
          height={240}
          summary={t('ring.summary', { count: formatCount(ring.total.count), from, to, parts })}
        />
      </Col>
      <Col xs={24} md={14}>
        <ScrollTable<RingRow>
          label={t('ring.title')}
          size="small"
          rowKey="slice"
          pagination={false}
          columns={columns}
          dataSource={rows}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('ring.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>{formatCount(ring.total.count)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <Typography.Text strong>{formatCents(ring.total.amount, ring.currency)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong>{formatRate(1)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Col>
    </Row>
  );
}

interface CurveCardProps {
  view: PerformanceView;
  onGranularity(granularity: CurveGranularity): void;
  onBasis(basis: CurveBasis): void;
}

function CurveCard({ view, onGranularity, onBasis }: CurveCardProps) {
  const { t } = useTranslation('chargeback');
  const query = usePerformanceCurve(view.granularity, view.request);
  return (
    <ChartCard id="curve-title" title={t('curve.title')}>
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <RadioTabs
          label={t('curve.granularity')}
          value={view.granularity}
          options={CURVE_GRANULARITIES.map((g) => ({ value: g, label: t(`curve.granularity.${g}`) }))}
          onChange={onGranularity}
        />
        <RadioTabs
          label={t('curve.basis')}
          value={view.basis}
          options={CURVE_BASES.map((b) => ({ value: b, label: t(`curve.basis.${b}`) }))}
          onChange={onBasis}
        />
      </Flex>
      <ChartLoading query={query}>{(curve) => <CurveContent curve={curve} view={view} />}</ChartLoading>
    </ChartCard>
  );
}

function CurveContent({ curve, view }: { curve: CurveChart; view: PerformanceView }) {
  const { t } = useTranslation('chargeback');
  const mobile = useIsMobile();
  const { basis } = view;
  const { from, to } = view.request.range;
  const lines = useMemo(
    () =>
      thresholdLines(
        curve.thresholds,
        basis,
        (th: Threshold) => `${t(`network.${th.network}` as 'network.VISA', { defaultValue: th.network })} ${th.programme}`,
      ),
    [curve.thresholds, basis, t],
  );
  const chart = useMemo(
    () =>
      curveChart(curve, basis, lines, {
        caption: t('curve.caption', { from, to }),
        period: t('curve.period'),
        transactions: t('curve.transactions'),
        volume: t('curve.volume'),
        chargebacks: t('curve.chargebacks'),
        chargebackAmount: t('curve.chargebackAmount'),
        rateByCount: t('curve.rateByCount'),
        rateByAmount: t('curve.rateByAmount'),
        // A phone's chart is too narrow for the names: the rate labels the line, the list below names it.
        line: (line) =>
          mobile ? formatRate(line.rate) : t('curve.thresholdLine', { names: line.names.join(' · '), rate: formatRate(line.rate) }),
      }),
    [curve, basis, lines, t, from, to, mobile],
  );
  const option = useStill(chart.option);
  const totals = curveTotals(curve.points);
  const above = periodsAbove(curve.points, basis, lines);
  const lowest = lines[0];
  const summary = [
    t('curve.summary', {
      view: basis === 'COUNT' ? t('curve.rateByCount') : t('curve.rateByAmount'),
      from,
      to,
      chargebacks: formatCount(totals.chargebacks),
      transactions: formatCount(totals.transactions),
      peak: formatRate(peakRate(curve.points, basis)),
    }),
    lowest ? t('curve.summaryAbove', { count: above, rate: formatRate(lowest.rate) }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const shown = curve.thresholds.filter((th) => th.basis === basis);
  return (
    <Flex vertical gap={12}>
      <EChart option={option} table={chart.table} height={320} summary={summary} empty={chart.empty} emptyText={t('curve.empty')} />
      {shown.length > 0 ? (
        <div>
          <Typography.Text strong id="curve-thresholds-title">
            {t('curve.thresholds')}
          </Typography.Text>
          <ul aria-labelledby="curve-thresholds-title" style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {shown.map((th) => (
              <li key={`${th.network}-${th.programme}`}>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 18,
                    marginInlineEnd: 6,
                    verticalAlign: 'middle',
                    borderTop: `2px dashed ${lineColorOf(lines, th.rate)}`,
                  }}
                />
                <Typography.Text>
                  {t('curve.threshold', {
                    network: t(`network.${th.network}` as 'network.VISA', { defaultValue: th.network }),
                    programme: th.programme,
                    rate: formatRate(th.rate),
                    minCount: formatCount(th.minCount),
                  })}
                </Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary">{t('curve.thresholdNote')}</Typography.Text>
        </div>
      ) : (
        curve.thresholds.length > 0 && <Typography.Text type="secondary">{t('curve.amountNote')}</Typography.Text>
      )}
    </Flex>
  );
}
