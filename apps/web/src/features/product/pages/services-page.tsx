import type { AreaAuthority } from '@andes/contract/common/countries';
import type { ProductEntry } from '@andes/contract/home/schemas';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useSettingProductList } from '../api/product-calls.ts';
import { DetailsDrawer } from '../components/details-drawer.tsx';
import { groupByProduct } from '../product-terms.ts';

const DIALOGS = ['details'] as const;

/**
 * `/setting/information-service` (spec §2 Setting → Services): the merchant's product types in the
 * country selected in the shell, by product, each open or not, and each one's price and terms in
 * a drawer (open in the URL).
 */
export function ServicesPage() {
  const { t } = useTranslation('product');
  const { t: tp } = useTranslation('permissions');
  const { area } = useSelectedArea();
  return (
    <>
      <PageHeader title={tp('setting:services')} />
      {area ? <ServicesScreen key={area.code} area={area} /> : <Empty description={t('noCountry')} />}
    </>
  );
}

function ServicesScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('product');
  const { t: th } = useTranslation('home');
  const list = useListUrl();
  const query = useSettingProductList(area.code);
  const dialog = readDialog(list.params, DIALOGS, DIALOGS);
  const entries = query.data?.list ?? [];
  const groups = groupByProduct(entries);
  const shown = dialog ? entries.find((e) => e.id === dialog.id) : undefined;
  const openDetails = (entry: ProductEntry) => list.update(dialogPatch({ kind: 'details', id: entry.id }), { keepPage: true });
  const closeDetails = () => list.update(dialogPatch(null), { keepPage: true, replace: true });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('services.intro')}
      </Typography.Paragraph>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && groups.length === 0 && (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('services.empty')} />
        </Card>
      )}
      {groups.map((group) => {
        const title = th(`product.${group.product}`);
        return (
          <Card key={group.product} title={title}>
            <Flex component="ul" vertical gap={12} aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.entries.map((entry) => (
                <ServiceItem key={entry.id} entry={entry} onDetails={openDetails} />
              ))}
            </Flex>
          </Card>
        );
      })}
      <DetailsDrawer id={dialog?.id ?? null} name={shown ? th(`productType.${shown.code}`) : null} onClose={closeDetails} />
    </Flex>
  );
}

function ServiceItem({ entry, onDetails }: { entry: ProductEntry; onDetails(entry: ProductEntry): void }) {
  const { t } = useTranslation('product');
  const { t: th } = useTranslation('home');
  const name = th(`productType.${entry.code}`);
  return (
    <li>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex vertical gap={2}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>{name}</Typography.Text>
            <StatusTag color={entry.open ? 'success' : 'default'}>{entry.open ? t('open') : t('notOpen')}</StatusTag>
          </Flex>
          {!entry.open && <Typography.Text type="secondary">{t('askToOpen')}</Typography.Text>}
        </Flex>
        <Button size="small" autoInsertSpace={false} aria-label={t('detailsOf', { product: name })} onClick={() => onDetails(entry)}>
          {t('details')}
        </Button>
      </Flex>
    </li>
  );
}
