import { type DateRange, isValidRange } from '@andes/contract/common/dates';
import { type ProductType, productTypesOf } from '@andes/contract/common/enums';
import {
  REVENUE_GRANULARITIES,
  REVENUE_TRANSACTION_TYPES,
  type RevenueGranularity,
  type RevenueTransactionType,
} from '@andes/contract/revenue-assurance/enums';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { patchParams } from '../../../shared/list/url-params.ts';
import { ListFilterBar, type ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import type { FilterValues } from '../../../shared/list-screen/list-filters.ts';
import { type RevenueView, revenueViewPatch } from '../revenue-url.ts';

const oneOf = <T extends string>(values: readonly T[], raw: unknown): T | undefined =>
  typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

function rangeOf(value: unknown): DateRange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { from, to } = value as Record<string, unknown>;
  return typeof from === 'string' && typeof to === 'string' && isValidRange(from, to) ? { from, to } : undefined;
}

/** The filter bar's values as the URL's view: a cleared field is its default. */
export function viewPatchOf(values: FilterValues, withType: boolean): Record<string, string | undefined> {
  const productTypes = Array.isArray(values.productTypes) ? (values.productTypes as ProductType[]) : [];
  return revenueViewPatch({
    range: rangeOf(values.range),
    granularity: oneOf<RevenueGranularity>(REVENUE_GRANULARITIES, values.granularity) ?? 'daily',
    ...(withType
      ? {
          transactionType: oneOf<RevenueTransactionType>(REVENUE_TRANSACTION_TYPES, values.transactionType) ?? 'PAY_IN',
          productTypes,
        }
      : {}),
  });
}

/**
 * Revenue assurance's filter bar: submit dates (the transaction lists' searchable window, in the
 * country's zone), period, and — on situation analysis — transaction type and product types.
 * Applied to the URL; Reset goes back to the last week, daily, pay-ins of every product type.
 */
export function RevenueFilters({ view, withType }: { view: RevenueView; withType: boolean }) {
  const { t } = useTranslation('revenueAssurance');
  const { t: tx } = useTranslation('transactions');
  const [params, setParams] = useSearchParams();
  const fields: ListFilterField[] = [
    {
      kind: 'dateRange',
      name: 'range',
      label: t('filter.range', { zone: view.timeZone }),
      timeZone: view.timeZone,
      clearable: false,
    },
    {
      kind: 'select',
      name: 'granularity',
      label: t('filter.granularity'),
      width: 130,
      options: REVENUE_GRANULARITIES.map((g) => ({ value: g, label: t(`granularity.${g}`) })),
    },
  ];
  if (withType) {
    fields.push(
      {
        kind: 'select',
        name: 'transactionType',
        label: t('filter.transactionType'),
        width: 170,
        options: REVENUE_TRANSACTION_TYPES.map((type) => ({ value: type, label: tx(`transactionType.${type}`) })),
      },
      {
        kind: 'select',
        name: 'productTypes',
        label: t('filter.productTypes'),
        width: 240,
        multiple: true,
        searchable: true,
        options: productTypesOf(view.country).map((p) => ({ value: p, label: tx(`productType.${p}` as 'productType.PIX') })),
      },
    );
  }
  return (
    <ListFilterBar
      name="revenue-filters"
      label={t('filters')}
      fields={fields}
      values={{ range: view.range, granularity: view.granularity, transactionType: view.transactionType, productTypes: view.productTypes }}
      onSearch={(values) => setParams(patchParams(params, viewPatchOf(values, withType)))}
    />
  );
}
