import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Page } from '@andes/contract/common/page';

/** `{ total, totalCapped }` of a count made with a cap of MAX_EXACT_TOTAL + 1 rows. */
export function cappedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > MAX_EXACT_TOTAL ? { total: MAX_EXACT_TOTAL, totalCapped: true } : { total: counted, totalCapped: false };
}

/**
 * The page every keyset list answers: `rows` fetched with one row more than `pageSize` (the extra
 * row only says a next page exists), their capped count, each shown row as the wire item, and the
 * cursor of the last shown row when there is more.
 */
export function keysetPage<R, T>(
  rows: readonly R[],
  pageSize: number,
  counted: number,
  item: (row: R) => T,
  cursorOf: (last: R) => string,
): Page<T> {
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    list: shown.map(item),
    ...cappedTotal(counted),
    nextCursor: rows.length > pageSize && last !== undefined ? cursorOf(last) : null,
  };
}
