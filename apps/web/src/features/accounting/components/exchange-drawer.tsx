import { EXCHANGE_MODES, EXCHANGE_SIDES, type ExchangeMode, type ExchangeSide } from '@andes/contract/accounting/enums';
import { Alert, Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { centsOf } from '../../../shared/form/amount-input.ts';
import { useDebounced } from '../../../shared/hooks/use-debounced.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useCreateForm, useExchangeAmount, useExchangeConfig } from '../api/accounting-calls.ts';
import { useAccountingText } from '../hooks/use-accounting-text.ts';
import type { CreateDrawerProps, CreateFormProps } from './form-parts.tsx';
import { AmountField, CreateDrawer, FormFoot, RemarkField } from './form-parts.tsx';
import { ExchangeFigures } from './money-figures.tsx';
import { ReceivingAccountCard } from './receiving-account.tsx';

interface ExchangeValues {
  mode: ExchangeMode;
  side: ExchangeSide;
  amount?: string;
  remark?: string;
}

/**
 * An exchange (button accounting:exchange:add): the mode (PAY_IN local → USD global, PAY_OUT
 * global USD → local payout, OFFLINE USD wired → local payout), which side is fixed (SELL or BUY)
 * and its amount; the other side at the provider's indicative rate, with the balances before and
 * after. The provider quotes the rate the merchant then confirms. One request id per opening.
 */
export function ExchangeDrawer({ open, area, onClose, onCreated }: CreateDrawerProps) {
  const { t } = useTranslation('accounting');
  return (
    <CreateDrawer open={open} title={t('exchange.create')} onClose={onClose}>
      <ExchangeForm area={area} onCancel={onClose} onCreated={onCreated} />
    </CreateDrawer>
  );
}

function ExchangeForm({ area, onCancel, onCreated }: CreateFormProps) {
  const { t } = useTranslation('accounting');
  const _text = useAccountingText();
  const [form] = Form.useForm<ExchangeValues>();
  const { requestId, error, pending, submit: send } = useCreateForm(onCreated);
  const country = area.code;
  const zone = area.timezoneName;
  const mode = Form.useWatch('mode', form) ?? 'PAY_IN';
  const side = Form.useWatch('side', form) ?? 'SELL';
  const cents = useDebounced(centsOf(Form.useWatch('amount', form)));
  const config = useExchangeConfig({ country, mode });
  const amount = useExchangeAmount(cents === null ? null : { country, mode, side, amount: cents });
  const c = config.data;
  const currency = c ? (side === 'SELL' ? c.sellCurrency : c.buyCurrency) : area.currency;
  const limits = c && side === 'SELL' ? { currency: c.sellCurrency, minCents: c.minSellAmount, maxCents: c.maxSellAmount } : null;
  const figures = cents === null ? null : amount.data;

  const submit = (values: ExchangeValues) => {
    const fixed = centsOf(values.amount);
    if (fixed === null || pending) return;
    send({
      kind: 'EXCHANGE',
      request: {
        requestId,
        country,
        mode: values.mode,
        side: values.side,
        amount: fixed,
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      },
    });
  };

  return (
    <Form<ExchangeValues>
      form={form}
      name="exchange-create"
      layout="vertical"
      requiredMark="optional"
      initialValues={{ mode: 'PAY_IN', side: 'SELL' }}
      onFinish={submit}
      disabled={pending}
    >
      <Form.Item name="mode" label={t('field.exchangeMode')} required extra={t(`exchange.modeHint.${mode}`)}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={EXCHANGE_MODES.map((value) => ({ value, label: t(`mode.exchange.${value}`) }))}
        />
      </Form.Item>
      <QueryStatus query={config} padding={8} />
      {c && (
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <Typography.Text>
            {t('exchange.pair', { sell: c.sellCurrency, buy: c.buyCurrency })}
            {' · '}
            {t('figures.rate', { rate: c.indicativeRate, local: c.sellCurrency === 'USD' ? c.buyCurrency : c.sellCurrency })}{' '}
            <Typography.Text type="secondary">({t('figures.indicative')})</Typography.Text>
          </Typography.Text>
          <Flex gap={16} wrap>
            {c.sellBalance && (
              <Typography.Text type="secondary">
                {t('exchange.sellBalance')} <Amount cents={c.sellBalance.available} currency={c.sellBalance.currency} />
              </Typography.Text>
            )}
            <Typography.Text type="secondary">
              {t('exchange.buyBalance')} <Amount cents={c.buyBalance.available} currency={c.buyBalance.currency} />
            </Typography.Text>
          </Flex>
          {mode === 'OFFLINE' && c.receivingAccount && (
            <>
              <ReceivingAccountCard account={c.receivingAccount} />
              <Alert type="info" showIcon title={t('exchange.offlineHint')} />
            </>
          )}
        </Flex>
      )}
      <Form.Item name="side" label={t('field.side')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={EXCHANGE_SIDES.map((value) => ({
            value,
            label: t(`side.${value}`, { currency: c ? (value === 'SELL' ? c.sellCurrency : c.buyCurrency) : '' }),
          }))}
        />
      </Form.Item>
      <AmountField
        currency={currency}
        limits={limits}
        label={t(side === 'SELL' ? 'form.sellAmountIn' : 'form.buyAmountIn', { currency })}
      />
      <RemarkField />
      {figures ? (
        <ExchangeFigures answer={figures} loading={amount.isFetching} zone={zone} />
      ) : (
        <Typography.Text type="secondary">{t('figures.typeAmount')}</Typography.Text>
      )}
      <FormFoot
        error={error}
        pending={pending}
        disabled={(figures?.problem ?? null) !== null}
        submitLabel={t('exchange.submit')}
        onCancel={onCancel}
      />
    </Form>
  );
}
