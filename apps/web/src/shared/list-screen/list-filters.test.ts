import { PageRequest } from '@andes/contract/common/page';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIRST_PAGE } from '../list/keyset.ts';
import { patchParams } from '../list/url-params.ts';
import { type FilterParams, filterPatch, filterValuesOf, listRequestOf, pickFilters } from './list-filters.ts';

const Request = PageRequest.extend({
  name: z.string().trim().min(1).optional(),
  state: z.union([z.literal(0), z.literal(1)]).optional(),
  kind: z.enum(['A', 'B']).optional(),
  listType: z.enum(['X', 'Y']),
});
const FILTERS = { name: 'text', state: 'number', kind: 'text' } as const satisfies FilterParams;

describe('list filters in the URL', () => {
  it('reads the request from the URL, with the page and the fixed fields', () => {
    const params = new URLSearchParams('name=ana&state=1&kind=B&pageSize=10&page=2&cursor=c2');
    expect(listRequestOf(Request, FILTERS, params, { page: 2, cursor: 'c2', previous: null }, { listType: 'Y' })).toEqual({
      name: 'ana',
      state: 1,
      kind: 'B',
      listType: 'Y',
      pageSize: 10,
      cursor: 'c2',
    });
  });

  it('drops the values the request cannot hold, and a fixed field wins over the URL', () => {
    const params = new URLSearchParams('name=&state=7&kind=C&pageSize=33&listType=X');
    expect(listRequestOf(Request, FILTERS, params, FIRST_PAGE, { listType: 'Y' })).toEqual({ listType: 'Y', pageSize: 20 });
  });

  it('writes filter values back, trimmed, and removes empty ones', () => {
    const patch = filterPatch(FILTERS, { name: ' ana ', state: 0, kind: '' });
    expect(patchParams(new URLSearchParams('kind=A&cursor=x'), patch).toString()).toBe('cursor=x&name=ana&state=0');
    expect(filterPatch(FILTERS, {})).toEqual({ name: undefined, state: undefined, kind: undefined });
    expect(filterPatch(FILTERS, { state: Number.NaN }).state).toBeUndefined();
  });

  it('gives the filter bar every filter of the request, absent ones undefined', () => {
    expect(filterValuesOf(FILTERS, { name: 'ana', pageSize: 20, listType: 'X' })).toEqual({
      name: 'ana',
      state: undefined,
      kind: undefined,
    });
  });

  it('narrows the filters to some names (the tab filter stays when the bar searches)', () => {
    expect(pickFilters(FILTERS, ['kind', 'other'])).toEqual({ kind: 'text' });
  });
});
