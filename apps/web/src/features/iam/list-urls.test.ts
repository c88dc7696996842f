import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { patchParams } from '../../shared/list/url-params.ts';
import { roleFilterParams, rolePageRequestOf, userFilterParams, userPageRequestOf } from './list-urls.ts';

describe('user list URL', () => {
  it('turns the URL into the page request', () => {
    const params = new URLSearchParams('username=ana&email=%40example.com&state=0&roleId=3&pageSize=10&page=2&cursor=c2');
    expect(userPageRequestOf(params, { page: 2, cursor: 'c2', previous: null })).toEqual({
      username: 'ana',
      email: '@example.com',
      state: 0,
      roleId: 3,
      pageSize: 10,
      cursor: 'c2',
    });
  });

  it('drops what a request cannot hold', () => {
    const params = new URLSearchParams('state=5&roleId=x&pageSize=100&username=');
    expect(userPageRequestOf(params, FIRST_PAGE)).toEqual({ pageSize: 20 });
  });

  it('writes the filters back, leaving out empty ones', () => {
    const params = patchParams(new URLSearchParams(), userFilterParams({ username: ' ana ', displayName: '', state: 1 }));
    expect(params.toString()).toBe('username=ana&state=1');
    expect(userPageRequestOf(params, FIRST_PAGE)).toEqual({ username: 'ana', state: 1, pageSize: 20 });
  });
});

describe('role list URL', () => {
  it('round-trips name and state', () => {
    const params = patchParams(new URLSearchParams(), roleFilterParams({ name: 'Fin', state: 0 }));
    expect(rolePageRequestOf(params, FIRST_PAGE)).toEqual({ name: 'Fin', state: 0, pageSize: 20 });
  });
});
