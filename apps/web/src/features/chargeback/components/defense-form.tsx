import type { UploadedFile } from '@andes/contract/common/uploads';
import { DEFENSE_APPENDIX_MAX, DEFENSE_DESCRIPTION_MAX_LENGTH } from '@andes/contract/risk/enums';
import type { ChargebackDefenseRequest } from '@andes/contract/risk/schemas';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Uploader, useUploadRequiredRule } from '../../../shared/ui/uploader.tsx';
import { APPENDIX_UPLOAD } from '../api/chargeback-calls.ts';

interface DefenseValues {
  description?: string;
  appendices?: UploadedFile[];
}

interface DefenseFormProps {
  id: number;
  pending: boolean;
  /** The server's refusal of the last submission, as a sentence. */
  error: string | null;
  onSubmit(request: ChargebackDefenseRequest): void;
}

/**
 * The defence of a chargeback (docs/decisions/0028): a description (at most 2,000 characters, said
 * when longer) and 1–3 appendices of at most 10 MB each through the shared uploader (required,
 * uploadSizeExceed above the limit), sent once with the uploaded files' ids.
 */
export function DefenseForm({ id, pending, error, onSubmit }: DefenseFormProps) {
  const { t } = useTranslation('chargeback');
  const [form] = Form.useForm<DefenseValues>();
  const appendixRule = useUploadRequiredRule();
  return (
    <Card size="small">
      <section aria-labelledby="defense-title">
        <Typography.Title level={5} id="defense-title" style={{ marginTop: 0 }}>
          {t('defense.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('defense.intro')}</Typography.Paragraph>
        <Form<DefenseValues>
          form={form}
          name="chargeback-defense"
          layout="vertical"
          requiredMark="optional"
          disabled={pending}
          onFinish={(values) =>
            onSubmit({
              id,
              description: values.description?.trim() ?? '',
              fileIds: (values.appendices ?? []).map((file) => file.fileId),
            })
          }
        >
          <Form.Item
            name="description"
            label={t('field.description')}
            required
            rules={[
              { required: true, whitespace: true, message: t('defense.descriptionRequired') },
              {
                max: DEFENSE_DESCRIPTION_MAX_LENGTH,
                message: t('defense.descriptionTooLong', { max: DEFENSE_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US') }),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} count={{ show: true, max: DEFENSE_DESCRIPTION_MAX_LENGTH }} />
          </Form.Item>
          <Form.Item name="appendices" label={t('defense.appendices')} required rules={[appendixRule]}>
            <Uploader endpoint={APPENDIX_UPLOAD} maxFiles={DEFENSE_APPENDIX_MAX} />
          </Form.Item>
          {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={pending}>
            {t('defense.submit')}
          </Button>
        </Form>
      </section>
    </Card>
  );
}
