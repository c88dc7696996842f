import type { RouteEntry } from '../../shared/routing/route-entry.ts';

const list = () => import('./pages/sub-account-list-page.tsx');
const summary = () => import('./pages/sub-account-summary-page.tsx');

/** Sub-merchants (spec §2 Other; issue #10): their accounts, and each one's daily summary (hidden, opened from the list). */
export const subMerchantRoutes: readonly RouteEntry[] = [
  {
    path: '/sub-merchant',
    permission: 'sub-merchant',
    menuKey: 'sub-merchant',
    hidden: false,
    keepAlive: false,
    lazy: () => list().then((m) => ({ default: m.SubAccountListPage })),
  },
  {
    path: '/sub-merchant/sub-account/summary/:id',
    permission: 'sub-merchant:summary',
    menuKey: 'sub-merchant',
    hidden: true,
    keepAlive: false,
    lazy: () => summary().then((m) => ({ default: m.SubAccountSummaryPage })),
  },
];
