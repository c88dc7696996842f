import { buildMenuTree } from '@andes/contract/permissions/menu-tree';
import { awaitsItsScreen, PERMISSIONS, permissionEntry, SCREENS_NOT_BUILT } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../shared/routing/route-entry.ts';
import { buildSideMenu, findRoute, landingPath, menuAncestors, ROUTE_ENTRIES, registeredRoutes } from './route-registry.ts';

const page = () => Promise.resolve({ default: () => null });

function entry(path: string, permission: RouteEntry['permission'], extra: Partial<RouteEntry> = {}): RouteEntry {
  return { path, permission, menuKey: permission, hidden: false, keepAlive: false, lazy: page, ...extra };
}

const entries: RouteEntry[] = [
  entry('/home', 'home'),
  entry('/transactions/payin', 'transactions:payin', { keepAlive: true }),
  entry('/transactions/payout', 'transactions:payout', { keepAlive: true }),
  entry('/transactions/detail/:id', 'transactions:detail', { hidden: true, menuKey: 'transactions:payin' }),
  entry('/access/user', 'iam:user'),
];

describe('registeredRoutes', () => {
  it('keeps only the entries whose permission is in the menu tree, hidden ones included', () => {
    const tree = buildMenuTree(['home', 'transactions:payin', 'transactions:detail']);
    expect(registeredRoutes(entries, tree).map((e) => e.path)).toEqual(['/home', '/transactions/payin', '/transactions/detail/:id']);
  });

  it('registers nothing for an empty tree', () => {
    expect(registeredRoutes(entries, [])).toEqual([]);
  });
});

describe('buildSideMenu', () => {
  it('lists allowed, visible, built screens in tree order, grouped', () => {
    const tree = buildMenuTree(['home', 'transactions:payin', 'transactions:detail', 'iam:user', 'setting:fx']);
    const menu = buildSideMenu(tree, registeredRoutes(entries, tree));
    expect(menu).toEqual([
      { key: 'home', permission: 'home', path: '/home', children: [] },
      {
        key: 'iam',
        permission: 'iam',
        path: null,
        children: [{ key: 'iam:user', permission: 'iam:user', path: '/access/user', children: [] }],
      },
      {
        key: 'transactions',
        permission: 'transactions',
        path: null,
        children: [{ key: 'transactions:payin', permission: 'transactions:payin', path: '/transactions/payin', children: [] }],
      },
    ]);
  });

  it('drops a group none of whose screens is built (no placeholder pages)', () => {
    const tree = buildMenuTree(['home', 'setting:fx', 'risk:performance']);
    expect(buildSideMenu(tree, registeredRoutes(entries, tree)).map((i) => i.key)).toEqual(['home']);
  });

  it('finds the groups to open for a screen', () => {
    const tree = buildMenuTree(['home', 'transactions:payout']);
    const menu = buildSideMenu(tree, registeredRoutes(entries, tree));
    expect(menuAncestors(menu, 'transactions:payout')).toEqual(['transactions']);
    expect(menuAncestors(menu, 'home')).toEqual([]);
  });
});

describe('findRoute and landingPath', () => {
  it('matches parameterised paths exactly', () => {
    expect(findRoute(entries, '/transactions/detail/42')?.permission).toBe('transactions:detail');
    expect(findRoute(entries, '/transactions/detail')).toBeNull();
    expect(findRoute(entries, '/home/extra')).toBeNull();
  });

  it('lands on home when allowed, else on the first screen of the menu', () => {
    const withHome = buildMenuTree(['home', 'iam:user']);
    expect(landingPath(registeredRoutes(entries, withHome), buildSideMenu(withHome, registeredRoutes(entries, withHome)))).toBe('/home');
    const noHome = buildMenuTree(['iam:user']);
    expect(landingPath(registeredRoutes(entries, noHome), buildSideMenu(noHome, registeredRoutes(entries, noHome)))).toBe('/access/user');
  });

  it('the app registers the home screen under the home permission', () => {
    expect(ROUTE_ENTRIES.find((e) => e.path === '/home')?.permission).toBe('home');
  });
});

describe('screens that have not landed (SCREENS_NOT_BUILT)', () => {
  const registered = new Set<string>(ROUTE_ENTRIES.map((e) => e.permission));
  const withRoute = PERMISSIONS.filter((p) => p.route !== null);

  it('lists exactly the menus and links with a route and no registered screen', () => {
    expect(withRoute.filter((p) => !registered.has(p.code)).map((p) => p.code)).toEqual([...SCREENS_NOT_BUILT]);
  });

  it('keeps them, and what is under them, out of the role editor', () => {
    for (const code of SCREENS_NOT_BUILT) {
      expect(awaitsItsScreen(code)).toBe(true);
      for (const child of permissionEntry(code).children) expect(awaitsItsScreen(child)).toBe(true);
    }
    expect(awaitsItsScreen('setting:ip-trustlist:create')).toBe(false);
  });
});
