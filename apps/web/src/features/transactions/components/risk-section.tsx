import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import type { RuleAction } from '@andes/contract/risk/enums';
import type { RiskDecisionView } from '@andes/contract/risk/schemas';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionTag, FiredRules, ReviewStatusTag } from '../../../shared/ui/risk-decision.tsx';

/**
 * The risk section of a pay-in (docs/decisions/0028): what the merchant's rules decided and the
 * final decision after case management, the platform's score, the rules that fired (named, with
 * the version that fired and what it measured or matched) and the review.
 */
export function RiskSection({ risk, currency, timeZone }: { risk: RiskDecisionView; currency: Currency; timeZone: string }) {
  const { t } = useTranslation('risk');
  const { t: tt } = useTranslation('transactions');
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, timeZone)}</time> : EMPTY_PLACEHOLDER);
  const decision = (value: RuleAction) => <ActionTag action={value} />;
  const review = risk.review;
  return (
    <Card title={t('decision.title')} size="small">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
          items={[
            { key: 'decision', label: t('decision.decision'), children: decision(risk.decision) },
            { key: 'final', label: t('decision.final'), children: decision(risk.finalDecision) },
            { key: 'score', label: t('decision.score'), children: risk.score ?? EMPTY_PLACEHOLDER },
            { key: 'evaluated', label: t('decision.rulesEvaluated'), children: risk.rulesEvaluated },
            { key: 'at', label: t('decision.evaluatedAt'), children: time(risk.evaluatedAt) },
          ]}
        />
        <section aria-label={t('decision.rules')}>
          <Typography.Text strong>{t('decision.rules')}</Typography.Text>
          <div style={{ marginTop: 4 }}>
            <FiredRules rules={risk.rules} currency={currency} />
          </div>
        </section>
        {review && (
          <section aria-label={t('decision.review')}>
            <Typography.Text strong>{t('decision.review')}</Typography.Text>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
              items={[
                {
                  key: 'status',
                  label: tt('detail.status'),
                  children: <ReviewStatusTag status={review.status} />,
                },
                { key: 'by', label: t('decision.reviewBy'), children: review.by ?? EMPTY_PLACEHOLDER },
                { key: 'at', label: t('decision.reviewAt'), children: time(review.at) },
                { key: 'note', label: t('review.note'), children: review.note ?? EMPTY_PLACEHOLDER },
                ...(review.status === 'PENDING' ? [{ key: 'expires', label: t('review.expires'), children: time(review.expiresAt) }] : []),
              ]}
            />
          </section>
        )}
      </Flex>
    </Card>
  );
}
