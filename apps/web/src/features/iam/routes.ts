import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** Users and roles under IAM (spec §2 Access). */
export const iamRoutes: readonly RouteEntry[] = [
  {
    path: '/access/user',
    permission: 'iam:user',
    menuKey: 'iam:user',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/user-list-page.tsx').then((m) => ({ default: m.UserListPage })),
  },
  {
    path: '/access/role',
    permission: 'iam:role',
    menuKey: 'iam:role',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/role-list-page.tsx').then((m) => ({ default: m.RoleListPage })),
  },
];
