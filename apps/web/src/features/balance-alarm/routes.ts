import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The Configure screen under Setting (spec §2 setting:configure): the balance alarms. */
export const balanceAlarmRoutes: readonly RouteEntry[] = [
  {
    path: '/setting/configure',
    permission: 'setting:configure',
    menuKey: 'setting:configure',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/configure-page.tsx').then((m) => ({ default: m.ConfigurePage })),
  },
];
