import { BANK_NAME_MAX_LENGTH } from '@andes/contract/accounting/schemas';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { Alert, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Uploader, useUploadRequiredRule } from '../../../shared/ui/uploader.tsx';
import { zonedWallClockToInstant } from '../accounting-form.ts';
import { PROOF_UPLOAD } from '../api/accounting-calls.ts';
import { TransferTimeField, wallClockNow } from './form-parts.tsx';

interface ProofValues {
  remittingBank?: string;
  transferTime?: Dayjs;
  proofFiles?: UploadedFile[];
}

export interface ProofSubmit {
  remittingBank: string;
  transferTime: string;
  proofFileIds: string[];
}

interface ProofModalProps {
  open: boolean;
  zone: string;
  pending: boolean;
  error: string | null;
  onCancel(): void;
  onSubmit(proof: ProofSubmit): void;
}

/** The proof of an offline exchange's USD wire: remitting bank, transfer time and the files (required, the uploader). */
export function ProofModal({ open, zone, pending, error, onCancel, onSubmit }: ProofModalProps) {
  const { t } = useTranslation('accounting');
  const [form] = Form.useForm<ProofValues>();
  const proofRule = useUploadRequiredRule();
  const [initial] = useState(() => ({ transferTime: wallClockNow(zone) }));
  return (
    <Modal
      open={open}
      title={t('proof.title')}
      okText={t('proof.submit')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form<ProofValues>
        form={form}
        name="exchange-proof"
        layout="vertical"
        requiredMark="optional"
        initialValues={initial}
        disabled={pending}
        onFinish={(values) => {
          if (!values.transferTime) return;
          onSubmit({
            remittingBank: values.remittingBank?.trim() ?? '',
            transferTime: zonedWallClockToInstant(values.transferTime.format('YYYY-MM-DDTHH:mm'), zone),
            proofFileIds: (values.proofFiles ?? []).map((file) => file.fileId),
          });
        }}
      >
        <Form.Item
          name="remittingBank"
          label={t('field.remittingBank')}
          required
          rules={[{ required: true, whitespace: true, message: t('form.remittingBankRequired') }]}
        >
          <Input maxLength={BANK_NAME_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
        <TransferTimeField zone={zone} />
        <Form.Item name="proofFiles" label={t('field.proof')} required rules={[proofRule]}>
          <Uploader endpoint={PROOF_UPLOAD} />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
}
