import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The settings' product screens (spec §2 Setting → Services, Product list, Deposit; docs/decisions/0034). */
export const productRoutes: readonly RouteEntry[] = [
  {
    path: '/setting/information-service',
    permission: 'setting:services',
    menuKey: 'setting:services',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/services-page.tsx').then((m) => ({ default: m.ServicesPage })),
  },
  {
    path: '/setting/product-list',
    permission: 'setting:product-list',
    menuKey: 'setting:product-list',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/product-list-page.tsx').then((m) => ({ default: m.ProductListPage })),
  },
  {
    path: '/setting/deposit',
    permission: 'setting:deposit',
    menuKey: 'setting:deposit',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/deposit-page.tsx').then((m) => ({ default: m.DepositPage })),
  },
];
