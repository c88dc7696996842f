import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import type { CardTokenFilter } from '@andes/contract/revenue-assurance/enums';
import type { TokenizationFigures, TokenizationStatistics } from '@andes/contract/revenue-assurance/schemas';
import { Card, Col, Empty, Flex, Row, Statistic, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { ChartCard, ChartLoading, useStill } from '../../../shared/ui/chart-card.tsx';
import { EChart } from '../../../shared/ui/echart.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { useTokenization } from '../api/revenue-calls.ts';
import { DataTableFold, type Drill, DrillLink, useDrill } from '../components/chart-parts.tsx';
import { useFigureText } from '../components/figure-text.ts';
import { RevenueFilters } from '../components/revenue-filters.tsx';
import { Change } from '../components/situation-cards.tsx';
import {
  datesLabel,
  formatCount,
  formatPoints,
  formatRate,
  type TokenLabels,
  tokenApprovalChart,
  tokenShareChart,
} from '../revenue-charts.ts';
import { type DrillScope, type DrillTarget, type RevenueView, revenueViewOf, tokenizationRequestOf } from '../revenue-url.ts';

/** `/revenue-assurance/tokenization`. */
export function TokenizationPage() {
  const { t } = useTranslation('revenueAssurance');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <TokenizationScreen key={area.code} area={area} />;
}

/**
 * Tokenization of the selected country (issue #14 item 3; docs/decisions/0031): how many card
 * pay-ins used a network token, and their approval rate against those paid with the card number —
 * in all and per period. Every figure opens its pay-ins.
 */
function TokenizationScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('revenueAssurance');
  const [params] = useSearchParams();
  const zone = area.timezoneName;
  const view = revenueViewOf({ country: area.code, timeZone: zone }, params);
  const tokenView: RevenueView = { ...view, transactionType: 'PAY_IN', productTypes: [] };
  const query = useTokenization(tokenizationRequestOf(tokenView));
  return (
    <>
      <PageHeader title={t('tokenization.title')} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {t('tokenization.intro')} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
      </Typography.Paragraph>
      <RevenueFilters view={tokenView} withType={false} />
      <ChartLoading query={query}>{(stats) => <TokenizationContent stats={stats} view={tokenView} />}</ChartLoading>
    </>
  );
}

/** A figure of the token or card-number group and the link to its pay-ins. */
function groupTarget(dates: DrillTarget['dates'], token: CardTokenFilter, authorised: boolean): DrillTarget {
  return { dates, condition: authorised ? { cardToken: token, funnelStageMin: 2 } : { cardToken: token } };
}

function TokenizationContent({ stats, view }: { stats: TokenizationStatistics; view: RevenueView }) {
  const { t } = useTranslation('revenueAssurance');
  const text = useFigureText('PAY_IN');
  const { from, to } = view.range;
  const labels = useMemo<TokenLabels>(
    () => ({
      shareCaption: t('tokenization.shareCaption', { from, to }),
      approvalCaption: t('tokenization.approvalCaption', { from, to }),
      period: t('period'),
      token: t('tokenization.token'),
      pan: t('tokenization.pan'),
      tokenShare: t('tokenization.share'),
      tokenApproval: t('tokenization.tokenApproval'),
      panApproval: t('tokenization.panApproval'),
      uplift: t('tokenization.uplift'),
      count: t('tokenization.cardPayins'),
      approvalRate: t('approvalRate'),
    }),
    [t, from, to],
  );
  const share = useMemo(() => tokenShareChart(stats, labels), [stats, labels]);
  const approval = useMemo(() => tokenApprovalChart(stats, labels), [stats, labels]);
  const shareOption = useStill(share.option);
  const approvalOption = useStill(approval.option);
  const scope = useMemo<DrillScope>(() => ({ country: view.country, transactionType: 'PAY_IN', productTypes: [] }), [view.country]);
  const shareDrill = useDrill(scope, share);
  const approvalDrill = useDrill(scope, approval);
  const total = stats.total;
  const link = (drill: Drill, dates: DrillTarget['dates'], token: CardTokenFilter, authorised: boolean, count: number) => {
    const target = groupTarget(dates, token, authorised);
    return (
      <DrillLink drill={drill} target={target} label={text.link(count, text.card(token, authorised), target)}>
        {formatCount(count)}
      </DrillLink>
    );
  };
  type Point = TokenizationStatistics['points'][number];
  const columns: TableColumnsType<Point> = [
    { key: 'period', title: t('period'), render: (_, p) => datesLabel(p) },
    {
      key: 'token',
      title: t('tokenization.token'),
      align: 'right',
      render: (_, p) => link(shareDrill, p, 'TOKEN', false, p.token.created.count),
    },
    { key: 'pan', title: t('tokenization.pan'), align: 'right', render: (_, p) => link(shareDrill, p, 'PAN', false, p.pan.created.count) },
    { key: 'share', title: t('tokenization.share'), align: 'right', render: (_, p) => formatRate(p.tokenShare) },
    { key: 'tokenRate', title: t('tokenization.tokenApproval'), align: 'right', render: (_, p) => formatRate(p.token.approvalRate) },
    { key: 'panRate', title: t('tokenization.panApproval'), align: 'right', render: (_, p) => formatRate(p.pan.approvalRate) },
    {
      key: 'uplift',
      title: t('tokenization.uplift'),
      align: 'right',
      render: (_, p) => (p.uplift === null ? '—' : formatPoints(p.uplift)),
    },
  ];
  const summaryOf = (kind: 'shareSummary' | 'approvalSummary') =>
    `${t(`tokenization.${kind}`, {
      from,
      to,
      token: formatCount(total.token.created.count),
      pan: formatCount(total.pan.created.count),
      share: formatRate(total.tokenShare),
      tokenRate: formatRate(total.token.approvalRate),
      panRate: formatRate(total.pan.approvalRate),
    })} ${t('chartHint')}`;
  return (
    <Flex vertical gap={16}>
      <section aria-label={t('kpi.title')}>
        <Row gutter={[16, 16]}>
          <Col xs={12} lg={6}>
            <Figure title={t('tokenization.share')} value={formatRate(total.tokenShare)} hint={t('tokenization.shareHint')} />
          </Col>
          <Col xs={12} lg={6}>
            <Figure title={t('tokenization.tokenApproval')} value={formatRate(total.token.approvalRate)} hint={t('kpi.approvalHint')} />
          </Col>
          <Col xs={12} lg={6}>
            <Figure title={t('tokenization.panApproval')} value={formatRate(total.pan.approvalRate)} hint={t('kpi.approvalHint')} />
          </Col>
          <Col xs={12} lg={6}>
            <Figure
              title={t('tokenization.uplift')}
              value={total.uplift === null ? '—' : formatPoints(total.uplift)}
              hint={
                total.uplift === null ? t('tokenization.upliftHint') : <Change change={total.uplift} text={t('tokenization.upliftHint')} />
              }
            />
          </Col>
        </Row>
      </section>
      <ChartCard id="token-totals-title" title={t('tokenization.totals')}>
        <TotalsTable
          total={total}
          currency={stats.currency}
          link={(token, authorised, count) => link(shareDrill, view.range, token, authorised, count)}
        />
      </ChartCard>
      <ChartCard id="token-share-title" title={t('tokenization.shareTitle')}>
        <EChart
          option={shareOption}
          table={share.table}
          height={300}
          summary={summaryOf('shareSummary')}
          empty={share.empty}
          emptyText={t('tokenization.empty')}
          {...(shareDrill.onItemClick ? { onItemClick: shareDrill.onItemClick } : {})}
        />
        {!share.empty && (
          <DataTableFold label={t('tokenization.shareTitle')}>
            <ScrollTable<Point>
              label={t('dataTable', { name: t('tokenization.shareTitle') })}
              size="small"
              rowKey="period"
              pagination={false}
              columns={columns}
              dataSource={stats.points}
            />
          </DataTableFold>
        )}
      </ChartCard>
      <ChartCard id="token-approval-title" title={t('tokenization.approvalTitle')}>
        <EChart
          option={approvalOption}
          table={approval.table}
          height={300}
          summary={summaryOf('approvalSummary')}
          empty={approval.empty}
          emptyText={t('tokenization.empty')}
          {...(approvalDrill.onItemClick ? { onItemClick: approvalDrill.onItemClick } : {})}
        />
      </ChartCard>
    </Flex>
  );
}

function Figure({ title, value, hint }: { title: string; value: string; hint: ReactNode }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} valueRender={() => value} styles={{ content: { fontSize: 22 } }} />
      <Typography.Text type="secondary">{hint}</Typography.Text>
    </Card>
  );
}

interface TotalRow {
  key: CardTokenFilter;
  figures: TokenizationFigures['token'];
}

/** With a token and with the card number: created, submitted, authorised (each opens its pay-ins), amount and approval rate. */
function TotalsTable({
  total,
  currency,
  link,
}: {
  total: TokenizationFigures;
  currency: TokenizationStatistics['currency'];
  link(token: CardTokenFilter, authorised: boolean, count: number): ReactNode;
}) {
  const { t } = useTranslation('revenueAssurance');
  const rows: TotalRow[] = [
    { key: 'TOKEN', figures: total.token },
    { key: 'PAN', figures: total.pan },
  ];
  const columns: TableColumnsType<TotalRow> = [
    {
      key: 'kind',
      title: t('tokenization.credential'),
      render: (_, r) => (r.key === 'TOKEN' ? t('tokenization.token') : t('tokenization.pan')),
    },
    { key: 'created', title: t('created'), align: 'right', render: (_, r) => link(r.key, false, r.figures.created.count) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, r) => formatCents(r.figures.created.amount, currency) },
    { key: 'submitted', title: t('submitted'), align: 'right', render: (_, r) => formatCount(r.figures.submitted) },
    { key: 'authorised', title: t('authorised'), align: 'right', render: (_, r) => link(r.key, true, r.figures.authorised) },
    { key: 'rate', title: t('approvalRate'), align: 'right', render: (_, r) => formatRate(r.figures.approvalRate) },
  ];
  return (
    <ScrollTable<TotalRow>
      label={t('tokenization.totalsTable')}
      size="small"
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={rows}
    />
  );
}
