import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Page } from '@andes/contract/common/page';
import { CommonErrors } from './errors.ts';

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

/** An opaque keyset cursor: `<tag>:<numbers…>` in base64url. */
export function encodeCursor(tag: string, parts: readonly number[]): string {
  return Buffer.from(`${tag}:${parts.join(':')}`, 'utf8').toString('base64url');
}

/** The numbers of a cursor made by encodeCursor with `tag`; a validation error for anything else. */
export function decodeCursor(tag: string, cursor: string, arity: number): number[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (parts.length !== arity + 1 || parts[0] !== tag) throw CommonErrors.invalidCursor();
  const nums = parts.slice(1).map((p) => (/^[0-9]{1,16}$/.test(p) ? Number(p) : Number.NaN));
  if (nums.some((n) => !Number.isSafeInteger(n))) throw CommonErrors.invalidCursor();
  return nums;
}
