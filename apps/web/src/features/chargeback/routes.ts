import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import { CHARGEBACK_DETAIL_ROUTE, CHARGEBACK_LIST_PATH, PERFORMANCE_PATH } from './chargeback-paths.ts';

const performance = () => import('./pages/performance-page.tsx');
const list = () => import('./pages/chargeback-list-page.tsx');
const detail = () => import('./pages/chargeback-detail-page.tsx');

/**
 * Risk performance and chargeback defence (spec §2 Risk; issue #13; docs/decisions/0028): the
 * performance charts, the chargeback list with its deadline board, and the hidden chargeback page.
 * Plain data (the shell reads it): the paths are the permission registry's routes.
 */
export const chargebackRoutes: readonly RouteEntry[] = [
  {
    path: PERFORMANCE_PATH,
    permission: 'risk:performance',
    menuKey: 'risk:performance',
    hidden: false,
    keepAlive: false,
    lazy: () => performance().then((m) => ({ default: m.PerformancePage })),
  },
  {
    path: CHARGEBACK_LIST_PATH,
    permission: 'risk:chargeback-represent',
    menuKey: 'risk:chargeback-represent',
    hidden: false,
    keepAlive: false,
    lazy: () => list().then((m) => ({ default: m.ChargebackListPage })),
  },
  {
    path: CHARGEBACK_DETAIL_ROUTE,
    permission: 'risk:chargeback-represent-detail',
    menuKey: 'risk:chargeback-represent',
    hidden: true,
    keepAlive: false,
    lazy: () => detail().then((m) => ({ default: m.ChargebackDetailPage })),
  },
];
