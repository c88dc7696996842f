import type { ExchangeAmountAnswer, FeeCalculateAnswer, SubTransferCalculateAnswer } from '@andes/contract/accounting/schemas';
import type { Currency } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { Alert, Descriptions, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { useAccountingText } from '../hooks/use-accounting-text.ts';

function Figures({
  title,
  loading,
  items,
  problem,
}: {
  title: string;
  loading: boolean;
  items: { key: string; label: string; children: ReactNode }[];
  problem: string | null;
}) {
  const text = useAccountingText();
  return (
    <Flex vertical gap={8} role="group" aria-label={title} aria-busy={loading}>
      <Flex gap={8} align="center">
        <Typography.Text strong>{title}</Typography.Text>
        {loading && <Spin size="small" />}
      </Flex>
      <Descriptions column={1} bordered size="small" items={items} />
      {problem && <Alert type="error" showIcon role="alert" title={text.message(problem)} />}
    </Flex>
  );
}

/**
 * What a top-up or a withdrawal does to the money, as the server will post it (`fee/calculate`):
 * each fee line, the total (a withdrawal: taken from the account; a top-up: credited if the
 * provider verifies the amount), the available balance before and after, and the problem that
 * would stop the creation.
 */
export function FeeFigures({ kind, answer, loading }: { kind: 'TOPUP' | 'WITHDRAWAL'; answer: FeeCalculateAnswer; loading: boolean }) {
  const { t } = useTranslation('accounting');
  const money = (cents: number, strong = false) => (
    <Amount cents={cents} currency={answer.currency} {...(strong ? { style: { fontWeight: 600 } } : {})} />
  );
  return (
    <Figures
      title={t('figures.title')}
      loading={loading}
      problem={answer.problem}
      items={[
        { key: 'amount', label: t('field.requestAmount'), children: money(answer.amount) },
        ...(answer.lines.length === 0
          ? [{ key: 'fee', label: t('field.fee'), children: money(0) }]
          : answer.lines.map((line) => ({ key: line.item, label: t(`feeItem.${line.item}`), children: money(line.amount) }))),
        { key: 'total', label: t(kind === 'TOPUP' ? 'figures.credited' : 'figures.deducted'), children: money(answer.total, true) },
        { key: 'before', label: t('figures.availableBefore'), children: money(answer.availableBefore) },
        {
          key: 'after',
          label: t('figures.availableAfter'),
          children: (
            <Typography.Text type={answer.availableAfter < 0 ? 'danger' : undefined}>{money(answer.availableAfter, true)}</Typography.Text>
          ),
        },
      ]}
    />
  );
}

/**
 * What a sub-merchant transfer does to both accounts (no fee): the source's available balance
 * before and after reserving the amount, the target's before and after it completes.
 */
export function SubTransferFigures({ answer, loading }: { answer: SubTransferCalculateAnswer; loading: boolean }) {
  const { t } = useTranslation('accounting');
  const money = (cents: number, strong = false) => (
    <Amount cents={cents} currency={answer.currency} {...(strong ? { style: { fontWeight: 600 } } : {})} />
  );
  return (
    <Figures
      title={t('figures.title')}
      loading={loading}
      problem={answer.problem}
      items={[
        { key: 'amount', label: t('field.requestAmount'), children: money(answer.amount) },
        { key: 'fee', label: t('field.fee'), children: money(0) },
        { key: 'sourceBefore', label: t('figures.sourceBefore'), children: money(answer.sourceAvailableBefore) },
        {
          key: 'sourceAfter',
          label: t('figures.sourceAfter'),
          children: (
            <Typography.Text type={answer.sourceAvailableAfter < 0 ? 'danger' : undefined}>
              {money(answer.sourceAvailableAfter, true)}
            </Typography.Text>
          ),
        },
        { key: 'targetBefore', label: t('figures.targetBefore'), children: money(answer.targetAvailableBefore) },
        { key: 'targetAfter', label: t('figures.targetAfter'), children: money(answer.targetAvailableAfter, true) },
      ]}
    />
  );
}

/**
 * Both sides of an exchange at the rate used (indicative before the provider quotes; quoted after),
 * and what it does to the balances sold from and bought into.
 */
export function ExchangeFigures({
  answer,
  loading,
  zone,
  title,
}: {
  answer: ExchangeAmountAnswer;
  loading: boolean;
  zone: string;
  title?: string;
}) {
  const { t } = useTranslation('accounting');
  const money = (cents: number, currency: Currency, strong = false) => (
    <Amount cents={cents} currency={currency} {...(strong ? { style: { fontWeight: 600 } } : {})} />
  );
  const quoted = answer.rateKind === 'QUOTED';
  return (
    <Figures
      title={title ?? t('figures.exchangeTitle')}
      loading={loading}
      problem={answer.problem}
      items={[
        { key: 'sell', label: t('field.sellAmount'), children: money(answer.sellAmount, answer.sellCurrency, true) },
        { key: 'buy', label: t('field.buyAmount'), children: money(answer.buyAmount, answer.buyCurrency, true) },
        {
          key: 'rate',
          label: t('field.exchangeRate'),
          children: (
            <Flex vertical>
              <span>
                {t('figures.rate', { rate: answer.rate, local: answer.sellCurrency === 'USD' ? answer.buyCurrency : answer.sellCurrency })}
              </span>
              <Typography.Text type="secondary">
                {quoted && answer.rateExpiresAt
                  ? t('figures.quoted', { at: formatDateTime(answer.rateExpiresAt, zone) })
                  : t('figures.indicative')}
              </Typography.Text>
            </Flex>
          ),
        },
        ...(answer.sellAvailableBefore !== null && answer.sellAvailableAfter !== null
          ? [
              { key: 'sellBefore', label: t('figures.sellBefore'), children: money(answer.sellAvailableBefore, answer.sellCurrency) },
              {
                key: 'sellAfter',
                label: t('figures.sellAfter'),
                children: (
                  <Typography.Text type={answer.sellAvailableAfter < 0 ? 'danger' : undefined}>
                    {money(answer.sellAvailableAfter, answer.sellCurrency, true)}
                  </Typography.Text>
                ),
              },
            ]
          : []),
        { key: 'buyBefore', label: t('figures.buyBefore'), children: money(answer.buyAvailableBefore, answer.buyCurrency) },
        { key: 'buyAfter', label: t('figures.buyAfter'), children: money(answer.buyAvailableAfter, answer.buyCurrency, true) },
      ]}
    />
  );
}
