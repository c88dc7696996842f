import type { AccountType } from '@andes/contract/account/enums';
import type { ReportPage } from '@andes/contract/finance/enums';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { RouteEntry } from '../../shared/routing/route-entry.ts';

const statements = () => import('./pages/finance-page.tsx');
const reports = () => import('./pages/report-page.tsx');

/**
 * The route table is plain data (the app shell, which the login page loads, reads it): the paths
 * and menu codes are the registry's and FINANCE_PERMISSIONS' / REPORT_PAGE_INFO's, which
 * `routes.test.ts` checks, rather than imports that would pull the finance contract into the shell.
 */
const STATEMENT_SCREENS: readonly { accountType: AccountType; path: string; permission: PermissionCode; lazy: RouteEntry['lazy'] }[] = [
  {
    accountType: 'PAY_IN',
    path: '/finance/payin',
    permission: 'finance:payin',
    lazy: () => statements().then((m) => ({ default: m.FinancePayinPage })),
  },
  {
    accountType: 'PAY_OUT',
    path: '/finance/payout',
    permission: 'finance:payout',
    lazy: () => statements().then((m) => ({ default: m.FinancePayoutPage })),
  },
  {
    accountType: 'MARKET_PLACE',
    path: '/finance/marketplace',
    permission: 'finance:marketplace',
    lazy: () => statements().then((m) => ({ default: m.FinanceMarketplacePage })),
  },
];

const REPORT_SCREENS: readonly { page: ReportPage; path: string; permission: PermissionCode; lazy: RouteEntry['lazy'] }[] = [
  {
    page: 'payin',
    path: '/reports/payin',
    permission: 'reports:payin',
    lazy: () => reports().then((m) => ({ default: m.PayinReportPage })),
  },
  {
    page: 'payout',
    path: '/reports/payout',
    permission: 'reports:payout',
    lazy: () => reports().then((m) => ({ default: m.PayoutReportPage })),
  },
  {
    page: 'marketplace',
    path: '/reports/marketplace',
    permission: 'reports:marketplace',
    lazy: () => reports().then((m) => ({ default: m.MarketplaceReportPage })),
  },
  {
    page: 'payment-link',
    path: '/reports/payment-link',
    permission: 'reports:payment-link',
    lazy: () => reports().then((m) => ({ default: m.PaymentLinkReportPage })),
  },
  {
    page: 'shopify',
    path: '/reports/shopify',
    permission: 'reports:shopify',
    lazy: () => reports().then((m) => ({ default: m.ShopifyReportPage })),
  },
  {
    page: 'shoplazza',
    path: '/reports/shoplazza',
    permission: 'reports:shoplazza',
    lazy: () => reports().then((m) => ({ default: m.ShoplazzaReportPage })),
  },
];

/** The screen of each account type and report page (for `routes.test.ts`). */
export const FINANCE_ROUTE_TABLE = { statements: STATEMENT_SCREENS, reports: REPORT_SCREENS };

/** Finance statements (`/finance/*`) and daily reports (`/reports/*`) of issue #10: one page component each, by account type and report page. */
export const financeRoutes: readonly RouteEntry[] = [...STATEMENT_SCREENS, ...REPORT_SCREENS].map(({ path, permission, lazy }) => ({
  path,
  permission,
  menuKey: permission,
  hidden: false,
  keepAlive: false,
  lazy,
}));
