import type { AreaAuthority, Currency } from '@andes/contract/common/countries';
import { maskAccountNumber } from '@andes/contract/common/format';
import { formatCents, groupThousands } from '@andes/contract/common/money';
import type { DepositConfigList } from '@andes/contract/product/schemas';
import { Card, Empty, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { RowsOrCards } from '../../../shared/list-screen/rows-or-cards.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { EChart } from '../../../shared/ui/echart.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useDepositConfigList } from '../api/product-calls.ts';
import { releasesChart } from '../deposit-chart.ts';
import { bpsToPercent } from '../product-terms.ts';

type HeldAccount = DepositConfigList['accounts'][number];

/**
 * `/setting/deposit` (spec §2 Setting → Deposit): the deposit (rolling reserve) of the country
 * selected in the shell — the pay-in product types that hold one and on what terms, what each
 * account holds now, and when the next deposits are released.
 */
export function DepositPage() {
  const { t } = useTranslation('product');
  const { t: tp } = useTranslation('permissions');
  const { area } = useSelectedArea();
  return (
    <>
      <PageHeader title={tp('setting:deposit')} />
      {area ? <DepositScreen key={area.code} area={area} /> : <Empty description={t('noCountry')} />}
    </>
  );
}

function DepositScreen({ area }: { area: AreaAuthority }) {
  const query = useDepositConfigList(area.code);
  const data = query.data;
  return (
    <Flex vertical gap={16}>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {data && (
        <>
          <TermsCard list={data.list} />
          <HeldCard accounts={data.accounts} currency={area.currency} />
          <ReleasesCard releases={data.releases} currency={area.currency} />
        </>
      )}
    </Flex>
  );
}

function TermsCard({ list }: { list: DepositConfigList['list'] }) {
  const { t } = useTranslation('product');
  const { t: th } = useTranslation('home');
  const title = t('deposit.terms.title');
  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{t('deposit.terms.intro')}</Typography.Paragraph>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deposit.terms.empty')} />
      ) : (
        <Flex component="ul" vertical gap={8} aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((config) => (
            <li key={config.id}>
              <Typography.Text strong>{th(`productType.${config.code}`)}</Typography.Text>
              {': '}
              {t('deposit.terms.item', { rate: bpsToPercent(config.depositBps), days: config.depositDays })}
            </li>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function heldColumns(t: TFunction<'product'>, th: TFunction<'home'>, currency: Currency): TableColumnsType<HeldAccount> {
  return [
    {
      key: 'account',
      title: t('deposit.held.account'),
      render: (_, account) => (
        <Flex vertical gap={2}>
          <span style={{ whiteSpace: 'nowrap' }}>{maskAccountNumber(account.accountNo)}</span>
          <Flex gap={6} align="center" wrap>
            <Typography.Text type="secondary">{account.holderName}</Typography.Text>
            {account.subMerchant && <Tag style={{ marginInlineEnd: 0 }}>{t('subMerchant')}</Tag>}
          </Flex>
        </Flex>
      ),
    },
    { key: 'accountType', title: t('deposit.held.accountType'), render: (_, account) => th(`accountType.${account.accountType}`) },
    {
      key: 'depositHeld',
      title: t('deposit.held.amount'),
      align: 'right',
      render: (_, account) => <Amount cents={account.depositHeld} currency={currency} />,
    },
  ];
}

function HeldCard({ accounts, currency }: { accounts: HeldAccount[]; currency: Currency }) {
  const { t } = useTranslation('product');
  const { t: th } = useTranslation('home');
  const title = t('deposit.held.title');
  const columns = heldColumns(t, th, currency);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deposit.held.empty')} />;
  return (
    <Card title={title}>
      <RowsOrCards<HeldAccount>
        title={title}
        rows={accounts}
        rowKey="accountId"
        columns={columns}
        layout={{ title: 'account', extra: 'depositHeld' }}
        empty={empty}
      />
    </Card>
  );
}

function ReleasesCard({ releases, currency }: { releases: DepositConfigList['releases']; currency: Currency }) {
  const { t } = useTranslation('product');
  const chart = useMemo(
    () =>
      releasesChart(releases, currency, {
        caption: t('deposit.releases.caption'),
        date: t('deposit.releases.date'),
        amount: t('deposit.releases.amount'),
      }),
    [releases, currency, t],
  );
  const empty = releases.length === 0;
  return (
    <Card title={t('deposit.releases.title')}>
      <EChart
        option={chart.option}
        table={chart.table}
        empty={empty}
        emptyText={t('deposit.releases.empty')}
        height={220}
        summary={
          empty
            ? t('deposit.releases.empty')
            : t('deposit.releases.summary', {
                amount: formatCents(chart.total, currency),
                dates: groupThousands(String(releases.length)),
                first: releases[0]?.date ?? '',
              })
        }
      />
    </Card>
  );
}
