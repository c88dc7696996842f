import { formatCents } from '@andes/contract/common/money';
import type { ProductConfig } from '@andes/contract/product/schemas';
import { Descriptions } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { bpsToPercent, feeText } from '../product-terms.ts';

type T = TFunction<'product'>;

/** The limits of one payment: `R$ 1.00 – R$ 50,000.00`, `From R$ 1.00`, `Up to …`, or "No limit". */
export function limitsText(config: ProductConfig, t: T): string {
  const { minAmount, maxAmount, currency } = config;
  if (minAmount !== null && maxAmount !== null) {
    return t('terms.limitRange', { min: formatCents(minAmount, currency), max: formatCents(maxAmount, currency) });
  }
  if (minAmount !== null) return t('terms.limitMin', { min: formatCents(minAmount, currency) });
  if (maxAmount !== null) return t('terms.limitMax', { max: formatCents(maxAmount, currency) });
  return t('terms.noLimit');
}

/** The deposit of a price: "5% of the net for 90 days", or "None". */
export function depositText(config: ProductConfig, t: T): string {
  return config.depositBps === 0
    ? t('terms.none')
    : t('terms.depositOf', { rate: bpsToPercent(config.depositBps), days: config.depositDays });
}

/**
 * One product type's price and terms as the provider set them: open or not, fee, VAT on the fee,
 * settlement (pay-ins), deposit and the limits of one payment. Shown by the Services details and
 * the Product list's calculation rules alike.
 */
export function ProductTerms({ config, title }: { config: ProductConfig; title?: string }) {
  const { t } = useTranslation('product');
  const items = [
    {
      key: 'status',
      label: t('terms.status'),
      children: <StatusTag color={config.open ? 'success' : 'default'}>{config.open ? t('open') : t('notOpen')}</StatusTag>,
    },
    { key: 'fee', label: t('terms.fee'), children: feeText(config.feeBps, config.feeFixed, config.currency) },
    { key: 'vat', label: t('terms.vat'), children: bpsToPercent(config.vatBps) },
    ...(config.product === 'payin'
      ? [{ key: 'settlement', label: t('terms.settlement'), children: t('terms.settlementDays', { days: config.settlementDays }) }]
      : []),
    { key: 'deposit', label: t('terms.deposit'), children: depositText(config, t) },
    { key: 'limits', label: t('terms.limits'), children: limitsText(config, t) },
  ];
  return <Descriptions size="small" bordered column={1} title={title} items={items} />;
}
