import { CASE_INSTRUCTIONS_MAX_LENGTH } from '@andes/contract/support/enums';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestId } from '../../../shared/form/request-id.ts';

export type CaseDecision = 'close' | 'reopen';

interface InstructionsModalProps {
  /** The action asked about; null closes the dialog. */
  kind: CaseDecision | null;
  caseNo: string;
  pending: boolean;
  /** The server's refusal of the last try, as a sentence. */
  error: string | null;
  onCancel(): void;
  /** `requestId`: one per dialog (the caller mounts one dialog per opening). */
  onConfirm(instructions: string, requestId: string): void;
}

/**
 * Close or reopen a case (spec §4: each with instructions): the instructions are required, at most
 * CASE_INSTRUCTIONS_MAX_LENGTH characters (counted as typed), and sent once per click.
 */
export function InstructionsModal({ kind, caseNo, pending, error, onCancel, onConfirm }: InstructionsModalProps) {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<{ instructions?: string }>();
  const [requestId] = useState(newRequestId);
  const action = kind ?? 'close';
  return (
    <Modal
      open={kind !== null}
      title={t(`dialog.${action}.title`, { caseNo })}
      okText={t(`dialog.${action}.ok`)}
      okButtonProps={{ danger: action === 'close', htmlType: 'submit' }}
      cancelText={t('dialog.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      forceRender
    >
      <Form<{ instructions?: string }>
        form={form}
        name={`case-${action}`}
        layout="vertical"
        disabled={pending}
        onFinish={(values) => {
          if (!pending) onConfirm(values.instructions?.trim() ?? '', requestId);
        }}
      >
        <Typography.Paragraph type="secondary">{t(`dialog.${action}.hint`)}</Typography.Paragraph>
        <Form.Item
          name="instructions"
          label={t('dialog.instructions')}
          required
          rules={[
            { required: true, whitespace: true, message: t('server.instructionsRequired') },
            { max: CASE_INSTRUCTIONS_MAX_LENGTH, message: t('form.tooLong', { max: CASE_INSTRUCTIONS_MAX_LENGTH }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} count={{ show: true, max: CASE_INSTRUCTIONS_MAX_LENGTH }} />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
}
