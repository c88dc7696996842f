import type { AreaAuthority } from '@andes/contract/common/countries';
import { CASE_TYPES, productTypesOf, TRANSACTION_TYPES } from '@andes/contract/common/enums';
import {
  CASE_APPENDIX_MAX,
  CASE_DESCRIPTION_MAX_LENGTH,
  CASE_EMAIL_MAX_LENGTH,
  CASE_TITLE_MAX_LENGTH,
  CASE_TRANSACTION_KEY_MAX_LENGTH,
} from '@andes/contract/support/enums';
import { Alert, Button, Card, Col, Flex, Form, type FormInstance, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Uploader } from '../../../shared/ui/uploader.tsx';
import { CASE_UPLOAD } from '../api/support-calls.ts';
import type { CaseFormValues } from '../case-form.ts';

/** An E2E id is 32 characters; a CLABE number 18 digits. */
const E2E_ID_LENGTH = 32;
const CLABE_LENGTH = 18;

interface CaseFormProps {
  form: FormInstance<CaseFormValues>;
  mode: 'create' | 'edit';
  /** The countries a case can be opened in (the user's areas); the edit form keeps the case's. */
  areas: readonly AreaAuthority[];
  initialValues: CaseFormValues;
  pending: boolean;
  /** The server's refusal of the last try, as a sentence. */
  error: string | null;
  submitLabel: string;
  onSubmit(values: CaseFormValues): void;
  onCancel(): void;
}

/**
 * The fields of a case (spec §3 "Support case", §5): type, transaction type, product type (of the
 * country), title and description (counted against their maximum lengths), the transaction's key,
 * E2E id and — in Mexico — CLABE number, the e-mail each reply is sent to, and the appendices
 * through the shared uploader. The checks are the contract's; the server checks again, and its
 * field errors are put on the fields by the page.
 */
export function CaseForm({ form, mode, areas, initialValues, pending, error, submitLabel, onSubmit, onCancel }: CaseFormProps) {
  const { t } = useTranslation('support');
  const { t: tt } = useTranslation('transactions');
  const { t: tc } = useTranslation('common');
  const country = Form.useWatch('country', form) ?? initialValues.country;
  const tooLong = (max: number) => ({ max, message: t('form.tooLong', { max: max.toLocaleString('en-US') }) });

  return (
    <Form<CaseFormValues>
      form={form}
      name={`case-${mode}`}
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues}
      disabled={pending}
      scrollToFirstError
      onValuesChange={(changed: Partial<CaseFormValues>) => {
        // Another country has other product types, and a CLABE only in Mexico.
        if (changed.country) form.setFieldsValue({ productType: undefined, ...(changed.country === 'MX' ? {} : { clabe: undefined }) });
      }}
      onFinish={(values) => {
        if (!pending) onSubmit({ ...values, country: values.country ?? initialValues.country });
      }}
    >
      <Card size="small" title={t('form.about')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="country" label={t('field.country')} required>
              <Select
                disabled={mode === 'edit' || pending}
                options={areas.map((a) => ({ value: a.code, label: tc(`countryName.${a.code}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="caseType"
              label={t('field.caseType')}
              required
              rules={[{ required: true, message: t('form.caseTypeRequired') }]}
            >
              <Select options={CASE_TYPES.map((type) => ({ value: type, label: t(`caseType.${type}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="transactionType" label={t('field.transactionType')}>
              <Select allowClear options={TRANSACTION_TYPES.map((type) => ({ value: type, label: tt(`transactionType.${type}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="productType" label={t('field.productType')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={productTypesOf(country).map((type) => ({ value: type, label: tt(`productType.${type}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="transactionKey"
              label={t('field.transactionKey')}
              extra={t('form.transactionKeyHint')}
              rules={[
                tooLong(CASE_TRANSACTION_KEY_MAX_LENGTH),
                { pattern: /^[A-Za-z0-9][A-Za-z0-9._\-/#:]*$/, message: t('server.transactionKey') },
              ]}
            >
              <Input autoComplete="off" count={{ show: true, max: CASE_TRANSACTION_KEY_MAX_LENGTH }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="e2eId"
              label={t('field.e2eId')}
              extra={t('form.e2eIdHint')}
              rules={[{ pattern: /^\s*E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}\s*$/, message: t('server.e2eId') }]}
            >
              <Input autoComplete="off" count={{ show: true, max: E2E_ID_LENGTH }} />
            </Form.Item>
          </Col>
          {country === 'MX' && (
            <Col xs={24} md={12}>
              <Form.Item name="clabe" label={t('field.clabe')} rules={[{ pattern: /^\s*[0-9]{18}\s*$/, message: t('server.clabe') }]}>
                <Input autoComplete="off" inputMode="numeric" count={{ show: true, max: CLABE_LENGTH }} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>
      <Card size="small" title={t('form.problem')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="title"
          label={t('field.title')}
          required
          rules={[{ required: true, whitespace: true, message: t('server.titleRequired') }, tooLong(CASE_TITLE_MAX_LENGTH)]}
        >
          <Input count={{ show: true, max: CASE_TITLE_MAX_LENGTH }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('field.description')}
          required
          rules={[{ required: true, whitespace: true, message: t('server.descriptionRequired') }, tooLong(CASE_DESCRIPTION_MAX_LENGTH)]}
        >
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} count={{ show: true, max: CASE_DESCRIPTION_MAX_LENGTH }} />
        </Form.Item>
        <Form.Item
          name="notificationEmail"
          label={t('field.notificationEmail')}
          extra={t('form.emailHint')}
          rules={[{ type: 'email', message: t('server.email') }, tooLong(CASE_EMAIL_MAX_LENGTH)]}
        >
          <Input type="email" autoComplete="email" style={{ maxWidth: 420 }} />
        </Form.Item>
        <Form.Item name="appendices" label={t('field.appendices')}>
          <Uploader endpoint={CASE_UPLOAD} maxFiles={CASE_APPENDIX_MAX} />
        </Form.Item>
      </Card>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={false}>
          {tc('cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
