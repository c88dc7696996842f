import type { ReceivingAccount } from '@andes/contract/accounting/schemas';
import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../shared/ui/copy-field.tsx';

/**
 * Where to wire the money (a top-up, an offline exchange): the provider's bank account, the
 * account number with a copy button, and what to write in the transfer's reference.
 */
export function ReceivingAccountCard({ account }: { account: ReceivingAccount }) {
  const { t } = useTranslation('accounting');
  return (
    <Flex vertical gap={8} role="group" aria-label={t('receiving.title')}>
      <Typography.Text strong>{t('receiving.title')}</Typography.Text>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'bank', label: t('receiving.bank'), children: account.bankName },
          { key: 'holder', label: t('receiving.holder'), children: account.holderName },
          { key: 'currency', label: t('receiving.currency'), children: account.currency },
          {
            key: 'number',
            label: t('receiving.accountNumber'),
            children: <CopyField value={account.accountNumber} label={t('receiving.accountNumber')} />,
          },
        ]}
      />
      <Typography.Text type="secondary">{t('receiving.reference', { hint: account.referenceHint })}</Typography.Text>
    </Flex>
  );
}
