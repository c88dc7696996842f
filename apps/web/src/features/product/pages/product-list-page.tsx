import type { AreaAuthority } from '@andes/contract/common/countries';
import type { ProductEntry } from '@andes/contract/home/schemas';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { RowCard } from '../../../shared/list-screen/row-card.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
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
  const mobile = useIsMobile();
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
      {query.data &&
        (mobile ? (
          rows.length === 0 ? (
            empty
          ) : (
            <Flex component="ul" vertical gap={12} aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {rows.map((entry, index) => (
                <li key={entry.id}>
                  <RowCard<ProductEntry> row={entry} index={index} columns={columns} layout={{ title: 'productType', extra: 'open' }} />
                </li>
              ))}
            </Flex>
          )
        ) : (
          <ScrollTable<ProductEntry>
            label={title}
            caption={<VisuallyHidden>{title}</VisuallyHidden>}
            rowKey="id"
            size="middle"
            pagination={false}
            columns={columns}
            dataSource={rows}
            locale={{ emptyText: empty }}
          />
        ))}
      <CalculationDrawer
        id={dialog?.id ?? null}
        name={shown ? th(`productType.${shown.code}`) : null}
        currency={area.currency}
        onClose={closeRules}
      />
    </Card>
  );
}
