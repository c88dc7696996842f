import { IamErrors } from './iam.errors.ts';

/**
 * Keyset paging of the user and role lists: newest first by id. A cursor is the opaque
 * `base64url("<list>:<id>")` of the last row shown; the next page holds the rows with a smaller id.
 */
export type KeysetList = 'user' | 'role';

export function encodeCursor(list: KeysetList, id: number): string {
  return Buffer.from(`${list}:${id}`, 'utf8').toString('base64url');
}

/** The id a cursor of `list` stands for; a validation error (on `cursor`) for anything else. */
export function decodeCursor(list: KeysetList, cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^([a-z]+):([1-9][0-9]{0,9})$/.exec(text);
  const id = m ? Number(m[2]) : Number.NaN;
  if (!m || m[1] !== list || !Number.isSafeInteger(id) || id > 2_147_483_647) throw IamErrors.invalidCursor();
  return id;
}

/** The page of `rows` fetched with one row more than `pageSize`, and the cursor of the next page. */
export function pageOfRows<T extends { id: number }>(list: KeysetList, rows: readonly T[], pageSize: number) {
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > pageSize && last ? encodeCursor(list, last.id) : null };
}
