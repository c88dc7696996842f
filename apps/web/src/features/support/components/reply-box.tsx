import type { UploadedFile } from '@andes/contract/common/uploads';
import { CASE_APPENDIX_MAX, CASE_REPLY_MAX_LENGTH } from '@andes/contract/support/enums';
import type { CaseDetail } from '@andes/contract/support/schemas';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { newRequestId } from '../../../shared/form/request-id.ts';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import { Uploader } from '../../../shared/ui/uploader.tsx';
import { CASE_UPLOAD, useCaseReply } from '../api/support-calls.ts';
import { useSupportText } from '../hooks/use-support-text.ts';

interface ReplyValues {
  content?: string;
  appendices?: UploadedFile[];
}

/**
 * The merchant's reply (with attachments through the shared uploader): required, at most
 * CASE_REPLY_MAX_LENGTH characters. One request id per reply written (a double click or a retry
 * sends it once); the box empties once it is sent.
 */
export function ReplyBox({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('support');
  const text = useSupportText();
  const [form] = Form.useForm<ReplyValues>();
  const [requestId, setRequestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const reply = useCaseReply();

  const sending = useRef(false);

  const submit = (values: ReplyValues) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    reply.mutate(
      {
        id: detail.id,
        requestId,
        content: values.content?.trim() ?? '',
        fileIds: (values.appendices ?? []).map((f) => f.fileId),
      },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          notify.success(t('done.replied'));
          form.resetFields();
          setRequestId(newRequestId());
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure, ['content', 'fileIds']).map((e) => ({
            name: [e.name[0] === 'fileIds' ? 'appendices' : 'content'] as never,
            errors: e.errors.map((m) => text.message(m)),
          }));
          if (fields.length > 0) form.setFields(fields);
          setError(text.failure(failure));
        },
      },
    );
  };

  return (
    <Card size="small" title={<span id="case-reply-title">{t('reply.title')}</span>}>
      <section aria-labelledby="case-reply-title">
        {detail.status === 'SOLVED' && <Typography.Paragraph type="secondary">{t('reply.solvedHint')}</Typography.Paragraph>}
        <Form<ReplyValues> form={form} name="case-reply" layout="vertical" disabled={reply.isPending} onFinish={submit}>
          <Form.Item
            name="content"
            label={t('reply.label')}
            rules={[
              { required: true, whitespace: true, message: t('server.replyRequired') },
              { max: CASE_REPLY_MAX_LENGTH, message: t('form.tooLong', { max: CASE_REPLY_MAX_LENGTH.toLocaleString('en-US') }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} count={{ show: true, max: CASE_REPLY_MAX_LENGTH }} />
          </Form.Item>
          <Form.Item name="appendices" label={t('reply.appendices')}>
            <Uploader endpoint={CASE_UPLOAD} maxFiles={CASE_APPENDIX_MAX} />
          </Form.Item>
          {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={reply.isPending}>
            {t('reply.submit')}
          </Button>
        </Form>
      </section>
    </Card>
  );
}
