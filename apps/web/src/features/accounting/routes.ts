import type { RouteEntry } from '../../shared/routing/route-entry.ts';

const lists = () => import('./pages/request-list-page.tsx');
const details = () => import('./pages/request-detail-page.tsx');

/**
 * Accounting requests (spec §2 Accounting and Setting → Sub-merchant; issue #12): top-ups,
 * withdrawals, exchanges and sub-merchant transfers, each a list with its hidden detail. Plain data
 * (the shell reads it): the paths are the permission registry's routes, which `routes.test.ts` checks.
 */
export const accountingRoutes: readonly RouteEntry[] = [
  {
    path: '/accounting/payout-funding',
    permission: 'accounting:payout-funding',
    menuKey: 'accounting:payout-funding',
    hidden: false,
    keepAlive: false,
    lazy: () => lists().then((m) => ({ default: m.TopupListPage })),
  },
  {
    path: '/accounting/funding-detail/:id',
    permission: 'accounting:funding-detail',
    menuKey: 'accounting:payout-funding',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.TopupDetailPage })),
  },
  {
    path: '/accounting/withdraws-application',
    permission: 'accounting:withdrawal',
    menuKey: 'accounting:withdrawal',
    hidden: false,
    keepAlive: false,
    lazy: () => lists().then((m) => ({ default: m.WithdrawalListPage })),
  },
  {
    path: '/accounting/withdraws-detail/:id',
    permission: 'accounting:withdraws-detail',
    menuKey: 'accounting:withdrawal',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.WithdrawalDetailPage })),
  },
  {
    path: '/accounting/exchange',
    permission: 'accounting:exchange',
    menuKey: 'accounting:exchange',
    hidden: false,
    keepAlive: false,
    lazy: () => lists().then((m) => ({ default: m.ExchangeListPage })),
  },
  {
    path: '/accounting/exchange-detail/:id',
    permission: 'accounting:exchange-detail',
    menuKey: 'accounting:exchange',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.ExchangeDetailPage })),
  },
  {
    path: '/setting/sub-merchant',
    permission: 'setting:sub-merchant',
    menuKey: 'setting:sub-merchant',
    hidden: false,
    keepAlive: false,
    lazy: () => lists().then((m) => ({ default: m.SubTransferListPage })),
  },
  {
    path: '/setting/sub-merchant-detail/:id',
    permission: 'setting:sub-merchant-detail',
    menuKey: 'setting:sub-merchant',
    hidden: true,
    keepAlive: false,
    lazy: () => details().then((m) => ({ default: m.SubTransferDetailPage })),
  },
];
