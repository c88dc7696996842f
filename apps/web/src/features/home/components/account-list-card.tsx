import type { Account } from '@andes/contract/account/schemas';
import type { Country } from '@andes/contract/common/countries';
import { maskAccountNumber } from '@andes/contract/common/format';
import { Empty, Flex, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { useAccountList } from '../api/use-account-list.ts';
import { SectionCard } from './section-card.tsx';

/** The local accounts of the country: number (masked past 22 characters, spec §9), type, holder, balances. */
export function AccountListCard({ country }: { country: Country }) {
  const { t } = useTranslation('home');
  const query = useAccountList(country);
  const columns: TableColumnsType<Account> = [
    {
      key: 'accountNo',
      title: t('accounts.accountNo'),
      render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{maskAccountNumber(a.accountNo)}</span>,
    },
    { key: 'type', title: t('accounts.type'), render: (_, a) => t(`accountType.${a.accountType}`) },
    {
      key: 'holder',
      title: t('accounts.holder'),
      render: (_, a) => (
        <Flex gap={6} align="center" wrap>
          <span>{a.holderName}</span>
          <Tag color={a.subMerchant ? 'purple' : 'blue'}>{a.subMerchant ? t('detail.subMerchant') : t('detail.merchant')}</Tag>
        </Flex>
      ),
    },
    {
      key: 'available',
      title: t('figure.available'),
      align: 'right',
      render: (_, a) => <Amount cents={a.balances.available} currency={a.currency} />,
    },
    {
      key: 'balance',
      title: t('figure.balance'),
      align: 'right',
      render: (_, a) => <Amount cents={a.balances.balance} currency={a.currency} />,
    },
  ];
  return (
    <SectionCard title={t('accounts.title')} query={query}>
      {(data) =>
        data.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounts.empty')} />
        ) : (
          <ScrollTable<Account>
            label={t('accounts.title')}
            rowKey="accountId"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={data.list}
          />
        )
      }
    </SectionCard>
  );
}
