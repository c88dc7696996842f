import type { Country } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import { CURVE_GRANULARITIES, type CurveGranularity } from '@andes/contract/risk/enums';
import { ChargebackPageRequest, PerformanceRequest } from '@andes/contract/risk/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { parseFieldwise } from '../../shared/list/url-params.ts';
import { dateRangeParam, type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';
import { isRangeAllowed, rangeBounds, rangeWithinBounds } from '../../shared/ui/date-range-rules.ts';

/** The page request the chargeback list sends (the contract's, parsed). */
export type ChargebackListRequest = z.output<typeof ChargebackPageRequest>;

/**
 * The chargeback list's URL (CONVENTIONS §4.6): status, reason code, dispute dates, keyword, and
 * the deadline board's bucket. The country is the shell's.
 */
export const CHARGEBACK_FILTERS = {
  status: 'text',
  reasonCode: 'text',
  range: 'dateRange',
  keyword: 'text',
  bucket: 'text',
} as const satisfies FilterParams;

/** The filters of the filter bar (the bucket is set by the deadline board). */
export const FILTER_BAR_FIELDS = ['status', 'reasonCode', 'range', 'keyword'] as const;

export interface ChargebackListContext {
  country: Country;
  timeZone: string;
  now?: Date | number;
}

/**
 * The page request of the URL: a bad value is dropped, and so are dispute dates outside the search
 * pickers' rules of spec §5 (a hand-edited link never reaches the server with a range it refuses).
 */
export function chargebackListOf(ctx: ChargebackListContext, params: URLSearchParams, position: KeysetPosition): ChargebackListRequest {
  const request = listRequestOf(ChargebackPageRequest, CHARGEBACK_FILTERS, params, position, { country: ctx.country });
  const { range, ...rest } = request;
  const allowed = range !== undefined && isRangeAllowed(range, rangeBounds(ctx.timeZone, ctx.now ?? Date.now()));
  return allowed ? { ...rest, range } : rest;
}

// ---- performance ------------------------------------------------------------------------------------

export const CURVE_BASES = ['COUNT', 'AMOUNT'] as const;
export type CurveBasis = (typeof CURVE_BASES)[number];

/** The performance screen's URL: its filters (period, product type, card brand), the curve's period and view. */
export interface PerformanceView {
  request: z.output<typeof PerformanceRequest>;
  granularity: CurveGranularity;
  basis: CurveBasis;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;

/**
 * The performance request of the URL: the pay-in dates follow the search pickers' rules (else the
 * last week, spec §9), the product type and card brand are kept when the contract knows them.
 */
export function performanceViewOf(ctx: ChargebackListContext, params: URLSearchParams): PerformanceView {
  const asked: DateRange | undefined = dateRangeParam(params.get('range'));
  const range = rangeWithinBounds(asked ?? {}, ctx.timeZone, ctx.now ?? Date.now());
  const request = parseFieldwise(PerformanceRequest, {
    country: ctx.country,
    range,
    productType: params.get('productType') ?? undefined,
    cardBrand: params.get('cardBrand') ?? undefined,
  });
  return {
    request,
    granularity: oneOf(CURVE_GRANULARITIES, params.get('granularity'), 'daily'),
    basis: oneOf(CURVE_BASES, params.get('basis'), 'COUNT'),
  };
}

/** The performance filters as URL parameters. */
export const PERFORMANCE_FILTERS = { range: 'dateRange', productType: 'text', cardBrand: 'text' } as const satisfies FilterParams;
