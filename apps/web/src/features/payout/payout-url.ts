import type { Country } from '@andes/contract/common/countries';
import { localDateRangeToUtc } from '@andes/contract/common/dates';
import { PayoutPageRequest } from '@andes/contract/payout/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { dateRangeParam, type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';

/** The page request the payout list sends (the contract's request, parsed). */
export type PayoutListRequest = z.output<typeof PayoutPageRequest>;

/**
 * The payout list's URL (CONVENTIONS §4.6): the tab, the search bar (keyword, status, product type,
 * created dates) and a batch (from a payout's detail). The country is the shell's, not the URL's.
 */
export const PAYOUT_FILTERS = {
  tab: 'text',
  keyword: 'text',
  status: 'text',
  productType: 'text',
  batchId: 'number',
  created: 'dateRange',
} as const satisfies FilterParams;

/** The search bar's own fields (the tab and the batch stay when it searches or resets). */
export const PAYOUT_SEARCH_FIELDS = ['keyword', 'status', 'productType', 'created'] as const;

/** Dialogs and drawers of the payout screen, opened through the URL. */
export const PAYOUT_DIALOGS = ['detail', 'create', 'batch'] as const;
export type PayoutDialog = (typeof PAYOUT_DIALOGS)[number];
export const PAYOUT_DIALOGS_WITH_ID: readonly PayoutDialog[] = ['detail'];

/**
 * The page request of the URL in a country: its filters (a bad value is dropped), and the created
 * dates — calendar dates in the merchant's zone — as the instants the server filters on, both
 * inclusive: the first millisecond of the first day and the last millisecond of the last day.
 */
export function payoutRequestOf(country: Country, timeZone: string, params: URLSearchParams, position: KeysetPosition): PayoutListRequest {
  const request = listRequestOf(PayoutPageRequest, PAYOUT_FILTERS, params, position, { country });
  const created = dateRangeParam(params.get('created'));
  if (!created) return request;
  const { start, end } = localDateRangeToUtc(timeZone, created.from, created.to);
  return { ...request, createdFrom: start, createdTo: new Date(Date.parse(end) - 1).toISOString() };
}
