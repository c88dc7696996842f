import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The activity log under IAM (issue 3). */
export const activityRoutes: readonly RouteEntry[] = [
  {
    path: '/access/activity',
    permission: 'iam:activity',
    menuKey: 'iam:activity',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/activity-page.tsx').then((m) => ({ default: m.ActivityPage })),
  },
];
