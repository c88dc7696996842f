import { CHARGEBACK_STATUSES } from '@andes/contract/common/enums';
import { DEADLINE_BUCKETS, type DeadlineBucket } from '@andes/contract/risk/enums';
import type { ChargebackSummary } from '@andes/contract/risk/schemas';
import { Button, Card, Col, Flex, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { BUCKET_BAND } from '../days-left.ts';
import { formatCount } from '../performance-charts.ts';
import { ChargebackStatusTag } from './chargeback-status.tsx';

interface SummaryBoardProps {
  query: { data: ChargebackSummary | undefined; isError: boolean; isPending: boolean; error: unknown; refetch(): unknown };
  /** The bucket the list shows, if any. */
  bucket: DeadlineBucket | undefined;
  /** Shows one bucket (or, with the one shown, every chargeback again). */
  onPick(bucket: DeadlineBucket | undefined): void;
}

/**
 * The chargebacks of the country at a glance (docs/decisions/0028): count and amount per status,
 * the win rate of the decided defences, and the deadline board of the open ones — each bucket a
 * toggle button that filters the list by it.
 */
export function SummaryBoard({ query, bucket, onPick }: SummaryBoardProps) {
  const { t } = useTranslation('chargeback');
  const { token } = theme.useToken();
  const summary = query.data;
  if (query.isError || (query.isPending && !summary)) {
    return (
      <div style={{ marginBottom: 16 }}>
        {query.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : <QueryStatus query={query} onRetry={() => void query.refetch()} />}
      </div>
    );
  }
  if (!summary) return null;
  const bandColor = { red: token.colorError, orange: '#ad4e00', gold: '#874d00', default: token.colorText } as const;
  return (
    <Flex vertical gap={16} style={{ marginBottom: 16 }}>
      <section aria-labelledby="chargeback-summary-title">
        <Typography.Title level={5} id="chargeback-summary-title" style={{ marginTop: 0 }}>
          {t('summary.title')}
        </Typography.Title>
        <Row gutter={[12, 12]}>
          {CHARGEBACK_STATUSES.map((status) => {
            const figures = summary.statuses.find((s) => s.status === status) ?? { count: 0, amount: 0 };
            return (
              <Col key={status} xs={12} md={8} lg={5}>
                <Card size="small" style={{ height: '100%' }}>
                  <Flex vertical gap={4} align="flex-start">
                    <ChargebackStatusTag status={status} />
                    <Typography.Text strong style={{ fontSize: 18 }}>
                      {t('summary.count', { n: formatCount(figures.count) })}
                    </Typography.Text>
                    <Amount cents={figures.amount} currency={summary.currency} abbreviate />
                  </Flex>
                </Card>
              </Col>
            );
          })}
          <Col xs={24} md={8} lg={4}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic
                title={t('summary.winRate')}
                value={summary.winRate === null ? '—' : `${(summary.winRate * 100).toFixed(1)}%`}
                styles={{ content: { fontSize: 20 } }}
              />
              <Typography.Text type="secondary">
                {summary.winRate === null ? t('summary.winRateNone') : t('summary.winRateHint')}
              </Typography.Text>
            </Card>
          </Col>
        </Row>
      </section>
      <section aria-labelledby="chargeback-board-title">
        <Typography.Title level={5} id="chargeback-board-title" style={{ marginTop: 0, marginBottom: 4 }}>
          {t('board.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('board.intro')}
        </Typography.Paragraph>
        <Row gutter={[12, 12]}>
          {DEADLINE_BUCKETS.map((name) => {
            const figures = summary.board.find((b) => b.bucket === name) ?? { count: 0, amount: 0 };
            const active = bucket === name;
            const color = bandColor[BUCKET_BAND[name]];
            return (
              <Col key={name} xs={12} lg={6}>
                <Button
                  block
                  aria-pressed={active}
                  type={active ? 'primary' : 'default'}
                  ghost={active}
                  onClick={() => onPick(active ? undefined : name)}
                  data-bucket={name}
                  style={{
                    height: 'auto',
                    padding: '10px 12px',
                    display: 'block',
                    textAlign: 'start',
                    whiteSpace: 'normal',
                    borderInlineStart: `4px solid ${color}`,
                  }}
                >
                  <Flex vertical gap={2} style={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    <Typography.Text strong style={{ color }}>
                      {t(`bucket.${name}`)}
                    </Typography.Text>
                    <Typography.Text style={{ fontSize: 20 }}>{formatCount(figures.count)}</Typography.Text>
                    <Typography.Text type="secondary">
                      <Amount cents={figures.amount} currency={summary.currency} />
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`bucket.hint.${name}`)}
                    </Typography.Text>
                  </Flex>
                </Button>
              </Col>
            );
          })}
        </Row>
      </section>
    </Flex>
  );
}
