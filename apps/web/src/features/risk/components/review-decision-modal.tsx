import { formatCents } from '@andes/contract/common/money';
import type { ReviewItem } from '@andes/contract/risk/schemas';
import { REVIEW_NOTE_MAX_LENGTH } from '@andes/contract/risk/schemas';
import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useReviewDecide } from '../api/risk-calls.ts';

/**
 * Approves or rejects a pay-in waiting in case management, with an optional note. The decision is
 * taken once: the OK button spins while it goes, and a refusal (already decided, expired) shows
 * in the dialog.
 */
export function ReviewDecisionModal({
  item,
  decision,
  onClose,
  onDecided,
}: {
  item: ReviewItem | null;
  decision: 'APPROVE' | 'REJECT';
  onClose(): void;
  onDecided(item: ReviewItem): void;
}) {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useReviewDecide();
  const approve = decision === 'APPROVE';
  // A decision is taken once: a double click on OK sends one.
  const sending = useRef(false);
  const ok = () => {
    if (!item || sending.current) return;
    sending.current = true;
    setError(null);
    const trimmed = note.trim();
    decide.mutate(
      { transactionId: item.transactionId, decision, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: onDecided,
        onError: (failure) => {
          sending.current = false;
          setError(errorMessage(failure));
        },
      },
    );
  };
  return (
    <Modal
      open={item !== null}
      title={item ? t(approve ? 'review.approveTitle' : 'review.rejectTitle', { uniqueId: item.uniqueId }) : ''}
      okText={t(approve ? 'review.approve' : 'review.reject')}
      cancelText={tc('cancel')}
      okButtonProps={{ danger: !approve, loading: decide.isPending, disabled: decide.isSuccess }}
      onOk={ok}
      onCancel={onClose}
      destroyOnHidden
    >
      {item && (
        <Flex vertical gap={12}>
          <Typography.Text>
            {t(approve ? 'review.approveHint' : 'review.rejectHint', { amount: formatCents(item.amount, item.currency) })}
          </Typography.Text>
          <Form layout="vertical" name="review-decision" component="div">
            <Form.Item label={t('review.note')} htmlFor="review-note" style={{ marginBottom: 0 }}>
              <Input.TextArea
                id="review-note"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={REVIEW_NOTE_MAX_LENGTH}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </Form.Item>
          </Form>
          {error && <Alert type="error" showIcon role="alert" title={error} />}
        </Flex>
      )}
    </Modal>
  );
}
