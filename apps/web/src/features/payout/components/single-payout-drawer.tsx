import { PAYOUT_VERIFY_CODE_LENGTH } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { ResultCode, ValidationErrorData } from '@andes/contract/common/envelope';
import { CURRENCY_SYMBOLS } from '@andes/contract/common/money';
import { normalizeAmountInput } from '@andes/contract/common/validators';
import { type PayoutRail, railOf, railsOf } from '@andes/contract/payout/rails';
import {
  PAYOUT_MESSAGES,
  type Payout,
  type PayoutCreateAnswer,
  type PayoutCreateRequest,
  type PayoutVerifyCodeSent,
} from '@andes/contract/payout/schemas';
import { Alert, Button, Checkbox, Descriptions, Drawer, Empty, Flex, Form, Input, Radio, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/errors.ts';
import { newRequestId } from '../../../shared/form/request-id.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { usePayoutCreate } from '../api/use-payouts.ts';
import { usePayoutText } from '../hooks/use-payout-text.ts';
import { amountProblem, formPathOf, type SinglePayoutValues, singlePayoutRequest } from '../payout-form.ts';
import { BeneficiaryFields } from './beneficiary-fields.tsx';
import { DuplicateList } from './duplicate-list.tsx';
import { QuoteFigures } from './quote-figures.tsx';
import { resentNow, VerifyCodeStep } from './verify-code-step.tsx';

interface SinglePayoutDrawerProps {
  open: boolean;
  country: Country;
  zone: string;
  onClose(): void;
  onCreated(payout: Payout): void;
}

/**
 * A single payout (button payment:payout:create): the rail and the beneficiary fields it needs,
 * the amount (normalised as typed, within the rail's range), then a review — the quote of a dry
 * run (fee, VAT, total reserved, available before and after), possible duplicates to confirm — and
 * the e-mailed code. The request id is made once per opening: a double click or a retry never
 * creates a second payout.
 */
export function SinglePayoutDrawer({ open, country, zone, onClose, onCreated }: SinglePayoutDrawerProps) {
  const { t } = useTranslation('payout');
  const mobile = useIsMobile();
  return (
    <Drawer open={open} onClose={onClose} title={t('create.title')} size={mobile ? '100%' : 640} destroyOnHidden>
      {open && <SinglePayoutForm country={country} zone={zone} onCancel={onClose} onCreated={onCreated} />}
    </Drawer>
  );
}

interface Review {
  request: PayoutCreateRequest;
  answer: PayoutCreateAnswer;
}

function SinglePayoutForm({
  country,
  zone,
  onCancel,
  onCreated,
}: {
  country: Country;
  zone: string;
  onCancel(): void;
  onCreated(payout: Payout): void;
}) {
  const { t } = useTranslation('payout');
  const { t: tc } = useTranslation('common');
  const text = usePayoutText();
  const [form] = Form.useForm<SinglePayoutValues>();
  const rails = railsOf(country);
  const [requestId] = useState(newRequestId);
  const [review, setReview] = useState<Review | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState('');
  // The code last sent, and the total it was sent for (a code is bound to it).
  const [sent, setSent] = useState<{ amount: number; info: PayoutVerifyCodeSent } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const quote = usePayoutCreate();
  const create = usePayoutCreate();
  const productType = Form.useWatch('productType', form) ?? rails[0]?.productType;
  const rail = railOf(country, productType ?? '') ?? rails[0];

  if (!rail) return <Empty description={t('create.noRails')} />;

  /** Field errors of a refusal go next to their fields (back on the form); any other failure is said above the buttons. */
  const failed = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === ResultCode.VALIDATION_FAILED) {
      const parsed = ValidationErrorData.safeParse(failure.data);
      const fields = (parsed.success ? parsed.data.issues : [])
        .map((issue) => ({ path: formPathOf(issue.path), message: text.fieldError(issue.message) }))
        .filter((issue): issue is { path: NonNullable<typeof issue.path>; message: string } => issue.path !== null);
      if (fields.length > 0) {
        setReview(null);
        form.setFields(fields.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
        return;
      }
    }
    setError(text.failure(failure));
  };

  const toReview = (values: SinglePayoutValues) => {
    setError(null);
    const request = singlePayoutRequest(country, rail, values);
    if (!request) return;
    quote.mutate(
      { ...request, dryRun: true },
      {
        onSuccess: (answer) => {
          // A code is bound to the total: another amount needs another code.
          if (review && review.request.amount !== request.amount) setCode('');
          setConfirmed(false);
          setReview({ request, answer });
        },
        onError: failed,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!review || create.isPending) return;
    setError(null);
    create.mutate(
      { ...review.request, dryRun: false, verifyCode: code, requestId, confirmDuplicates: confirmed },
      {
        onSuccess: (answer) => {
          if (answer.payout) onCreated(answer.payout);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.msg === PAYOUT_MESSAGES.codeExpired) {
            // The server e-mailed a new code: the old one is of no use.
            setCode('');
            setSent((s) => s && { ...s, info: resentNow(s.info) });
          }
          failed(failure);
        },
      },
    );
  };

  const errorAlert = error && <Alert type="error" showIcon role="alert" title={error} />;

  const reviewStep = review && renderReview(review, rail);

  function renderReview({ answer, request }: Review, rail: PayoutRail) {
    const duplicates = answer.duplicates.length > 0;
    const ready = answer.quote.sufficient && code.length === PAYOUT_VERIFY_CODE_LENGTH && (!duplicates || confirmed);
    const beneficiary = request.beneficiary;
    return (
      <form onSubmit={submit} aria-label={t('create.reviewTitle')}>
        <Flex vertical gap={16}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('create.reviewTitle')}
          </Typography.Title>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'channel', label: t('channel'), children: text.channel({ productType: rail.productType, method: rail.method }) },
              { key: 'name', label: t('beneficiaryName'), children: beneficiary.name },
              {
                key: 'account',
                label: t('account'),
                children:
                  beneficiary.pixKey ?? [beneficiary.bankCode, beneficiary.branch, beneficiary.accountNo].filter(Boolean).join(' · '),
              },
              { key: 'amount', label: t('amount'), children: <Amount cents={request.amount} currency={rail.currency} /> },
              ...(request.merchantReference
                ? [{ key: 'reference', label: t('merchantReference'), children: request.merchantReference }]
                : []),
            ]}
          />
          <QuoteFigures quote={answer.quote} title={t('quote.title')} />
          {duplicates && (
            <Flex vertical gap={8}>
              <DuplicateList duplicates={answer.duplicates} zone={zone} />
              <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)}>
                {t('duplicates.confirmOne')}
              </Checkbox>
            </Flex>
          )}
          {answer.quote.sufficient && (
            <VerifyCodeStep
              country={country}
              zone={zone}
              count={1}
              amount={request.amount}
              code={code}
              onCode={setCode}
              sent={sent?.amount === request.amount ? sent.info : null}
              onSent={(info) => setSent({ amount: request.amount, info })}
              disabled={create.isPending}
            />
          )}
          {errorAlert}
          <Flex gap={8} justify="flex-end" wrap>
            <Button
              disabled={create.isPending}
              onClick={() => {
                setError(null);
                setReview(null);
              }}
            >
              {t('create.edit')}
            </Button>
            <Button type="primary" htmlType="submit" disabled={!ready} loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Flex>
        </Flex>
      </form>
    );
  }

  return (
    <>
      {/* The form stays mounted while the review shows: "Edit" comes back to what was typed. */}
      <div hidden={review !== null}>
        <Form<SinglePayoutValues>
          form={form}
          name="single-payout"
          layout="vertical"
          requiredMark="optional"
          disabled={quote.isPending}
          initialValues={{ productType: rail.productType }}
          onFinish={toReview}
          preserve
        >
          <Form.Item name="productType" label={t('rail')} required>
            <Radio.Group
              aria-label={t('rail')}
              optionType="button"
              buttonStyle="solid"
              options={rails.map((r) => ({ value: r.productType, label: text.channel({ productType: r.productType, method: r.method }) }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('amountIn', { currency: rail.currency })}
            required
            normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
            extra={text.amountRange(rail)}
            dependencies={['productType']}
            validateTrigger="onBlur"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const problem = amountProblem(rail, value);
                  if (problem === 'required') throw new Error(t('amountRequired'));
                  if (problem === 'invalid') throw new Error(t('amountInvalid'));
                  if (problem === 'range') throw new Error(text.amountRange(rail));
                },
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" prefix={CURRENCY_SYMBOLS[rail.currency]} style={{ maxWidth: 280 }} />
          </Form.Item>
          <Form.Item name="merchantReference" label={t('merchantReference')} extra={t('create.referenceHint')}>
            <Input maxLength={64} autoComplete="off" style={{ maxWidth: 280 }} />
          </Form.Item>
          <Typography.Title level={5}>{t('section.beneficiary')}</Typography.Title>
          <BeneficiaryFields rail={rail} form={form} />
          {review === null && errorAlert}
          <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 16 }}>
            <Button onClick={onCancel}>{tc('cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={quote.isPending}>
              {t('create.review')}
            </Button>
          </Flex>
        </Form>
      </div>
      {reviewStep}
    </>
  );
}
