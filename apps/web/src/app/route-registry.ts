import type { MenuNode } from '@andes/contract/permissions/menu-tree';
import { codesInTree } from '@andes/contract/permissions/menu-tree';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import { matchPath } from 'react-router';
import { accountingRoutes } from '../features/accounting/routes.ts';
import { activityRoutes } from '../features/activity/routes.ts';
import { balanceAlarmRoutes } from '../features/balance-alarm/routes.ts';
import { chargebackRoutes } from '../features/chargeback/routes.ts';
import { downloadCenterRoutes } from '../features/download-center/routes.ts';
import { financeRoutes } from '../features/finance/routes.ts';
import { globalBalanceRoutes } from '../features/global-balance/routes.ts';
import { homeRoutes } from '../features/home/routes.ts';
import { iamRoutes } from '../features/iam/routes.ts';
import { ipTrustlistRoutes } from '../features/ip-trustlist/routes.ts';
import { messageRoutes } from '../features/message/routes.ts';
import { paymentLinkRoutes } from '../features/payment-link/routes.ts';
import { payoutRoutes } from '../features/payout/routes.ts';
import { productRoutes } from '../features/product/routes.ts';
import { revenueAssuranceRoutes } from '../features/revenue-assurance/routes.ts';
import { riskRoutes } from '../features/risk/routes.ts';
import { subMerchantRoutes } from '../features/sub-merchant/routes.ts';
import { supportRoutes } from '../features/support/routes.ts';
import { transactionRoutes } from '../features/transactions/routes.ts';
import type { RouteEntry } from '../shared/routing/route-entry.ts';

/** Every authenticated screen the app has, composed from the features' `routes.ts`. */
export const ROUTE_ENTRIES: readonly RouteEntry[] = [
  ...homeRoutes,
  ...iamRoutes,
  ...activityRoutes,
  ...ipTrustlistRoutes,
  ...productRoutes,
  ...balanceAlarmRoutes,
  ...globalBalanceRoutes,
  ...transactionRoutes,
  ...payoutRoutes,
  ...paymentLinkRoutes,
  ...downloadCenterRoutes,
  ...financeRoutes,
  ...subMerchantRoutes,
  ...accountingRoutes,
  ...riskRoutes,
  ...chargebackRoutes,
  ...revenueAssuranceRoutes,
  ...supportRoutes,
  ...messageRoutes,
];

/**
 * The screens a user may open: the entries whose permission is in the loaded menu tree (spec §2,
 * §6). Hidden entries are kept (registered, not listed in the menu).
 */
export function registeredRoutes(entries: readonly RouteEntry[], menuTree: readonly MenuNode[]): RouteEntry[] {
  const granted = codesInTree(menuTree);
  return entries.filter((entry) => granted.has(entry.permission));
}

/** The entry whose path matches `pathname`, if any. */
export function findRoute(entries: readonly RouteEntry[], pathname: string): RouteEntry | null {
  return entries.find((entry) => matchPath({ path: entry.path, end: true }, pathname) !== null) ?? null;
}

/** An item of the side menu: a group (with children) or a screen (with a path). */
export interface SideMenuItem {
  key: string;
  permission: PermissionCode;
  path: string | null;
  children: SideMenuItem[];
}

/**
 * The side menu: the menu tree's MENU nodes that lead to a registered, visible screen, in the
 * tree's order. A group shows only when it contains such a screen; hidden entries, buttons, links
 * and screens not built yet never show.
 */
export function buildSideMenu(menuTree: readonly MenuNode[], registered: readonly RouteEntry[]): SideMenuItem[] {
  const screens = new Map<PermissionCode, RouteEntry>();
  for (const entry of registered) {
    if (!entry.hidden && !entry.path.includes(':')) screens.set(entry.permission, entry);
  }
  const walk = (nodes: readonly MenuNode[]): SideMenuItem[] => {
    const items: SideMenuItem[] = [];
    for (const node of nodes) {
      if (node.type !== 'MENU' || node.hidden) continue;
      const screen = screens.get(node.permission);
      if (screen) {
        items.push({ key: screen.menuKey, permission: node.permission, path: screen.path, children: [] });
        continue;
      }
      if (node.route !== null) continue;
      const children = walk(node.child);
      if (children.length > 0) items.push({ key: node.permission, permission: node.permission, path: null, children });
    }
    return items;
  };
  return walk(menuTree);
}

function groupPath(items: readonly SideMenuItem[], key: string): string[] | null {
  for (const item of items) {
    if (item.path !== null) {
      if (item.key === key) return [];
      continue;
    }
    const below = groupPath(item.children, key);
    if (below) return [item.key, ...below];
  }
  return null;
}

/** Keys of the groups that contain the screen item `key`, outermost first (to open them in the menu). */
export function menuAncestors(items: readonly SideMenuItem[], key: string): string[] {
  return groupPath(items, key) ?? [];
}

/** Where `/` leads: the home screen when allowed, else the first screen of the menu. */
export function landingPath(registered: readonly RouteEntry[], menu: readonly SideMenuItem[]): string | null {
  const home = registered.find((entry) => entry.permission === 'home');
  if (home) return home.path;
  const first = (items: readonly SideMenuItem[]): string | null => {
    for (const item of items) {
      if (item.path) return item.path;
      const nested = first(item.children);
      if (nested) return nested;
    }
    return null;
  };
  return first(menu);
}
