import { maskAccountNumber } from '@andes/contract/common/format';
import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { type SubAccountRow, subAccountListQuery } from '../api/sub-merchant-calls.ts';
import { SUB_ACCOUNT_FILTERS, type SubAccountListRequest, subAccountRequestOf, summaryPath } from '../sub-account-url.ts';

/**
 * `/sub-merchant` (spec §2 Other, §3 Sub-merchant; issue #10): the sub-merchants' accounts — name,
 * id, code, country, account number, balance, available and pending — searchable by name or id
 * and country; a row opens the sub-merchant's daily summary in its country. A sub-merchant user
 * sees their own row only (the server's scope).
 */
export function SubAccountListPage() {
  const { t } = useTranslation('subMerchant');
  const { t: tc } = useTranslation('common');
  const { areas } = useSelectedArea();
  const canOpenSummary = usePermission('sub-merchant:summary');
  const screen = useListScreen<SubAccountListRequest, SubAccountRow>({
    filters: SUB_ACCOUNT_FILTERS,
    requestOf: subAccountRequestOf,
    query: subAccountListQuery,
  });

  const fields: ListFilterField[] = [
    { kind: 'text', name: 'keyword', label: t('filter.keyword'), width: 220 },
    {
      kind: 'select',
      name: 'country',
      label: tc('country'),
      width: 170,
      options: areas.map((area) => ({ value: area.code, label: tc(`countryName.${area.code}`) })),
    },
  ];
  const money = (row: SubAccountRow, cents: number) => <Amount cents={cents} currency={row.currency} />;
  const columns: TableColumnsType<SubAccountRow> = [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, row) =>
        canOpenSummary ? (
          <Link
            to={summaryPath(row.subMerchantId, row.country)}
            aria-label={t('openSummary', { name: row.subMerchantName, country: tc(`countryName.${row.country}`) })}
          >
            {row.subMerchantName}
          </Link>
        ) : (
          row.subMerchantName
        ),
    },
    { key: 'id', title: t('column.id'), render: (_, row) => row.subMerchantId },
    { key: 'code', title: t('column.code'), render: (_, row) => <Typography.Text code>{row.subMerchantCode}</Typography.Text> },
    { key: 'country', title: t('column.country'), render: (_, row) => tc(`countryName.${row.country}`) },
    {
      key: 'accountNo',
      title: t('column.accountNo'),
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{maskAccountNumber(row.accountNo)}</span>,
    },
    { key: 'balance', title: t('column.balance'), align: 'right', render: (_, row) => money(row, row.balance) },
    { key: 'available', title: t('column.available'), align: 'right', render: (_, row) => money(row, row.available) },
    { key: 'pending', title: t('column.pending'), align: 'right', render: (_, row) => money(row, row.pending) },
  ];

  return (
    <ListScreen<SubAccountListRequest, SubAccountRow, never>
      screen={screen}
      title={t('title')}
      intro={<Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>}
      filterBar={{ name: 'sub-account-filters', label: t('filter.label'), fields }}
      columns={columns}
      card={{ title: 'name', extra: 'balance' }}
      emptyText={t('empty')}
      label={t('title')}
    />
  );
}
