import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The global (USD) account and its statement (issue 4). */
export const globalBalanceRoutes: readonly RouteEntry[] = [
  {
    path: '/global-balance',
    permission: 'global-balance',
    menuKey: 'global-balance',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/global-balance-page.tsx').then((m) => ({ default: m.GlobalBalancePage })),
  },
];
