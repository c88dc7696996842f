import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { ComponentType } from 'react';

/** A page module loaded on demand: each page is its own chunk. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One authenticated screen, as a feature lists it in its `routes.ts` (CONVENTIONS §4.4). The app's
 * route registry keeps the entries whose permission is in the user's menu tree.
 */
export interface RouteEntry {
  /** Absolute path, with `:name` parameters (the `route` of the permission registry). */
  path: string;
  /** The permission code that shows this screen. */
  permission: PermissionCode;
  /** Side-menu item this screen highlights (a detail page highlights its list). */
  menuKey: string;
  /** Registered, never listed in the side menu (details, create/edit pages). */
  hidden: boolean;
  /** The page stays mounted while the user visits other screens (lists the user returns to). */
  keepAlive: boolean;
  lazy: PageLoader;
}
