import { TOPUP_MODES, type TopupMode } from '@andes/contract/accounting/enums';
import { BANK_NAME_MAX_LENGTH } from '@andes/contract/accounting/schemas';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { Flex, Form, Input, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { centsOf } from '../../../shared/form/amount-input.ts';
import { useDebounced } from '../../../shared/hooks/use-debounced.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { Uploader, useUploadRequiredRule } from '../../../shared/ui/uploader.tsx';
import { zonedWallClockToInstant } from '../accounting-form.ts';
import { PROOF_UPLOAD, useCreateForm, useFeeCalculate, useFeeConfig } from '../api/accounting-calls.ts';
import { useAccountingText } from '../hooks/use-accounting-text.ts';
import type { CreateDrawerProps, CreateFormProps } from './form-parts.tsx';
import { AmountField, CreateDrawer, FormFoot, RemarkField, TransferTimeField, wallClockNow } from './form-parts.tsx';
import { FeeFigures } from './money-figures.tsx';
import { ReceivingAccountCard } from './receiving-account.tsx';

interface TopupValues {
  mode: TopupMode;
  amount?: string;
  remittingBank?: string;
  transferTime?: Dayjs;
  proofFiles?: UploadedFile[];
  remark?: string;
}

/**
 * A top-up (button accounting:funding:add): the account funded, the provider's receiving account
 * to wire to (with a copy button), then what was wired — amount, remitting bank, transfer time and
 * the proof (required, through the uploader) — with the fee and the balance before and after as
 * the amount is typed. One request id per opening.
 */
export function TopupDrawer({ open, area, onClose, onCreated }: CreateDrawerProps) {
  const { t } = useTranslation('accounting');
  return (
    <CreateDrawer open={open} title={t('topup.create')} onClose={onClose}>
      <TopupForm area={area} onCancel={onClose} onCreated={onCreated} />
    </CreateDrawer>
  );
}

function TopupForm({ area, onCancel, onCreated }: CreateFormProps) {
  const { t } = useTranslation('accounting');
  const _text = useAccountingText();
  const [form] = Form.useForm<TopupValues>();
  const { requestId, error, pending, submit: send } = useCreateForm(onCreated);
  const proofRule = useUploadRequiredRule();
  const country = area.code;
  const zone = area.timezoneName;
  const mode = Form.useWatch('mode', form) ?? 'PAY_OUT';
  const cents = useDebounced(centsOf(Form.useWatch('amount', form)));
  const config = useFeeConfig('TOPUP', { country, mode });
  const fee = useFeeCalculate('TOPUP', cents === null ? null : { country, mode, amount: cents });
  const currency = config.data?.currency ?? area.currency;
  const limits = config.data ? { currency, minCents: config.data.minAmount, maxCents: config.data.maxAmount } : null;
  const problem = cents === null ? null : (fee.data?.problem ?? null);

  const submit = (values: TopupValues) => {
    const amount = centsOf(values.amount);
    if (amount === null || !values.transferTime || pending) return;
    send({
      kind: 'TOPUP',
      request: {
        requestId,
        country,
        mode: values.mode,
        amount,
        remittingBank: values.remittingBank?.trim() ?? '',
        transferTime: zonedWallClockToInstant(values.transferTime.format('YYYY-MM-DDTHH:mm'), zone),
        proofFileIds: (values.proofFiles ?? []).map((file) => file.fileId),
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      },
    });
  };

  return (
    <Form<TopupValues>
      form={form}
      name="topup-create"
      layout="vertical"
      requiredMark="optional"
      initialValues={{ mode: 'PAY_OUT', transferTime: wallClockNow(zone) }}
      onFinish={submit}
      disabled={pending}
    >
      <Form.Item name="mode" label={t('field.topupMode')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={TOPUP_MODES.map((value) => ({ value, label: t(`mode.topup.${value}`) }))}
        />
      </Form.Item>
      <Flex vertical gap={16} style={{ marginBottom: 16 }}>
        <QueryStatus query={config} padding={8} />
        {config.data?.receivingAccount && <ReceivingAccountCard account={config.data.receivingAccount} />}
      </Flex>
      <AmountField currency={currency} limits={limits} />
      <Form.Item
        name="remittingBank"
        label={t('field.remittingBank')}
        required
        rules={[{ required: true, whitespace: true, message: t('form.remittingBankRequired') }]}
      >
        <Input maxLength={BANK_NAME_MAX_LENGTH} autoComplete="off" style={{ maxWidth: 360 }} />
      </Form.Item>
      <TransferTimeField zone={zone} />
      <Form.Item name="proofFiles" label={t('field.proof')} required rules={[proofRule]}>
        <Uploader endpoint={PROOF_UPLOAD} />
      </Form.Item>
      <RemarkField />
      {fee.data && cents !== null ? (
        <FeeFigures kind="TOPUP" answer={fee.data} loading={fee.isFetching} />
      ) : (
        <Typography.Text type="secondary">{t('figures.typeAmount')}</Typography.Text>
      )}
      <FormFoot error={error} pending={pending} disabled={problem !== null} submitLabel={t('topup.submit')} onCancel={onCancel} />
    </Form>
  );
}
