import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldText } from '../transaction-search.ts';

/** The translated labels and option names of the transaction filters. */
export function useFieldText(): FieldText {
  const { t } = useTranslation('transactions');
  return useMemo<FieldText>(
    () => ({
      label: (key) => t(`field.${key}`),
      status: (status) => t(`status.${status}` as 'status.SETTLED'),
      productType: (productType) => t(`productType.${productType}` as 'productType.PIX'),
      refundStatus: (status) => t(`refundStatus.${status}` as 'refundStatus.NONE'),
      holdStatus: (flag) => t(`holdStatus.${flag}` as 'holdStatus.1'),
      transactionType: (type) => t(`transactionType.${type}` as 'transactionType.PAY_IN'),
      funnelStage: (stage) => t(`funnelStage.${stage}` as 'funnelStage.1'),
      cardToken: (kind) => t(`cardToken.${kind}` as 'cardToken.TOKEN'),
      message: (key) => t(`message.${key}`),
    }),
    [t],
  );
}
