import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, keysetHistoryState, nextPosition, previousPosition, readKeysetPosition, writeKeysetPosition } from './keyset.ts';

describe('keyset paging', () => {
  it('walks forward and back with the cursors the server answered', () => {
    const second = nextPosition(FIRST_PAGE, 'c2');
    const third = nextPosition(second, 'c3');
    expect(third).toEqual({ page: 3, cursor: 'c3', previous: [null, 'c2'] });
    expect(previousPosition(third)).toEqual({ page: 2, cursor: 'c2', previous: [null] });
    expect(previousPosition(previousPosition(third))).toEqual(FIRST_PAGE);
  });

  it('round-trips through the URL and the history state', () => {
    const third = nextPosition(nextPosition(FIRST_PAGE, 'c2'), 'c3');
    const params = writeKeysetPosition(new URLSearchParams('state=1'), third);
    expect(params.toString()).toBe('state=1&page=3&cursor=c3');
    expect(readKeysetPosition(params, keysetHistoryState(third))).toEqual(third);
  });

  it('goes to the first page from a shared link whose previous cursors are unknown', () => {
    const shared = readKeysetPosition(new URLSearchParams('page=4&cursor=c4'), null);
    expect(shared).toEqual({ page: 4, cursor: 'c4', previous: null });
    expect(previousPosition(shared)).toEqual(FIRST_PAGE);
    expect(nextPosition(shared, 'c5').previous).toBeNull();
  });

  it('reads a page without cursor, or a nonsense page number, as the first page', () => {
    expect(readKeysetPosition(new URLSearchParams('page=3'), null)).toEqual(FIRST_PAGE);
    expect(readKeysetPosition(new URLSearchParams('page=abc&cursor=x'), null)).toEqual(FIRST_PAGE);
    expect(readKeysetPosition(new URLSearchParams('page=2&cursor=x'), { keysetPrevious: [null, 'extra'] }).previous).toBeNull();
  });

  it('removes the paging parameters for the first page', () => {
    expect(writeKeysetPosition(new URLSearchParams('q=a&page=2&cursor=x'), FIRST_PAGE).toString()).toBe('q=a');
  });
});
