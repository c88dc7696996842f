import type { Currency } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import type { PayoutDecisionAnswer } from '@andes/contract/payout/schemas';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { skippedByReason } from '../payout-figures.ts';
import type { DecisionKind } from './decision-modal.tsx';

/**
 * What a decision did, until the person closes it: how many payouts were approved or refused (and
 * their amount), and in words each payout it left as it was — already decided, created by the
 * approver (four eyes), not found.
 */
export function DecisionResult({
  kind,
  answer,
  currency,
  onClose,
}: {
  kind: DecisionKind;
  answer: PayoutDecisionAnswer;
  currency: Currency;
  onClose(): void;
}) {
  const { t } = useTranslation('payout');
  const skipped = skippedByReason(answer);
  const done =
    kind === 'approve'
      ? t('decision.approved', { count: answer.decided, amount: formatCents(answer.amount, currency) })
      : t('decision.refused', { count: answer.decided, amount: formatCents(answer.amount, currency) });
  return (
    <Alert
      type={skipped.length === 0 ? 'success' : answer.decided === 0 ? 'error' : 'warning'}
      showIcon
      closable={{ onClose, 'aria-label': t('decision.closeResult') }}
      role="status"
      title={done}
      description={
        skipped.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {skipped.map((group) => (
              <li key={group.reason}>{t(`skipped.${group.reason}`, { count: group.payouts.length, payouts: group.payouts.join(', ') })}</li>
            ))}
          </ul>
        )
      }
      style={{ marginBottom: 16 }}
    />
  );
}
