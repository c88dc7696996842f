import type { SubMerchantOption } from '@andes/contract/sub-merchant/schemas';
import { Flex, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const MERCHANT = 'merchant';

interface HolderPickerProps {
  merchantName: string;
  subMerchants: readonly SubMerchantOption[];
  loading: boolean;
  /** The sub-merchant shown; undefined for the merchant itself. */
  value: number | undefined;
  onChange(subMerchantId: number | undefined): void;
}

/** The account holder of a finance screen: the merchant itself or one of its sub-merchants; applies at once. */
export function HolderPicker({ merchantName, subMerchants, loading, value, onChange }: HolderPickerProps) {
  const { t } = useTranslation('finance');
  const id = useId();
  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text>
        <label htmlFor={id}>{t('holder')}</label>
      </Typography.Text>
      <Select
        id={id}
        style={{ minWidth: 240 }}
        loading={loading}
        value={value === undefined ? MERCHANT : String(value)}
        onChange={(next: string) => onChange(next === MERCHANT ? undefined : Number(next))}
        showSearch={{ optionFilterProp: 'label' }}
        options={[
          { value: MERCHANT, label: t('holderMerchant', { name: merchantName }) },
          ...subMerchants.map((s) => ({ value: String(s.subMerchantId), label: t('holderSub', { name: s.subMerchantName }) })),
        ]}
      />
    </Flex>
  );
}
