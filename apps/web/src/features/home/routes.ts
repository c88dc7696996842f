import type { RouteEntry } from '../../shared/routing/route-entry.ts';

export const homeRoutes: readonly RouteEntry[] = [
  {
    path: '/home',
    permission: 'home',
    menuKey: 'home',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage })),
  },
];
