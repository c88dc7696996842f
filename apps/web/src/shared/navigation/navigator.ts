/**
 * How code outside React (the API client) changes the route. The router installs the real one at
 * start-up (`setNavigator`), so navigation stays inside the single-page app: no reloads.
 */
export interface AppNavigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Path and query string of the route shown now. */
  current(): { pathname: string; search: string };
}

const windowLocation = (): { pathname: string; search: string } => ({
  pathname: window.location.pathname,
  search: window.location.search,
});

let active: AppNavigator = {
  navigate: (to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  },
  current: windowLocation,
};

export function setNavigator(navigator: AppNavigator): void {
  active = navigator;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  active.navigate(to, options);
}

export function currentLocation(): { pathname: string; search: string } {
  return active.current();
}
