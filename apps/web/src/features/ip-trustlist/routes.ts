import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The IP trust lists under Setting (spec §2: ip-trustlist, hidden service-list/{type}). */
export const ipTrustlistRoutes: readonly RouteEntry[] = [
  {
    path: '/setting/ip-trustlist',
    permission: 'setting:ip-trustlist',
    menuKey: 'setting:ip-trustlist',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/ip-trustlist-page.tsx').then((m) => ({ default: m.IpTrustlistPage })),
  },
  {
    path: '/setting/service-list/:type',
    permission: 'setting:service-list',
    menuKey: 'setting:ip-trustlist',
    hidden: true,
    keepAlive: false,
    lazy: () => import('./pages/service-list-page.tsx').then((m) => ({ default: m.ServiceListPage })),
  },
];
