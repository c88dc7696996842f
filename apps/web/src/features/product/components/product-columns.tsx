import type { ProductEntry } from '@andes/contract/home/schemas';
import { Button, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { ACTIONS_COLUMN } from '../../../shared/list-screen/row-card.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';

/**
 * The Product list's columns (the mobile cards are built from the same columns). The Calculation
 * rules action is there only for holders of `setting:product-list` (`onRules`).
 */
export function productColumns(
  t: TFunction<'product'>,
  th: TFunction<'home'>,
  onRules: ((entry: ProductEntry) => void) | null,
): TableColumnsType<ProductEntry> {
  const columns: TableColumnsType<ProductEntry> = [
    { key: 'product', title: t('column.product'), render: (_, entry) => th(`product.${entry.product}`) },
    { key: 'productType', title: t('column.productType'), render: (_, entry) => th(`productType.${entry.code}`) },
    {
      key: 'open',
      title: t('column.open'),
      render: (_, entry) => <StatusTag color={entry.open ? 'success' : 'default'}>{entry.open ? t('open') : t('notOpen')}</StatusTag>,
    },
  ];
  if (onRules) {
    columns.push({
      key: ACTIONS_COLUMN,
      title: t('column.actions'),
      render: (_, entry) => (
        <Button
          type="link"
          size="small"
          aria-label={t('rules.actionOf', { product: th(`productType.${entry.code}`) })}
          onClick={() => onRules(entry)}
        >
          {t('rules.action')}
        </Button>
      ),
    });
  }
  return columns;
}
