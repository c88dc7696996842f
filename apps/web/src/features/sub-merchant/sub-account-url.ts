import type { AreaAuthority, Country } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import { FINANCE_MAX_SPAN_DAYS, FINANCE_MONTHS_BACK } from '@andes/contract/finance/enums';
import { permissionEntry } from '@andes/contract/permissions/registry';
import { SubAccountPageRequest, type SubAccountSummaryRequest } from '@andes/contract/sub-merchant/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { dateRangeParam, type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';
import { rangeWithinBounds } from '../../shared/ui/date-range-rules.ts';

/** The sub-merchant list's URL: keyword and country. */
export const SUB_ACCOUNT_FILTERS = { keyword: 'text', country: 'text' } as const satisfies FilterParams;
export type SubAccountListRequest = Omit<z.output<typeof SubAccountPageRequest>, 'keyword'> & { keyword?: string };

/** The list's page request of the URL; an empty keyword (the contract's default) is no filter and is left out. */
export function subAccountRequestOf(params: URLSearchParams, position: KeysetPosition): SubAccountListRequest {
  const { keyword, ...rest } = listRequestOf(SubAccountPageRequest, SUB_ACCOUNT_FILTERS, params, position);
  return keyword ? { ...rest, keyword } : rest;
}

/** The summary's period: as the finance screens, FINANCE_MONTHS_BACK months back and at most FINANCE_MAX_SPAN_DAYS days. */
export const SUMMARY_RANGE_LIMITS = { monthsBack: FINANCE_MONTHS_BACK, maxSpanDays: FINANCE_MAX_SPAN_DAYS } as const;

export const SUMMARY_COUNTRY_PARAM = 'country';
export const SUMMARY_RANGE_PARAM = 'range';

/** `/sub-merchant/sub-account/summary/:id?country=XX`: a sub-merchant's daily summary in a country. */
export function summaryPath(subMerchantId: number, country: Country): string {
  const route = permissionEntry('sub-merchant:summary').route ?? '/sub-merchant/sub-account/summary/:id';
  return `${route.replace(':id', String(subMerchantId))}?${new URLSearchParams({ [SUMMARY_COUNTRY_PARAM]: country }).toString()}`;
}

/**
 * The summary request of the URL: the country when it is one of the user's areas (else the one
 * selected in the shell), and the period when it lies within the pickers' rules (else the last week).
 */
export function summaryRequestOf(
  subMerchantId: number,
  params: URLSearchParams,
  areas: readonly AreaAuthority[],
  selected: AreaAuthority,
  now: Date | number = Date.now(),
): { request: SubAccountSummaryRequest & { range: DateRange }; area: AreaAuthority } {
  const area = areas.find((a) => a.code === params.get(SUMMARY_COUNTRY_PARAM)) ?? selected;
  const asked = dateRangeParam(params.get(SUMMARY_RANGE_PARAM));
  const range = rangeWithinBounds(asked ?? {}, area.timezoneName, now, SUMMARY_RANGE_LIMITS);
  return { request: { subMerchantId, country: area.code, range }, area };
}
