import type { AccountType } from '@andes/contract/account/enums';
import type { Country } from '@andes/contract/common/countries';
import { maskAccountNumber } from '@andes/contract/common/format';
import { Card, Drawer, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useBalanceDetail } from '../api/use-balance-detail.ts';
import { BalanceFigures } from './balance-figures.tsx';

/**
 * One account type of the country per holder: the merchant's account and each sub-merchant's,
 * with every figure exact. A bottom sheet on mobile.
 */
export function BalanceDetailDrawer({
  country,
  accountType,
  onClose,
}: {
  country: Country;
  accountType: AccountType | null;
  onClose(): void;
}) {
  const { t } = useTranslation('home');
  const mobile = useIsMobile();
  const query = useBalanceDetail(country, accountType);
  const detail = query.data;
  return (
    <Drawer
      open={accountType !== null}
      onClose={onClose}
      title={accountType ? t('detail.title', { type: t(`accountType.${accountType}`) }) : null}
      placement={mobile ? 'bottom' : 'right'}
      size={mobile ? '85%' : 560}
      destroyOnHidden
    >
      <QueryStatus query={query} />
      {detail && (
        <Flex vertical gap={16}>
          <Card size="small" title={t('detail.total')}>
            <BalanceFigures balances={detail.total} currency={detail.currency} columns={mobile ? 1 : 2} />
          </Card>
          {detail.accounts.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.empty')} />}
          {detail.accounts.map((account) => (
            <Card
              key={account.accountId}
              size="small"
              title={
                <Flex gap={8} align="center" wrap>
                  <span>{account.holderName}</span>
                  <Tag color={account.subMerchant ? 'purple' : 'blue'}>
                    {account.subMerchant ? t('detail.subMerchant') : t('detail.merchant')}
                  </Tag>
                </Flex>
              }
            >
              <Typography.Text type="secondary">
                {t('detail.accountNo')}: {maskAccountNumber(account.accountNo)}
              </Typography.Text>
              <BalanceFigures balances={account.balances} currency={detail.currency} columns={mobile ? 1 : 2} />
            </Card>
          ))}
        </Flex>
      )}
    </Drawer>
  );
}
