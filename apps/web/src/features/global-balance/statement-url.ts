import { COUNTRIES, type Country } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import { GLOBAL_BALANCE_BUSINESS_TYPES, type GlobalBalanceBusinessType } from '@andes/contract/common/enums';
import { GlobalStatementRequest } from '@andes/contract/global/schemas';
import { type KeysetPosition, readPageSize } from '../../shared/list/keyset.ts';
import { type ParamValue, parseFieldwise } from '../../shared/list/url-params.ts';
import { rangeWithinBounds } from '../../shared/ui/date-range-rules.ts';

/** The statement filters as the filter bar holds them. */
export interface StatementFilters {
  businessType?: GlobalBalanceBusinessType | undefined;
  targetCountry?: Country | undefined;
  range: DateRange;
}

/**
 * The filters the URL describes. Unknown values are dropped; the dates default to the last week
 * in the selected zone and must lie within the pickers' bounds (spec §5, §9).
 */
export function statementFiltersOf(params: URLSearchParams, timeZone: string, now: Date | number = Date.now()): StatementFilters {
  return {
    businessType: GLOBAL_BALANCE_BUSINESS_TYPES.find((type) => type === params.get('businessType')),
    targetCountry: COUNTRIES.find((country) => country === params.get('targetCountry')),
    range: rangeWithinBounds({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }, timeZone, now),
  };
}

/** The page request of the filters at the page shown. */
export function statementRequestOf(
  filters: StatementFilters,
  timeZone: string,
  params: URLSearchParams,
  position: KeysetPosition,
): GlobalStatementRequest {
  return parseFieldwise(GlobalStatementRequest, {
    businessType: filters.businessType,
    targetCountry: filters.targetCountry,
    range: filters.range,
    timezoneName: timeZone,
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}

/** The URL parameters of the filters. */
export function statementFilterParams(filters: StatementFilters): Record<string, ParamValue> {
  return {
    businessType: filters.businessType,
    targetCountry: filters.targetCountry,
    from: filters.range.from,
    to: filters.range.to,
  };
}
