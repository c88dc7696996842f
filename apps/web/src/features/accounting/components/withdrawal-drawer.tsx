import { WITHDRAW_MODES, type WithdrawMode } from '@andes/contract/accounting/enums';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_PATTERN,
  BANK_NAME_MAX_LENGTH,
  HOLDER_NAME_MAX_LENGTH,
} from '@andes/contract/accounting/schemas';
import { formatCents } from '@andes/contract/common/money';
import { Alert, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { centsOf } from '../../../shared/form/amount-input.ts';
import { useDebounced } from '../../../shared/hooks/use-debounced.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useCreateForm, useFeeCalculate, useFeeConfig } from '../api/accounting-calls.ts';
import { useAccountingText } from '../hooks/use-accounting-text.ts';
import type { CreateDrawerProps, CreateFormProps } from './form-parts.tsx';
import { AmountField, CreateDrawer, FormFoot, RemarkField } from './form-parts.tsx';
import { FeeFigures } from './money-figures.tsx';

interface WithdrawalValues {
  mode: WithdrawMode;
  amount?: string;
  holderName?: string;
  bankName?: string;
  accountNumber?: string;
  remark?: string;
}

/**
 * A withdrawal (button accounting:withdrawal:add): the account drawn on, the amount, the bank
 * account it is paid to; the fee lines, the total reserved and the balance before and after as
 * the amount is typed, and whether a second person must approve it. One request id per opening.
 */
export function WithdrawalDrawer({ open, area, onClose, onCreated }: CreateDrawerProps) {
  const { t } = useTranslation('accounting');
  return (
    <CreateDrawer open={open} title={t('withdrawal.create')} onClose={onClose}>
      <WithdrawalForm area={area} onCancel={onClose} onCreated={onCreated} />
    </CreateDrawer>
  );
}

function WithdrawalForm({ area, onCancel, onCreated }: CreateFormProps) {
  const { t } = useTranslation('accounting');
  const _text = useAccountingText();
  const [form] = Form.useForm<WithdrawalValues>();
  const { requestId, error, pending, submit: send } = useCreateForm(onCreated);
  const country = area.code;
  const mode = Form.useWatch('mode', form) ?? 'PAY_IN';
  const cents = useDebounced(centsOf(Form.useWatch('amount', form)));
  const config = useFeeConfig('WITHDRAWAL', { country, mode });
  const fee = useFeeCalculate('WITHDRAWAL', cents === null ? null : { country, mode, amount: cents });
  const currency = config.data?.currency ?? area.currency;
  const limits = config.data ? { currency, minCents: config.data.minAmount, maxCents: config.data.maxAmount } : null;
  const figures = cents === null ? null : fee.data;
  const threshold = config.data?.approvalThreshold ?? null;

  const submit = (values: WithdrawalValues) => {
    const amount = centsOf(values.amount);
    if (amount === null || pending) return;
    send({
      kind: 'WITHDRAWAL',
      request: {
        requestId,
        country,
        mode: values.mode,
        amount,
        beneficiaryAccount: {
          holderName: values.holderName?.trim() ?? '',
          bankName: values.bankName?.trim() ?? '',
          accountNumber: values.accountNumber?.trim() ?? '',
        },
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      },
    });
  };

  return (
    <Form<WithdrawalValues>
      form={form}
      name="withdrawal-create"
      layout="vertical"
      requiredMark="optional"
      initialValues={{ mode: 'PAY_IN' }}
      onFinish={submit}
      disabled={pending}
    >
      <Form.Item name="mode" label={t('field.withdrawMode')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={WITHDRAW_MODES.map((value) => ({ value, label: t(`mode.withdrawal.${value}`) }))}
        />
      </Form.Item>
      <QueryStatus query={config} padding={8} />
      {config.data && (
        <Flex gap={16} wrap style={{ marginBottom: 16 }}>
          <Typography.Text>
            {t('balance.available')}{' '}
            <Amount cents={config.data.balance.available} currency={config.data.balance.currency} style={{ fontWeight: 600 }} />
          </Typography.Text>
          <Typography.Text type="secondary">
            {threshold === null ? t('withdrawal.noApproval') : t('withdrawal.approvalAbove', { amount: formatCents(threshold, currency) })}
          </Typography.Text>
        </Flex>
      )}
      <AmountField currency={currency} limits={limits} />
      <Typography.Title level={5}>{t('field.beneficiaryAccount')}</Typography.Title>
      <Form.Item
        name="holderName"
        label={t('field.holderName')}
        required
        rules={[{ required: true, whitespace: true, message: t('form.holderRequired') }]}
      >
        <Input maxLength={HOLDER_NAME_MAX_LENGTH} autoComplete="off" style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item
        name="bankName"
        label={t('field.bankName')}
        required
        rules={[{ required: true, whitespace: true, message: t('form.bankRequired') }]}
      >
        <Input maxLength={BANK_NAME_MAX_LENGTH} autoComplete="off" style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item
        name="accountNumber"
        label={t('field.accountNumber')}
        required
        extra={t('form.accountNumberHint')}
        rules={[{ required: true, pattern: ACCOUNT_NUMBER_PATTERN, message: t('form.accountNumberInvalid') }]}
      >
        <Input maxLength={ACCOUNT_NUMBER_MAX_LENGTH} autoComplete="off" style={{ maxWidth: 360 }} />
      </Form.Item>
      <RemarkField />
      {figures ? (
        <Flex vertical gap={12}>
          <FeeFigures kind="WITHDRAWAL" answer={figures} loading={fee.isFetching} />
          {figures.needsApproval && <Alert type="info" showIcon title={t('withdrawal.needsApproval')} />}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('figures.typeAmount')}</Typography.Text>
      )}
      <FormFoot
        error={error}
        pending={pending}
        disabled={(figures?.problem ?? null) !== null}
        submitLabel={t('withdrawal.submit')}
        onCancel={onCancel}
      />
    </Form>
  );
}
