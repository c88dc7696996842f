import { REMARK_MAX_LENGTH } from '@andes/contract/accounting/schemas';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DecisionModalProps {
  /** The decision asked about; null closes the dialog. */
  kind: 'APPROVE' | 'REFUSE' | null;
  requestNo: string;
  pending: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(reason: string): void;
}

/** Approve or refuse a withdrawal waiting for a second person, with an optional reason. */
export function DecisionModal({ kind, requestNo, pending, error, onCancel, onConfirm }: DecisionModalProps) {
  const { t } = useTranslation('accounting');
  const [reason, setReason] = useState('');
  const id = useId();
  const refuse = kind === 'REFUSE';
  return (
    <Modal
      open={kind !== null}
      title={t(refuse ? 'action.refuseConfirm' : 'action.approveConfirm', { requestNo })}
      okText={t(refuse ? 'action.refuse' : 'action.approve')}
      okButtonProps={{ danger: refuse }}
      confirmLoading={pending}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text>{t(refuse ? 'action.refuseHint' : 'action.approveHint')}</Typography.Text>
        <label htmlFor={id}>{t('action.reason')}</label>
        <Input.TextArea
          id={id}
          value={reason}
          maxLength={REMARK_MAX_LENGTH}
          onChange={(e) => setReason(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Flex>
    </Modal>
  );
}
