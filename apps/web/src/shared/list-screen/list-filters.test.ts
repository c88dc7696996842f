import { PageRequest } from '@andes/contract/common/page';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIRST_PAGE } from '../list/keyset.ts';
import { patchParams } from '../list/url-params.ts';
import { dateRangeParam, type FilterParams, filterPatch, filterValuesOf, listRequestOf, pickFilters } from './list-filters.ts';

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

  it('keeps a date range as from~to, read back only when both are dates in order', () => {
    const filters = { created: 'dateRange', name: 'text' } as const satisfies FilterParams;
    const patch = filterPatch(filters, { created: { from: '2026-01-01', to: '2026-01-15' }, name: 'ana' });
    expect(patch).toEqual({ created: '2026-01-01~2026-01-15', name: 'ana' });
    expect(filterPatch(filters, { created: { from: '2026-01-15', to: '2026-01-01' } }).created).toBeUndefined();
    expect(filterPatch(filters, { created: 'yesterday' }).created).toBeUndefined();

    expect(dateRangeParam('2026-01-01~2026-01-15')).toEqual({ from: '2026-01-01', to: '2026-01-15' });
    for (const bad of ['2026-01-15~2026-01-01', '2026-02-30~2026-03-01', '2026-01-01', '2026-01-01~2026-01-02~2026-01-03', '']) {
      expect(dateRangeParam(bad), bad).toBeUndefined();
    }
    // The request has no field of the range: the filter bar reads it from the URL.
    const params = new URLSearchParams('created=2026-01-01~2026-01-15&name=ana');
    expect(filterValuesOf(filters, { name: 'ana', pageSize: 20 }, params)).toEqual({
      created: { from: '2026-01-01', to: '2026-01-15' },
      name: 'ana',
    });
    expect(listRequestOf(Request, { ...FILTERS, created: 'dateRange' }, params, FIRST_PAGE, { listType: 'X' })).toEqual({
      name: 'ana',
      listType: 'X',
      pageSize: 20,
    });
  });

  it('reads a range the request holds itself (the finance calls’ `range`), and shows the request’s default when the URL has none', () => {
    const Ranged = PageRequest.extend({ range: z.object({ from: z.string(), to: z.string() }).optional() });
    const filters = { range: 'dateRange' } as const satisfies FilterParams;
    const params = new URLSearchParams('range=2026-01-01~2026-01-15');
    expect(listRequestOf(Ranged, filters, params, FIRST_PAGE)).toEqual({ range: { from: '2026-01-01', to: '2026-01-15' }, pageSize: 20 });
    const week = { from: '2026-01-08', to: '2026-01-15' };
    expect(filterValuesOf(filters, { range: week, pageSize: 20 }, new URLSearchParams())).toEqual({ range: week });
    expect(filterValuesOf(filters, { range: week, pageSize: 20 }, params)).toEqual({ range: { from: '2026-01-01', to: '2026-01-15' } });
    expect(filterValuesOf(filters, { range: 'last week', pageSize: 20 }, new URLSearchParams())).toEqual({ range: undefined });
  });
});
