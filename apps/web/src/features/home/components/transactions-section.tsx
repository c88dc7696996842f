import type { Country } from '@andes/contract/common/countries';
import { type DateRange, defaultRange } from '@andes/contract/common/dates';
import { PRODUCTS, type Product } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import type { AmountSummary, ChartRangeRequest, Figures } from '@andes/contract/home/schemas';
import { Card, Col, Flex, Row, Segmented, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { EChart } from '../../../shared/ui/echart.tsx';
import { FigureCard } from '../../../shared/ui/figure-card.tsx';
import { ZonedDateRangePicker } from '../../../shared/ui/zoned-date-range-picker.tsx';
import { useAmountSummary } from '../api/use-amount-summary.ts';
import { useProductLineChart } from '../api/use-product-line-chart.ts';
import { useProductPieChart } from '../api/use-product-pie-chart.ts';
import { useTransactionLineChart } from '../api/use-transaction-line-chart.ts';
import { amountLinesChart, dailyTransactionsChart, formatCount, productPieChart } from '../chart-options.ts';
import { pieSlices } from '../figures.ts';
import { QueryContent } from './section-card.tsx';

/** How many product types the pie's spoken summary names. */
const SUMMARY_TOP = 5;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function DailyChart({ request }: { request: ChartRangeRequest }) {
  const { t } = useTranslation('home');
  const query = useTransactionLineChart(request);
  const product = t(`product.${request.product ?? 'payin'}`);
  const data = query.data;
  const chart = useMemo(
    () =>
      data &&
      dailyTransactionsChart(data.points, data.currency, {
        caption: t('transactions.lineCaption', { product, from: request.from, to: request.to }),
        date: t('col.date'),
        count: t('col.count'),
        amount: t('col.amount'),
      }),
    [data, t, product, request.from, request.to],
  );
  return (
    <Block title={t('transactions.lineTitle')}>
      <QueryContent query={query} rows={6}>
        {(answer) => {
          if (!chart) return null;
          const count = answer.points.reduce((sum, p) => sum + p.count, 0);
          const amount = answer.points.reduce((sum, p) => sum + p.amount, 0);
          return (
            <EChart
              {...chart}
              height={280}
              emptyText={t('transactions.empty')}
              summary={t('transactions.lineSummary', {
                product,
                from: request.from,
                to: request.to,
                count: formatCount(count),
                amount: formatCents(amount, answer.currency),
              })}
            />
          );
        }}
      </QueryContent>
    </Block>
  );
}

function SummaryCards({ summary }: { summary: AmountSummary }) {
  const { t } = useTranslation('home');
  const mobile = useIsMobile();
  const colProps = mobile ? { span: 12 } : { xs: 24, md: 12, lg: 6 };
  const product = (label: string, figures: Figures) => (
    <FigureCard
      label={label}
      cents={figures.successAmount}
      currency={summary.currency}
      footer={
        <Typography.Text type="secondary">
          {t('summary.succeeded', { success: formatCount(figures.successCount), count: formatCount(figures.count) })}
        </Typography.Text>
      }
    />
  );
  const counted = (label: string, figures: { count: number; amount: number }) => (
    <FigureCard
      label={label}
      cents={figures.amount}
      currency={summary.currency}
      footer={<Typography.Text type="secondary">{t('summary.count', { count: formatCount(figures.count) })}</Typography.Text>}
    />
  );
  const cards = [
    { key: 'payin', node: product(t('product.payin'), summary.payin) },
    { key: 'payout', node: product(t('product.payout'), summary.payout) },
    { key: 'marketplace', node: product(t('product.marketplace'), summary.marketplace) },
    { key: 'refund', node: counted(t('summary.refund'), summary.refund) },
    { key: 'chargeback', node: counted(t('summary.chargeback'), summary.chargeback) },
    { key: 'fee', node: <FigureCard label={t('summary.fee')} cents={summary.fee} currency={summary.currency} /> },
    { key: 'vat', node: <FigureCard label={t('summary.vat')} cents={summary.vat} currency={summary.currency} /> },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((card) => (
        <Col key={card.key} {...colProps}>
          {card.node}
        </Col>
      ))}
    </Row>
  );
}

function AmountSummaryBlock({ request }: { request: ChartRangeRequest }) {
  const { t } = useTranslation('home');
  const query = useAmountSummary(request);
  return (
    <Block title={t('summary.title')}>
      <QueryContent query={query} rows={4}>
        {(summary) => <SummaryCards summary={summary} />}
      </QueryContent>
    </Block>
  );
}

function PieBlock({ request }: { request: ChartRangeRequest }) {
  const { t } = useTranslation('home');
  const query = useProductPieChart(request);
  const product = t(`product.${request.product ?? 'payin'}`);
  const data = query.data;
  const chart = useMemo(() => {
    if (!data) return undefined;
    const slices = pieSlices(data.slices).map((s) => ({ name: t(`productType.${s.productType}`), count: s.count, amount: s.amount }));
    const built = productPieChart(slices, data.currency, {
      caption: t('pie.caption', { product, from: request.from, to: request.to }),
      x: t('col.productType'),
      count: t('col.count'),
      amount: t('col.amount'),
    });
    const top = slices
      .slice(0, SUMMARY_TOP)
      .map((s) => `${s.name} ${formatCents(s.amount, data.currency)}`)
      .join(', ');
    return { ...built, summary: slices.length === 0 ? t('transactions.empty') : t('pie.summary', { product, list: top }) };
  }, [data, t, product, request.from, request.to]);
  return (
    <Block title={t('pie.title')}>
      <QueryContent query={query} rows={6}>
        {() => chart && <EChart {...chart} height={300} emptyText={t('transactions.empty')} />}
      </QueryContent>
    </Block>
  );
}

function ProductLineBlock({ request }: { request: ChartRangeRequest }) {
  const { t } = useTranslation('home');
  const query = useProductLineChart(request);
  const product = t(`product.${request.product ?? 'payin'}`);
  const data = query.data;
  const chart = useMemo(() => {
    if (!data) return undefined;
    const active = data.series.filter((s) => s.points.some((p) => p.count > 0));
    const dates = data.series[0]?.points.map((p) => p.date) ?? [];
    const built = amountLinesChart(
      dates,
      active.map((s) => ({ name: t(`productType.${s.productType}`), amounts: s.points.map((p) => p.amount) })),
      data.currency,
      { caption: t('productLine.caption', { product, from: request.from, to: request.to }), x: t('col.date') },
    );
    return {
      ...built,
      summary:
        active.length === 0
          ? t('transactions.empty')
          : t('productLine.summary', { product, types: formatCount(active.length), from: request.from, to: request.to }),
    };
  }, [data, t, product, request.from, request.to]);
  return (
    <Block title={t('productLine.title')}>
      <QueryContent query={query} rows={6}>
        {() => chart && <EChart {...chart} height={300} emptyText={t('transactions.empty')} />}
      </QueryContent>
    </Block>
  );
}

/**
 * Transactions of a range of dates (default the last week, at most five months back, never after
 * today in the country's zone, spec §5/§9): per day for one product, the amount summary of every
 * kind, and the product's split by product type (pie) and per day (lines).
 */
export function TransactionsSection({ country, timeZone }: { country: Country; timeZone: string }) {
  const { t } = useTranslation('home');
  const mobile = useIsMobile();
  const [range, setRange] = useState<DateRange>(() => defaultRange(timeZone));
  const [product, setProduct] = useState<Product>('payin');
  const request: ChartRangeRequest = { country, from: range.from, to: range.to, product };
  const summaryRequest: ChartRangeRequest = { country, from: range.from, to: range.to };
  const rangeLabel = t('transactions.range', { zone: timeZone });
  return (
    <Card title={t('transactions.title')}>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<Product>
          aria-label={t('transactions.product')}
          value={product}
          onChange={setProduct}
          options={PRODUCTS.map((p) => ({ value: p, label: t(`product.${p}`) }))}
        />
        <ZonedDateRangePicker timeZone={timeZone} value={range} onChange={setRange} label={rangeLabel} />
        <Typography.Text type="secondary">{rangeLabel}</Typography.Text>
      </Flex>
      <Flex vertical gap={24}>
        <DailyChart request={request} />
        <AmountSummaryBlock request={summaryRequest} />
        <Row gutter={[24, 24]}>
          <Col span={mobile ? 24 : 10}>
            <PieBlock request={request} />
          </Col>
          <Col span={mobile ? 24 : 14}>
            <ProductLineBlock request={request} />
          </Col>
        </Row>
      </Flex>
    </Card>
  );
}
