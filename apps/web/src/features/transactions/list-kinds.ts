import type { PermissionCode } from '@andes/contract/permissions/registry';
import { DEEP_QUERY_PERMISSION, DEEP_QUERY_TYPES, type DeepQueryType, LIST_PERMISSIONS } from '@andes/contract/transaction/enums';
import { HIDE_BACK_PARAM } from '../../shared/navigation/paths.ts';

/**
 * The transaction screens (spec §2) as data: the lists served by the transaction page call
 * (pay-in, payout, marketplace, holding page), the three lists with calls of their own
 * (payment link, Shopify, Shoplazza), and the deep query over the first three.
 */
export const LIST_KINDS = ['payin', 'payout', 'market-place', 'holding-page', 'payment-link', 'shopify', 'shoplazza'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The lists of the transaction page and advanced-page calls. */
export type TransactionListKind = 'payin' | 'payout' | 'market-place' | 'holding-page';

export function isTransactionListKind(kind: ListKind): kind is TransactionListKind {
  return kind === 'payin' || kind === 'payout' || kind === 'market-place' || kind === 'holding-page';
}

export function isDeepQueryType(value: string | undefined): value is DeepQueryType {
  return (DEEP_QUERY_TYPES as readonly string[]).includes(value ?? '');
}

export const LIST_PATHS: Readonly<Record<ListKind, string>> = {
  payin: '/transactions/payin',
  payout: '/transactions/payout',
  'market-place': '/transactions/market-place',
  'holding-page': '/transactions/holding-page',
  'payment-link': '/transactions/payment-link',
  shopify: '/transactions/shopify',
  shoplazza: '/transactions/shoplazza',
};

export const DEEP_QUERY_PATH = '/transactions/deep-query/:type';
export const deepQueryPath = (type: DeepQueryType) => `/transactions/deep-query/${type}`;

/** The permission each list screen needs (the registry's menu codes). */
export const LIST_SCREEN_PERMISSIONS: Readonly<Record<ListKind, PermissionCode>> = {
  ...LIST_PERMISSIONS,
  'payment-link': 'transactions:payment-link',
  shopify: 'transactions:shopify',
  shoplazza: 'transactions:shoplazza',
};
export { DEEP_QUERY_PERMISSION };

/** The detail screens: the transaction detail, and one per list with a call of its own. */
export const DETAIL_KINDS = ['transaction', 'payment-link', 'shopify', 'shoplazza'] as const;
export type DetailKind = (typeof DETAIL_KINDS)[number];

export const DETAIL_PATHS: Readonly<Record<DetailKind, string>> = {
  transaction: '/transactions/detail/:id',
  'payment-link': '/transactions/payment-link-detail/:id',
  shopify: '/transactions/shopify-detail/:id',
  shoplazza: '/transactions/shoplazza-detail/:id',
};

export const DETAIL_PERMISSIONS: Readonly<Record<DetailKind, PermissionCode>> = {
  transaction: 'transactions:detail',
  'payment-link': 'transactions:payment-link-detail',
  shopify: 'transactions:shopify-detail',
  shoplazza: 'transactions:shoplazza-detail',
};

/** The detail screen a list's rows open. */
export function detailKindOf(kind: ListKind): DetailKind {
  return kind === 'payment-link' || kind === 'shopify' || kind === 'shoplazza' ? kind : 'transaction';
}

/** The path of a row's detail; `newTab` adds `hideBack=1` (spec §2: nothing to go back to). */
export function detailPath(kind: DetailKind, id: number, newTab = false): string {
  const path = DETAIL_PATHS[kind].replace(':id', String(id));
  return newTab ? `${path}?${HIDE_BACK_PARAM}=1` : path;
}
