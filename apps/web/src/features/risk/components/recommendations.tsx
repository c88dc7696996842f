import type { AreaAuthority } from '@andes/contract/common/countries';
import type { Recommendation } from '@andes/contract/risk/schemas';
import { templateOf } from '@andes/contract/risk/templates';
import { Alert, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { newRequestId } from '../../../shared/form/request-id.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useRecommendations, useRuleAdd } from '../api/risk-calls.ts';
import { templateLabel } from './rule-columns.tsx';
import { ValueChips } from './rule-parts.tsx';

/** One proposal: what it is, what it would have caught and cost over 90 days, and "Add". */
function Proposal({ proposal, area }: { proposal: Recommendation; area: AreaAuthority }) {
  const { t } = useTranslation('risk');
  const add = useRuleAdd();
  // One request id per proposal shown: a second click adds the rule once.
  const [requestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const { draft } = proposal;
  const template = templateOf('AI_RECOMMENDED', draft.template);
  const title = templateLabel(t, draft.template);
  const adopt = () => {
    if (add.isPending) return;
    setError(null);
    add.mutate(
      {
        country: area.code,
        type: 'AI_RECOMMENDED',
        template: draft.template,
        name: t('recommend.ruleName', { template: title }),
        ...(template?.values ? { values: draft.values } : {}),
        ...(template?.score ? { score: draft.score } : {}),
        enabled: false,
        sendToCaseManagement: draft.sendToCaseManagement,
        requestId,
      },
      {
        onSuccess: (rule) => notify.success(t('recommend.added', { name: rule.name })),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Card
      size="small"
      title={title}
      style={{ height: '100%' }}
      extra={
        <Can permission="risk:rule:add">
          <Button
            size="small"
            type="primary"
            // Its accessible name starts with its text: no space put between two CJK characters.
            autoInsertSpace={false}
            onClick={adopt}
            loading={add.isPending}
            disabled={add.isSuccess}
            aria-label={t('recommend.addOf', { name: title })}
          >
            {add.isSuccess ? t('recommend.addedShort') : t('recommend.add')}
          </Button>
        </Can>
      }
    >
      <Flex vertical gap={8}>
        {draft.values.length > 0 && <ValueChips values={draft.values} />}
        {draft.score !== null && <Typography.Text>{t('recommend.cutoff', { score: draft.score })}</Typography.Text>}
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
          <dt>{t('recommend.caught')}</dt>
          <dd style={{ margin: 0 }}>
            {t('rule.count', { count: proposal.caughtChargebacks.count })} ·{' '}
            <Amount cents={proposal.caughtChargebacks.amount} currency={area.currency} />
          </dd>
          <dt>{t('recommend.hit')}</dt>
          <dd style={{ margin: 0 }}>
            {t('rule.count', { count: proposal.hitApproved.count })} ·{' '}
            <Amount cents={proposal.hitApproved.amount} currency={area.currency} />
          </dd>
          <dt>{t('recommend.evaluated')}</dt>
          <dd style={{ margin: 0 }}>{t('rule.count', { count: proposal.evaluated })}</dd>
        </dl>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Flex>
    </Card>
  );
}

/** The AI recommended rules of the country: proposals from its last 90 days, each added as a disabled rule. */
export function Recommendations({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('risk');
  const query = useRecommendations(area.code);
  const list = query.data?.list ?? [];
  return (
    <section aria-labelledby="risk-recommendations" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} id="risk-recommendations">
        {t('recommend.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('recommend.intro')}</Typography.Paragraph>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recommend.none')} />}
      <Row gutter={[12, 12]}>
        {list.map((proposal) => (
          <Col key={`${proposal.draft.template}:${proposal.draft.values.join(',')}:${proposal.draft.score}`} xs={24} md={12}>
            <Proposal proposal={proposal} area={area} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
