import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../shared/routing/route-entry.ts';
import { returnsHomeAfterReload } from './boot-state.ts';

const page = () => Promise.resolve({ default: () => null });
const registered: RouteEntry[] = [
  { path: '/home', permission: 'home', menuKey: 'home', hidden: false, keepAlive: false, lazy: page },
  {
    path: '/transactions/detail/:id',
    permission: 'transactions:detail',
    menuKey: 'transactions:payin',
    hidden: true,
    keepAlive: false,
    lazy: page,
  },
];
const detail = { key: 'transactions:payin', path: '/transactions/detail/9', hidden: true };

describe('returnsHomeAfterReload', () => {
  it('sends a reload of the hidden route the user was on back home', () => {
    const location = { pathname: '/transactions/detail/9', search: '', key: 'k1' };
    expect(returnsHomeAfterReload(location, { locationKey: 'k1', menu: detail }, registered)).toBe(true);
  });

  it('keeps a detail page opened in a new tab with hideBack=1', () => {
    const location = { pathname: '/transactions/detail/9', search: '?hideBack=1', key: 'k1' };
    expect(returnsHomeAfterReload(location, { locationKey: 'k1', menu: detail }, registered)).toBe(false);
  });

  it('keeps a hidden route reached inside the app, or another one than the stored', () => {
    expect(
      returnsHomeAfterReload(
        { pathname: '/transactions/detail/9', search: '', key: 'k2' },
        { locationKey: 'k1', menu: detail },
        registered,
      ),
    ).toBe(false);
    expect(
      returnsHomeAfterReload(
        { pathname: '/transactions/detail/3', search: '', key: 'k1' },
        { locationKey: 'k1', menu: detail },
        registered,
      ),
    ).toBe(false);
  });

  it('never redirects a visible route', () => {
    const menu = { key: 'home', path: '/home', hidden: false };
    expect(returnsHomeAfterReload({ pathname: '/home', search: '', key: 'k1' }, { locationKey: 'k1', menu }, registered)).toBe(false);
  });
});
