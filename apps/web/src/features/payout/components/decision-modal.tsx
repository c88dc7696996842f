import { PAYOUT_REFUSE_REASON_MAX_LENGTH } from '@andes/contract/common/constants';
import { formatCents } from '@andes/contract/common/money';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyTotals } from '../payout-figures.ts';

export type DecisionKind = 'approve' | 'refuse';

interface DecisionModalProps {
  kind: DecisionKind | null;
  totals: readonly CurrencyTotals[];
  pending: boolean;
  /** Why the last try failed (the calls' errors are the screen's to show, spec §8). */
  error: string | null;
  onCancel(): void;
  onConfirm(reason: string): void;
}

/** Asks before approving or refusing the chosen payouts; a refusal may say why. */
export function DecisionModal({ kind, totals, pending, error, onCancel, onConfirm }: DecisionModalProps) {
  const { t } = useTranslation('payout');
  const { t: tc } = useTranslation('common');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const count = totals.reduce((sum, total) => sum + total.count, 0);
  const refuse = kind === 'refuse';
  return (
    <Modal
      open={kind !== null}
      title={refuse ? t('decision.refuseTitle', { count }) : t('decision.approveTitle', { count })}
      okText={refuse ? t('refuse') : t('approve')}
      cancelText={tc('cancel')}
      okButtonProps={{ danger: refuse, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {totals.map((total) => (
            <li key={total.currency}>
              {t('decision.line', {
                count: total.count,
                total: formatCents(total.total, total.currency),
                amount: formatCents(total.amount, total.currency),
              })}
            </li>
          ))}
        </ul>
        <Typography.Text type="secondary">{refuse ? t('decision.refuseEffect') : t('decision.approveEffect')}</Typography.Text>
        {refuse && (
          <Flex vertical gap={4}>
            <label htmlFor={reasonId}>{t('decision.reason')}</label>
            <Input.TextArea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={PAYOUT_REFUSE_REASON_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Flex>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Flex>
    </Modal>
  );
}
