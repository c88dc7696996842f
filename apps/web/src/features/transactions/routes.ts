import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import {
  DEEP_QUERY_PATH,
  DEEP_QUERY_PERMISSION,
  DETAIL_PATHS,
  DETAIL_PERMISSIONS,
  LIST_PATHS,
  LIST_SCREEN_PERMISSIONS,
} from './list-kinds.ts';

const lists = () => import('./pages/list-pages.tsx');
const details = () => import('./pages/transaction-detail-page.tsx');

/** The transaction screens (issue 5): the lists are kept alive; details, deep query and holding page are hidden. */
export const transactionRoutes: readonly RouteEntry[] = [
  {
    path: LIST_PATHS.payin,
    permission: LIST_SCREEN_PERMISSIONS.payin,
    menuKey: 'transactions:payin',
    hidden: false,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.PayinListPage })),
  },
  {
    path: LIST_PATHS.payout,
    permission: LIST_SCREEN_PERMISSIONS.payout,
    menuKey: 'transactions:payout',
    hidden: false,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.PayoutListPage })),
  },
  {
    path: LIST_PATHS['market-place'],
    permission: LIST_SCREEN_PERMISSIONS['market-place'],
    menuKey: 'transactions:market-place',
    hidden: false,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.MarketPlaceListPage })),
  },
  {
    path: LIST_PATHS['payment-link'],
    permission: LIST_SCREEN_PERMISSIONS['payment-link'],
    menuKey: 'transactions:payment-link',
    hidden: false,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.PaymentLinkListPage })),
  },
  {
    path: LIST_PATHS.shopify,
    permission: LIST_SCREEN_PERMISSIONS.shopify,
    menuKey: 'transactions:shopify',
    hidden: false,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.ShopifyListPage })),
  },
  {
    path: LIST_PATHS.shoplazza,
    permission: LIST_SCREEN_PERMISSIONS.shoplazza,
    menuKey: 'transactions:shoplazza',
    hidden: false,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.ShoplazzaListPage })),
  },
  {
    path: LIST_PATHS['holding-page'],
    permission: LIST_SCREEN_PERMISSIONS['holding-page'],
    menuKey: 'transactions:payin',
    hidden: true,
    keepAlive: true,
    lazy: () => lists().then((m) => ({ default: m.HoldingListPage })),
  },
  {
    path: DEEP_QUERY_PATH,
    permission: DEEP_QUERY_PERMISSION,
    menuKey: 'transactions:payin',
    hidden: true,
    keepAlive: false,
    lazy: () => lists().then((m) => ({ default: m.DeepQueryPage })),
  },
  {
    path: DETAIL_PATHS.transaction,
    permission: DETAIL_PERMISSIONS.transaction,
    menuKey: 'transactions:payin',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.TransactionDetailPage })),
  },
  {
    path: DETAIL_PATHS['payment-link'],
    permission: DETAIL_PERMISSIONS['payment-link'],
    menuKey: 'transactions:payment-link',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.PaymentLinkDetailPage })),
  },
  {
    path: DETAIL_PATHS.shopify,
    permission: DETAIL_PERMISSIONS.shopify,
    menuKey: 'transactions:shopify',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.ShopifyDetailPage })),
  },
  {
    path: DETAIL_PATHS.shoplazza,
    permission: DETAIL_PERMISSIONS.shoplazza,
    menuKey: 'transactions:shoplazza',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.ShoplazzaDetailPage })),
  },
];
