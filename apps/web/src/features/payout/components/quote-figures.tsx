import type { PayoutQuote } from '@andes/contract/payout/schemas';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';

/**
 * What creating payouts does to the money (the dry run's quote): amount, fee, VAT, the total
 * reserved at once, and the available balance before and after. A balance that does not cover the
 * total says so: nothing would be created.
 */
export function QuoteFigures({ quote, title }: { quote: PayoutQuote; title: string }) {
  const { t } = useTranslation('payout');
  const money = (cents: number, strong = false) => (
    <Amount cents={cents} currency={quote.currency} {...(strong ? { style: { fontWeight: 600 } } : {})} />
  );
  return (
    <Flex vertical gap={8} role="group" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'count', label: t('quote.count'), children: quote.count },
          { key: 'amount', label: t('amount'), children: money(quote.amount) },
          { key: 'fee', label: t('fee'), children: money(quote.fee) },
          { key: 'vat', label: t('vat'), children: money(quote.vat) },
          { key: 'total', label: t('quote.total'), children: money(quote.total, true) },
          { key: 'availableBefore', label: t('quote.availableBefore'), children: money(quote.availableBefore) },
          {
            key: 'availableAfter',
            label: t('quote.availableAfter'),
            children: <Typography.Text type={quote.sufficient ? undefined : 'danger'}>{money(quote.availableAfter, true)}</Typography.Text>,
          },
        ]}
      />
      {!quote.sufficient && <Alert type="error" showIcon role="alert" title={t('quote.insufficient')} />}
    </Flex>
  );
}
