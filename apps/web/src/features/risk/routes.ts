import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import { CASE_MANAGEMENT_PATH, RISK_PROFILES_PATH, RULE_DETAIL_ROUTE } from './risk-paths.ts';

/**
 * Risk (spec §2 Risk; issue #13): case management, the configuration types and the hidden page of
 * one type's rules. Performance and chargebacks are another feature's.
 */
export const riskRoutes: readonly RouteEntry[] = [
  {
    path: CASE_MANAGEMENT_PATH,
    permission: 'risk:case-management',
    menuKey: 'risk:case-management',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/case-management-page.tsx').then((m) => ({ default: m.CaseManagementPage })),
  },
  {
    path: RISK_PROFILES_PATH,
    permission: 'risk:configure',
    menuKey: 'risk:configure',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/risk-profiles-page.tsx').then((m) => ({ default: m.RiskProfilesPage })),
  },
  {
    path: RULE_DETAIL_ROUTE,
    permission: 'risk:configure-detail',
    menuKey: 'risk:configure',
    hidden: true,
    keepAlive: false,
    lazy: () => import('./pages/rule-detail-page.tsx').then((m) => ({ default: m.RuleDetailPage })),
  },
];
