import type { AreaAuthority } from '@andes/contract/common/countries';
import type { ProductEntry } from '@andes/contract/home/schemas';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { RowsOrCards } from '../../../shared/list-screen/rows-or-cards.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useSettingProductList } from '../api/product-calls.ts';
import { CalculationDrawer } from '../components/calculation-drawer.tsx';
import { productColumns } from '../components/product-columns.tsx';
import { groupByProduct } from '../product-terms.ts';

const DIALOGS = ['rules'] as const;

/**
 * `/setting/product-list` (spec §2 Setting → Product list): the country's product types in a table
 * (cards on a phone) with their product and whether each is open, and each one's calculation
 * rules in a drawer (open in the URL).
 */
export function ProductListPage() {
  const { t } = useTranslation('product');
  const { t: tp } = useTranslation('permissions');
  const { area } = useSelectedArea();
  return (
    <>
      <PageHeader title={tp('setting:product-list')} />
      {area ? <ProductListScreen key={area.code} area={area} /> : <Empty description={t('noCountry')} />}
    </>
  );
}

function ProductListScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('product');
  const { t: th } = useTranslation('home');
  const list = useListUrl();
  const canRules = usePermission('setting:product-list');
  const query = useSettingProductList(area.code);
  const dialog = canRules ? readDialog(list.params, DIALOGS, DIALOGS) : null;
  // Pay-ins, then payouts, then the marketplace, as the Services screen groups them.
  const rows = groupByProduct(query.data?.list ?? []).flatMap((group) => group.entries);
  const shown = dialog ? rows.find((e) => e.id === dialog.id) : undefined;
  const openRules = (entry: ProductEntry) => list.update(dialogPatch({ kind: 'rules', id: entry.id }), { keepPage: true });
  const closeRules = () => list.update(dialogPatch(null), { keepPage: true, replace: true });
  const columns = productColumns(t, th, canRules ? openRules : null);
  const title = t('list.title');
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;

  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{t('list.intro')}</Typography.Paragraph>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && (
        <RowsOrCards<ProductEntry>
          title={title}
          rows={rows}
          rowKey="id"
          columns={columns}
          layout={{ title: 'productType', extra: 'open' }}
          empty={empty}
        />
      )}
      <CalculationDrawer
        id={dialog?.id ?? null}
        name={shown ? th(`productType.${shown.code}`) : null}
        currency={area.currency}
        onClose={closeRules}
      />
    </Card>
  );
}
