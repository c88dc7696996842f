import type { Country } from '@andes/contract/common/countries';
import { CURRENCY_SYMBOLS, formatCents } from '@andes/contract/common/money';
import { normalizeAmountInput } from '@andes/contract/common/validators';
import { paymentLinkAppendixUpload } from '@andes/contract/payment-link/endpoints';
import {
  PAYMENT_LINK_APPENDIX_MAX,
  PAYMENT_LINK_DESCRIPTION_MAX,
  PAYMENT_LINK_EXPIRY_CHOICES,
  PAYMENT_LINK_REFERENCE_MAX,
  type PaymentLink,
  type PaymentLinkCountryOptions,
  PaymentLinkGenerateRequest,
} from '@andes/contract/payment-link/schemas';
import { Alert, Button, Drawer, Empty, Flex, Form, Input, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestId } from '../../../shared/form/request-id.ts';
import { useDebounced } from '../../../shared/hooks/use-debounced.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { Uploader } from '../../../shared/ui/uploader.tsx';
import { useGenerateLink, useInstallmentPlans, useLinkProducts } from '../api/payment-link-calls.ts';
import { usePaymentLinkText } from '../hooks/use-payment-link-text.ts';
import {
  amountProblem,
  GENERATE_FIELDS,
  type GenerateLinkValues,
  generateRequest,
  initialValues,
  keptInstallments,
  limitsOf,
  PAY_AT_ONCE,
  validAmountCents,
} from '../payment-link-form.ts';
import { LinkResult } from './link-result.tsx';

/** How long the amount must rest before its installment plans are asked for. */
const PLANS_DEBOUNCE_MS = 400;

interface GenerateLinkDrawerProps {
  open: boolean;
  country: Country;
  zone: string;
  onClose(): void;
}

/**
 * "Generate link" (button payment:payment-link:create): product, amount within its range,
 * description, reference, expiry, installments (card products), an appendix and the payer's
 * e-mail; then the link — its address, copy, QR code — and "generate another". The request id is
 * made once per opening (and per "generate another"): a double click or a retry never makes two links.
 */
export function GenerateLinkDrawer({ open, country, zone, onClose }: GenerateLinkDrawerProps) {
  const { t } = useTranslation('paymentLink');
  const mobile = useIsMobile();
  const [round, setRound] = useState(0);
  return (
    <Drawer open={open} onClose={onClose} title={t('generate.title')} size={mobile ? '100%' : 640} destroyOnHidden>
      {open && <GenerateRound key={round} country={country} zone={zone} onClose={onClose} onAnother={() => setRound((n) => n + 1)} />}
    </Drawer>
  );
}

function GenerateRound({ country, zone, onClose, onAnother }: { country: Country; zone: string; onClose(): void; onAnother(): void }) {
  const products = useLinkProducts(country);
  const [made, setMade] = useState<PaymentLink | null>(null);
  if (made) return <LinkResult link={made} zone={zone} onAnother={onAnother} onClose={onClose} />;
  if (!products.data) {
    return products.isPending ? <Spin /> : <QueryStatus query={products} onRetry={() => void products.refetch()} />;
  }
  return <GenerateForm country={country} offer={products.data} onCancel={onClose} onGenerated={setMade} />;
}

const shape = PaymentLinkGenerateRequest.shape;

function GenerateForm({
  country,
  offer,
  onCancel,
  onGenerated,
}: {
  country: Country;
  offer: PaymentLinkCountryOptions | null;
  onCancel(): void;
  onGenerated(link: PaymentLink): void;
}) {
  const { t } = useTranslation('paymentLink');
  const { t: tc } = useTranslation('common');
  const text = usePaymentLinkText();
  const [form] = Form.useForm<GenerateLinkValues>();
  const [requestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateLink();
  const options = offer?.options ?? [];
  const productType = Form.useWatch('productType', form);
  const amountText = Form.useWatch('amount', form);
  const installments = Form.useWatch('installments', form);
  const option = options.find((o) => o.productType === productType) ?? options[0];
  const currency = offer?.currency ?? 'USD';
  const limits = option ? limitsOf(currency, option) : null;
  const cents = useDebounced(limits ? validAmountCents(limits, amountText) : null, PLANS_DEBOUNCE_MS);
  const plans = useInstallmentPlans(
    option?.installments && cents !== null ? { country, productType: option.productType, amount: cents } : null,
  );

  // A plan the amount no longer allows (or a product without installments) falls back to paying at once.
  const planList = option?.installments ? plans.data : [];
  useEffect(() => {
    if (installments === undefined || planList === undefined) return;
    const kept = keptInstallments(installments, planList);
    if (kept !== installments) form.setFieldValue('installments', kept);
  }, [form, installments, planList]);

  if (!offer || !option || !limits) return <Empty description={t('generate.noProducts')} />;

  /** A contract schema's first message for a value, in the interface language; null when it passes. */
  const check = (
    schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => {
    const result = schema.safeParse(value);
    return result.success ? null : text.message(result.error?.issues[0]?.message ?? '');
  };
  const rule = (schema: Parameters<typeof check>[0]) => ({
    validator: async (_: unknown, value: unknown) => {
      const problem = check(schema, value ?? '');
      if (problem) throw new Error(problem);
    },
  });

  const submit = (values: GenerateLinkValues) => {
    if (generate.isPending) return;
    setError(null);
    const request = generateRequest(country, option, values, requestId);
    if (!request) return;
    generate.mutate(request, {
      onSuccess: onGenerated,
      onError: (failure) => {
        const fields = serverFieldErrors(failure, GENERATE_FIELDS);
        if (fields.length > 0) {
          form.setFields(fields.map((field) => ({ name: field.name, errors: field.errors.map(text.message) })));
          return;
        }
        setError(text.failure(failure));
      },
    });
  };

  const planOptions = [
    { value: PAY_AT_ONCE, label: t('installments.once'), disabled: false },
    ...(planList ?? []).map((plan) => ({
      value: plan.count,
      label: plan.available
        ? text.plan(plan, currency)
        : t('installments.unavailable', { plan: text.plan(plan, currency), min: formatCents(plan.minTotal, currency) }),
      disabled: !plan.available,
    })),
  ];

  return (
    <Form<GenerateLinkValues>
      form={form}
      name="generate-link"
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues(options)}
      onFinish={submit}
      disabled={generate.isPending}
    >
      <Form.Item name="productType" label={t('field.product')} required>
        <Select
          options={options.map((o) => ({
            value: o.productType,
            label: t('field.productOption', { product: text.product(o.productType, o.label), min: formatCents(o.minAmount, currency) }),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('field.amount', { currency })}
        required
        normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
        extra={text.amountLimits(limits)}
        dependencies={['productType']}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = amountProblem(limits, value);
              if (problem === 'required') throw new Error(t('amountRequired'));
              if (problem === 'invalid') throw new Error(t('amountInvalid'));
              if (problem === 'range') throw new Error(text.amountRange(limits));
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" prefix={CURRENCY_SYMBOLS[currency]} style={{ maxWidth: 280 }} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('field.description')}
        required
        extra={t('field.descriptionHint')}
        rules={[rule(shape.description)]}
      >
        <Input.TextArea rows={2} maxLength={PAYMENT_LINK_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="merchantReference"
        label={t('field.reference')}
        extra={t('field.referenceHint')}
        rules={[rule(shape.merchantReference)]}
      >
        <Input maxLength={PAYMENT_LINK_REFERENCE_MAX} autoComplete="off" style={{ maxWidth: 320 }} />
      </Form.Item>
      <Form.Item name="expiryHours" label={t('field.expiry')} required>
        <Select
          style={{ maxWidth: 200 }}
          options={PAYMENT_LINK_EXPIRY_CHOICES.map((hours) => ({ value: hours, label: text.expiry(hours) }))}
        />
      </Form.Item>
      {option.installments && (
        <Form.Item
          name="installments"
          label={t('field.installments')}
          extra={
            cents === null ? t('installments.enterAmount') : plans.isFetching ? t('installments.loading') : t('field.installmentsHint')
          }
        >
          <Select style={{ maxWidth: 360 }} options={planOptions} loading={plans.isFetching} />
        </Form.Item>
      )}
      <Form.Item name="appendixFileIds" label={t('field.appendix')} extra={t('field.appendixHint')}>
        <Uploader endpoint={paymentLinkAppendixUpload} maxFiles={PAYMENT_LINK_APPENDIX_MAX} />
      </Form.Item>
      <Form.Item name="payerEmail" label={t('field.payerEmail')} extra={t('field.payerEmailHint')} rules={[rule(shape.payerEmail)]}>
        <Input type="email" autoComplete="off" style={{ maxWidth: 320 }} />
      </Form.Item>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onCancel}>{tc('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={generate.isPending}>
          {t('generate.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
