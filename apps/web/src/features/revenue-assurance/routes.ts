import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import { SITUATION_ANALYSIS_PATH, TOKENIZATION_PATH } from './revenue-paths.ts';

const situation = () => import('./pages/situation-analysis-page.tsx');
const tokenization = () => import('./pages/tokenization-page.tsx');

/**
 * Revenue assurance (spec §2; issue #14 item 3; docs/decisions/0031): situation analysis and
 * tokenization. Plain data (the shell reads it): the paths are the permission registry's routes.
 */
export const revenueAssuranceRoutes: readonly RouteEntry[] = [
  {
    path: SITUATION_ANALYSIS_PATH,
    permission: 'revenue-assurance:situation-analysis',
    menuKey: 'revenue-assurance:situation-analysis',
    hidden: false,
    keepAlive: false,
    lazy: () => situation().then((m) => ({ default: m.SituationAnalysisPage })),
  },
  {
    path: TOKENIZATION_PATH,
    permission: 'revenue-assurance:tokenization',
    menuKey: 'revenue-assurance:tokenization',
    hidden: false,
    keepAlive: false,
    lazy: () => tokenization().then((m) => ({ default: m.TokenizationPage })),
  },
];
