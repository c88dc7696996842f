import type { Currency } from '@andes/contract/common/countries';
import { CURRENCY_SYMBOLS, formatCents } from '@andes/contract/common/money';
import { normalizeAmountInput, parseAmountToCents } from '@andes/contract/common/validators';
import type { CalculationRules } from '@andes/contract/product/schemas';
import { Button, Drawer, Flex, Form, Input, Spin, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useProductCalculationRules } from '../api/product-calls.ts';
import { stepSentences } from './calculation-steps.ts';
import { ProductTerms } from './product-terms.tsx';

interface CalculationDrawerProps {
  /** The product type whose rules are shown; null while the drawer is closed. */
  id: number | null;
  /** Its name as the list shows it (the title), when the list knows it. */
  name: string | null;
  /** The currency of the selected country (the products' currency): the amount field's. */
  currency: Currency;
  onClose(): void;
}

/**
 * Product list → Calculation rules: the product type's terms, then how a payment of it is settled
 * step by step with a worked example (`productCalculationRules`); the merchant may ask the same
 * for an amount of their own.
 */
export function CalculationDrawer({ id, name, currency, onClose }: CalculationDrawerProps) {
  const { t } = useTranslation('product');
  const mobile = useIsMobile();
  const title = name ? t('rules.title', { product: name }) : t('rules.action');
  return (
    <Drawer open={id !== null} onClose={onClose} title={title} size={mobile ? '100%' : 560} destroyOnHidden>
      {id !== null && <CalculationView key={id} id={id} currency={currency} />}
    </Drawer>
  );
}

function CalculationView({ id, currency }: { id: number; currency: Currency }) {
  const { t } = useTranslation('product');
  const [amount, setAmount] = useState<number | undefined>(undefined);
  const query = useProductCalculationRules(amount === undefined ? { id } : { id, amount });
  const rules = query.data;
  return (
    <Flex vertical gap={16}>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {rules && (
        <>
          <ProductTerms config={rules.config} title={t('rules.terms')} />
          <Spin spinning={query.isPlaceholderData}>
            <Steps rules={rules} />
          </Spin>
        </>
      )}
      <AmountForm currency={currency} busy={query.isFetching} onCalculate={setAmount} />
    </Flex>
  );
}

function Steps({ rules }: { rules: CalculationRules }) {
  const { t } = useTranslation('product');
  const headingId = useId();
  const amount = formatCents(rules.example.amount, rules.config.currency);
  const heading = rules.steps.includes('PAYOUT_TOTAL') ? t('rules.payoutSteps', { amount }) : t('rules.payinSteps', { amount });
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={5} id={headingId}>
        {heading}
      </Typography.Title>
      <ol aria-labelledby={headingId} style={{ margin: 0, paddingInlineStart: 20 }}>
        {stepSentences(rules, t).map((s) => (
          <li key={s.step} style={{ marginBottom: 4 }}>
            {s.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface AmountFormProps {
  currency: Currency;
  busy: boolean;
  onCalculate(cents: number): void;
}

/** The merchant's own amount for the example: typed as text, sent as exact cents on "Calculate". */
function AmountForm({ currency, busy, onCalculate }: AmountFormProps) {
  const { t } = useTranslation('product');
  const inputId = useId();
  const helpId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const cents = parseAmountToCents(text);
    if (cents === null || cents <= 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onCalculate(cents);
  };
  return (
    <Form layout="vertical" component="form" onFinish={submit}>
      <Form.Item
        label={t('rules.amount', { currency })}
        htmlFor={inputId}
        validateStatus={invalid ? 'error' : undefined}
        help={invalid ? <span id={helpId}>{t('rules.amountInvalid')}</span> : undefined}
      >
        <Flex gap={8}>
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            prefix={CURRENCY_SYMBOLS[currency]}
            value={text}
            aria-invalid={invalid}
            aria-describedby={invalid ? helpId : undefined}
            onChange={(e) => {
              setText(normalizeAmountInput(e.target.value));
              setInvalid(false);
            }}
          />
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('rules.calculate')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
