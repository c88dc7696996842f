import type { Currency } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import type { ReplayResult, ReplayView } from '@andes/contract/risk/schemas';
import { Alert, Card, Col, Flex, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ActionTag } from '../../../shared/ui/risk-decision.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { isRunning, useReplay } from '../api/risk-calls.ts';
import { transactionPathOf } from '../risk-paths.ts';
import { ReplayStatusTag } from './risk-tags.tsx';

/** A rate (fraction) as a percentage with one decimal. */
export const percent = (rate: number) => `${(Math.round(rate * 1_000) / 10).toFixed(1)}%`;

function Figure({
  label,
  count,
  cents,
  currency,
  extra,
}: {
  label: string;
  count: number;
  cents: number;
  currency: Currency;
  extra?: string;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={label} value={count} styles={{ content: { fontSize: 20 } }} />
      <Typography.Text type="secondary">
        <Amount cents={cents} currency={currency} />
        {extra ? ` · ${extra}` : ''}
      </Typography.Text>
    </Card>
  );
}

/**
 * What a replayed rule would have done over the period: pay-ins evaluated, blocked and sent to
 * review, the chargebacks it would have caught against all of them, the approved pay-ins it would
 * have hit, the approval rate now and with the rule, and a sample of the pay-ins it fired on.
 */
export function ReplayResultView({ result, currency, zone }: { result: ReplayResult; currency: Currency; zone: string }) {
  const { t } = useTranslation('risk');
  const caughtShare = result.chargebacksInPeriod.count === 0 ? 0 : result.chargedBack.count / result.chargebacksInPeriod.count;
  return (
    <Flex vertical gap={12} role="group" aria-label={t('replay.result')}>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={8}>
          <Figure label={t('replay.evaluated')} count={result.evaluated.count} cents={result.evaluated.amount} currency={currency} />
        </Col>
        <Col xs={12} md={8}>
          <Figure label={t('replay.blocked')} count={result.blocked.count} cents={result.blocked.amount} currency={currency} />
        </Col>
        <Col xs={12} md={8}>
          <Figure label={t('replay.reviewed')} count={result.reviewed.count} cents={result.reviewed.amount} currency={currency} />
        </Col>
        <Col xs={12} md={8}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic
              title={t('replay.caught')}
              value={t('replay.caughtOf', { caught: result.chargedBack.count, all: result.chargebacksInPeriod.count })}
              styles={{ content: { fontSize: 20 } }}
            />
            <Typography.Text type="secondary">
              <Amount cents={result.chargedBack.amount} currency={currency} /> · {percent(caughtShare)}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Figure label={t('replay.approvedHit')} count={result.approvedHit.count} cents={result.approvedHit.amount} currency={currency} />
        </Col>
        <Col xs={12} md={8}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic
              title={t('replay.approvalRate')}
              value={`${percent(result.approvalRate)} → ${percent(result.approvalRateWithRule)}`}
              styles={{ content: { fontSize: 20 } }}
            />
            <Typography.Text type="secondary">{t('replay.approvalRateHint')}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <ScrollTable<ReplayResult['sample'][number]>
        label={t('replay.sample')}
        rowKey="transactionId"
        size="small"
        pagination={false}
        dataSource={result.sample}
        locale={{ emptyText: t('replay.sampleEmpty') }}
        title={() => t('replay.sample')}
        columns={[
          {
            key: 'uniqueId',
            title: t('review.uniqueId'),
            render: (_, row) => <Link to={transactionPathOf(row.transactionId)}>{row.uniqueId}</Link>,
          },
          {
            key: 'createdAt',
            title: t('review.createdIn', { zone }),
            render: (_, row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, zone)}</time>,
          },
          {
            key: 'amount',
            title: t('review.amount'),
            align: 'right',
            render: (_, row) => <Amount cents={row.amount} currency={currency} />,
          },
          { key: 'action', title: t('rule.action'), render: (_, row) => <ActionTag action={row.action} /> },
          { key: 'chargedBack', title: t('replay.chargedBack'), render: (_, row) => t(row.chargedBack ? 'replay.yes' : 'replay.no') },
        ]}
      />
    </Flex>
  );
}

/** A replay's state: progress while it runs, then its result or why it failed. */
export function ReplayState({ replay, zone }: { replay: ReplayView; zone: string }) {
  const { t } = useTranslation('risk');
  if (isRunning(replay)) {
    const share = replay.total === 0 ? 0 : Math.floor((replay.processed / replay.total) * 100);
    return (
      <Flex vertical gap={4} aria-live="polite">
        <Flex gap={8} align="center">
          <ReplayStatusTag status={replay.status} />
          <Typography.Text type="secondary">{t('replay.progress', { processed: replay.processed, total: replay.total })}</Typography.Text>
        </Flex>
        <Progress percent={share} status="active" aria-label={t('replay.progressLabel')} />
      </Flex>
    );
  }
  if (replay.status === 'FAIL')
    return <Alert type="error" showIcon role="alert" title={t('replay.failed', { error: replay.error ?? '' })} />;
  return replay.result ? <ReplayResultView result={replay.result} currency={replay.currency} zone={zone} /> : null;
}

/** Follows one replay by its id until it ends. */
export function ReplayFollow({ id, zone }: { id: number; zone: string }) {
  const { t } = useTranslation('risk');
  const query = useReplay(id);
  return (
    <Flex vertical gap={8}>
      <QueryStatus query={query} padding={16} />
      {query.data && (
        <>
          <Typography.Text type="secondary">
            {t('replay.periodOf', {
              days: query.data.days,
              from: formatDateTime(query.data.from, zone),
              to: formatDateTime(query.data.to, zone),
            })}
          </Typography.Text>
          <ReplayState replay={query.data} zone={zone} />
        </>
      )}
    </Flex>
  );
}
