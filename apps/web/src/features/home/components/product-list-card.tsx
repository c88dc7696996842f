import type { Country } from '@andes/contract/common/countries';
import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useProductList } from '../api/use-product-list.ts';
import { shownProducts } from '../figures.ts';
import { SectionCard } from './section-card.tsx';

/** The merchant's product types in the country, by product, each tagged open or closed. */
export function ProductListCard({ country }: { country: Country }) {
  const { t } = useTranslation('home');
  const query = useProductList(country);
  return (
    <SectionCard title={t('products.title')} query={query}>
      {(data) => {
        const groups = shownProducts(data.list);
        if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.empty')} />;
        return (
          <Flex vertical gap={12}>
            {groups.map((group) => (
              <section key={group.product} aria-label={t(`product.${group.product}`)}>
                <Typography.Text strong>{t(`product.${group.product}`)}</Typography.Text>
                <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                  {group.entries.map((entry) => (
                    <li key={entry.id}>
                      <Flex gap={4} align="center">
                        <span>{t(`productType.${entry.code}`)}</span>
                        <StatusTag color={entry.open ? 'success' : 'default'}>
                          {entry.open ? t('products.open') : t('products.closed')}
                        </StatusTag>
                      </Flex>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </Flex>
        );
      }}
    </SectionCard>
  );
}
