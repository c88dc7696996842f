import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { historyAccountOf, historyRequestOf } from './history-url.ts';

describe('history URL', () => {
  it('filters by an account of the country only', () => {
    expect(historyAccountOf(new URLSearchParams('account=31'), [31, 32])).toBe(31);
    expect(historyAccountOf(new URLSearchParams('account=99'), [31, 32])).toBeUndefined();
    expect(historyAccountOf(new URLSearchParams('account=abc'), [31])).toBeUndefined();
    expect(historyAccountOf(new URLSearchParams(''), [31])).toBeUndefined();
  });

  it('asks for the page shown, in the page size of the URL', () => {
    expect(historyRequestOf('BR', 31, new URLSearchParams('pageSize=10'), { page: 2, cursor: 'c2', previous: null })).toEqual({
      country: 'BR',
      accountId: 31,
      pageSize: 10,
      cursor: 'c2',
    });
    expect(historyRequestOf('MX', undefined, new URLSearchParams('pageSize=7'), FIRST_PAGE)).toEqual({ country: 'MX', pageSize: 20 });
  });
});
