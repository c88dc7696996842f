import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import { CASE_DETAIL_ROUTE, CASE_LIST_PATH, CREATE_CASE_PATH, EDIT_CASE_ROUTE } from './support-paths.ts';

const list = () => import('./pages/case-list-page.tsx');
const form = () => import('./pages/case-form-page.tsx');
const detail = () => import('./pages/case-detail-page.tsx');

/**
 * Support cases (spec §2 Support Center; issue #14): the case list, and the hidden create, edit and
 * case pages. Plain data (the shell reads it): the paths are the permission registry's routes.
 */
export const supportRoutes: readonly RouteEntry[] = [
  {
    path: CASE_LIST_PATH,
    permission: 'support:case',
    menuKey: 'support:case',
    hidden: false,
    keepAlive: false,
    lazy: () => list().then((m) => ({ default: m.CaseListPage })),
  },
  {
    path: CREATE_CASE_PATH,
    permission: 'support:create-case',
    menuKey: 'support:case',
    hidden: true,
    keepAlive: false,
    lazy: () => form().then((m) => ({ default: m.CreateCasePage })),
  },
  {
    path: EDIT_CASE_ROUTE,
    permission: 'support:edit-case',
    menuKey: 'support:case',
    hidden: true,
    keepAlive: false,
    lazy: () => form().then((m) => ({ default: m.EditCasePage })),
  },
  {
    path: CASE_DETAIL_ROUTE,
    permission: 'support:case-detail',
    menuKey: 'support:case',
    hidden: true,
    keepAlive: false,
    lazy: () => detail().then((m) => ({ default: m.CaseDetailPage })),
  },
];
