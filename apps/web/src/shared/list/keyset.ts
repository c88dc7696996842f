/**
 * Keyset paging of the lists (contract `common/page.ts`): the server pages by an opaque cursor,
 * so "previous" needs the cursors of the pages before. The URL holds the page shown (`page`,
 * `cursor`); the history entry's state holds the cursors of the pages before it, so Back, reload
 * and the Previous button all work. A shared link has no such state: Previous then goes to the
 * first page.
 */

import { DEFAULT_PAGE_SIZE } from '@andes/contract/common/constants';

/** Page sizes the lists offer (spec §9: 10 and 20); the contract's default is 20. */
export const LIST_PAGE_SIZES = [10, 20] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const PAGE_SIZE_PARAM = 'pageSize';

/** The page size a URL asks for, when it is one the lists offer; else the default. */
export function readPageSize(params: URLSearchParams): ListPageSize {
  const asked = Number(params.get(PAGE_SIZE_PARAM));
  return (LIST_PAGE_SIZES as readonly number[]).includes(asked) ? (asked as ListPageSize) : (DEFAULT_PAGE_SIZE as ListPageSize);
}

/** Query parameters of the paging position. */
export const PAGE_PARAM = 'page';
export const CURSOR_PARAM = 'cursor';

export interface KeysetPosition {
  /** 1-based number of the page shown (for display only: the server pages by cursor). */
  page: number;
  /** The cursor of the page shown; undefined for the first page. */
  cursor: string | undefined;
  /** Cursors of pages 1..page-1 (null for the first page), when known. */
  previous: readonly (string | null)[] | null;
}

export const FIRST_PAGE: KeysetPosition = { page: 1, cursor: undefined, previous: [] };

/** The history-entry state that carries the cursors of the previous pages. */
export interface KeysetHistoryState {
  keysetPrevious: (string | null)[];
}

function previousFromState(state: unknown, page: number): (string | null)[] | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>).keysetPrevious;
  if (!Array.isArray(value) || value.length !== page - 1) return null;
  if (!value.every((c) => c === null || typeof c === 'string')) return null;
  return value as (string | null)[];
}

/** The position the URL and the history state describe; a page without a cursor is the first page. */
export function readKeysetPosition(params: URLSearchParams, state: unknown): KeysetPosition {
  const cursor = params.get(CURSOR_PARAM) ?? undefined;
  const rawPage = Number(params.get(PAGE_PARAM));
  if (!cursor || !Number.isSafeInteger(rawPage) || rawPage < 2) return FIRST_PAGE;
  return { page: rawPage, cursor, previous: previousFromState(state, rawPage) };
}

/** The page after `position`, reached with the `nextCursor` the server answered. */
export function nextPosition(position: KeysetPosition, nextCursor: string): KeysetPosition {
  const previous = position.previous === null ? null : [...position.previous, position.cursor ?? null];
  return { page: position.page + 1, cursor: nextCursor, previous };
}

/** The page before `position`; the first page when the cursors before it are not known. */
export function previousPosition(position: KeysetPosition): KeysetPosition {
  if (position.page <= 2 || position.previous === null) return FIRST_PAGE;
  const previous = position.previous.slice(0, -1);
  const cursor = position.previous.at(-1) ?? null;
  if (cursor === null) return FIRST_PAGE;
  return { page: position.page - 1, cursor, previous };
}

/** Writes a position into search params (removing the paging of the first page). */
export function writeKeysetPosition(params: URLSearchParams, position: KeysetPosition): URLSearchParams {
  const next = new URLSearchParams(params);
  if (position.page <= 1 || position.cursor === undefined) {
    next.delete(PAGE_PARAM);
    next.delete(CURSOR_PARAM);
  } else {
    next.set(PAGE_PARAM, String(position.page));
    next.set(CURSOR_PARAM, position.cursor);
  }
  return next;
}

/** The history state to store with a position. */
export function keysetHistoryState(position: KeysetPosition): KeysetHistoryState | null {
  return position.previous === null ? null : { keysetPrevious: [...position.previous] };
}
