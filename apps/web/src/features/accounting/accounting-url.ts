import { RequestPageRequest } from '@andes/contract/accounting/schemas';
import type { Country } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';
import { rangeWithinBounds } from '../../shared/ui/date-range-rules.ts';

/** The page request a request list sends (the contract's, parsed). */
export type RequestListRequest = z.output<typeof RequestPageRequest>;

/**
 * A request list's URL (CONVENTIONS §4.6): the creation dates, the status, the mode, the keyword
 * (a request number) and — sub-merchant transfers — the sub-merchant. The country is the shell's.
 */
export const REQUEST_FILTERS = {
  range: 'dateRange',
  status: 'text',
  mode: 'text',
  keyword: 'text',
  subMerchantId: 'number',
} as const satisfies FilterParams;

/** The create drawer is the only dialog of a request list (a request opens its own page). */
export const REQUEST_DIALOGS = ['create'] as const;
export type RequestDialog = (typeof REQUEST_DIALOGS)[number];

/**
 * The creation dates in force: the URL's when they follow the search pickers' rules of spec §5
 * (not after today in the zone, five months back), else the last week (spec §9, the server's
 * default too) — a hand-edited link never reaches the server with a range it would refuse.
 */
export function rangeOf(asked: DateRange | undefined, timeZone: string, now: Date | number = Date.now()): DateRange {
  return rangeWithinBounds(asked ?? {}, timeZone, now);
}

export interface RequestListContext {
  country: Country;
  timeZone: string;
  /** The user may filter by sub-merchant (a merchant user on the sub-merchant transfers). */
  bySubMerchant: boolean;
  now?: Date | number;
}

/** The page request of the URL: its filters (a bad value is dropped), the creation dates always in force. */
export function requestListOf(ctx: RequestListContext, params: URLSearchParams, position: KeysetPosition): RequestListRequest {
  const request = listRequestOf(RequestPageRequest, REQUEST_FILTERS, params, position, { country: ctx.country });
  const { subMerchantId, ...rest } = request;
  return {
    ...rest,
    ...(ctx.bySubMerchant && subMerchantId !== undefined ? { subMerchantId } : {}),
    range: rangeOf(request.range, ctx.timeZone, ctx.now),
  };
}
