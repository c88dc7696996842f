import type { Country } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import { CasePageRequest, type CaseStatisticsRequest } from '@andes/contract/support/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';
import { isRangeAllowed, rangeBounds } from '../../shared/ui/date-range-rules.ts';

/** The page request the case list sends (the contract's, parsed). */
export type CaseListRequest = z.output<typeof CasePageRequest>;

/**
 * The case list's URL (CONVENTIONS §4.6): the status (the chips), the case type, the creation
 * dates and the keyword (case number, transaction key or E2E id, words of the title). The country
 * is the shell's.
 */
export const CASE_FILTERS = {
  status: 'text',
  caseType: 'text',
  range: 'dateRange',
  keyword: 'text',
} as const satisfies FilterParams;

/** The filters of the filter bar (the status is chosen with the chips). */
export const CASE_FILTER_BAR_FIELDS = ['caseType', 'range', 'keyword'] as const;

/** Close and reopen ask for instructions in a dialog about one row (`?dialog=close&id=n`). */
export const CASE_DIALOGS = ['close', 'reopen'] as const;
export type CaseDialog = (typeof CASE_DIALOGS)[number];

export interface CaseListContext {
  country: Country;
  timeZone: string;
  now?: Date | number;
}

/**
 * The page request of the URL: a bad value is dropped, and so are creation dates outside the
 * search pickers' rules of spec §5 (a hand-edited link never reaches the server with a range it refuses).
 */
export function caseListOf(ctx: CaseListContext, params: URLSearchParams, position: KeysetPosition): CaseListRequest {
  const request = listRequestOf(CasePageRequest, CASE_FILTERS, params, position, { country: ctx.country });
  const { range, ...rest } = request;
  const allowed = range !== undefined && isRangeAllowed(range, rangeBounds(ctx.timeZone, ctx.now ?? Date.now()));
  return allowed ? { ...rest, range } : rest;
}

/** The status counters' request: the list's filters but the status (each chip counts its own). */
export function statisticsOf(request: CaseListRequest): CaseStatisticsRequest {
  const range: DateRange | undefined = request.range;
  return {
    country: request.country,
    ...(request.caseType ? { caseType: request.caseType } : {}),
    ...(range ? { range } : {}),
  };
}
