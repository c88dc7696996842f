import { HIDE_BACK_PARAM } from '../shared/navigation/paths.ts';
import type { RouteEntry } from '../shared/routing/route-entry.ts';
import type { CurrentMenu } from '../shared/store/app-store.ts';
import { findRoute } from './route-registry.ts';

/** The history entry the document was loaded on, and the "current menu" stored before that load. */
export interface BootState {
  locationKey: string;
  menu: CurrentMenu | null;
}

let boot: BootState = { locationKey: 'default', menu: null };

export function recordBoot(state: BootState): void {
  boot = state;
}

export function bootState(): BootState {
  return boot;
}

/**
 * Spec §2: "a hidden route opened with a stored flag returns to /home". Read as: when the page is
 * (re)loaded on a hidden route and the stored current menu says the user was on that very hidden
 * route before the load, the app goes to home instead — detail pages open from their list and are
 * not restored by a reload. A detail page opened in a new tab (`hideBack=1`, spec §2) or reached by
 * navigating inside the app stays.
 */
export function returnsHomeAfterReload(
  location: { pathname: string; search: string; key: string },
  state: BootState,
  registered: readonly RouteEntry[],
): boolean {
  if (location.key !== state.locationKey) return false;
  if (!state.menu?.hidden || state.menu.path !== location.pathname) return false;
  if (new URLSearchParams(location.search).get(HIDE_BACK_PARAM) === '1') return false;
  return findRoute(registered, location.pathname)?.hidden === true;
}
