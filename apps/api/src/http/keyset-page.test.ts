import { describe, expect, test } from 'vitest';
import { cappedTotal, keysetPage } from './keyset-page.ts';

describe('keyset pages', () => {
  test('totals are exact up to 10,000, then capped', () => {
    expect(cappedTotal(0)).toEqual({ total: 0, totalCapped: false });
    expect(cappedTotal(10_000)).toEqual({ total: 10_000, totalCapped: false });
    expect(cappedTotal(10_001)).toEqual({ total: 10_000, totalCapped: true });
  });

  test('a page shows pageSize rows and names the next cursor only when a further row was fetched', () => {
    const rows = [{ id: 9 }, { id: 7 }, { id: 4 }];
    const item = (r: { id: number }) => `#${r.id}`;
    const cursor = (r: { id: number }) => `after-${r.id}`;
    expect(keysetPage(rows, 2, 3, item, cursor)).toEqual({ list: ['#9', '#7'], total: 3, totalCapped: false, nextCursor: 'after-7' });
    expect(keysetPage(rows, 3, 3, item, cursor)).toEqual({ list: ['#9', '#7', '#4'], total: 3, totalCapped: false, nextCursor: null });
    expect(keysetPage([], 20, 0, item, cursor)).toEqual({ list: [], total: 0, totalCapped: false, nextCursor: null });
  });
});
