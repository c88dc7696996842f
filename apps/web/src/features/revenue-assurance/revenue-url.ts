import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, type CalendarDate, type DateRange, daysBetween } from '@andes/contract/common/dates';
import { type ProductType, productTypesOf } from '@andes/contract/common/enums';
import {
  REVENUE_GRANULARITIES,
  REVENUE_TRANSACTION_TYPES,
  type RevenueGranularity,
  type RevenueTransactionType,
} from '@andes/contract/revenue-assurance/enums';
import type {
  FailReasonRankingRequest,
  RevenueCurveRequest,
  RevenueDrillDownCondition,
  RevenueRequest,
  TokenizationRequest,
} from '@andes/contract/revenue-assurance/schemas';
import { REVENUE_LIST_OF } from '@andes/contract/revenue-assurance/schemas';
import { LIST_PERMISSIONS, LIST_TRANSACTION_TYPES } from '@andes/contract/transaction/enums';
import { listParam } from '../../shared/list/url-params.ts';
import { DATE_RANGE_SEPARATOR, dateRangeParam } from '../../shared/list-screen/list-filters.ts';
import { NO_FAIL_REASON } from '../../shared/navigation/fail-reason.ts';
import { rangeBounds, rangeWithinBounds } from '../../shared/ui/date-range-rules.ts';

/**
 * Revenue assurance's URL (CONVENTIONS §4.6; docs/decisions/0031-revenue-assurance.md "Screens"):
 * `range` (local dates `from~to`, within the transaction lists' searchable window, else the last
 * week), `granularity` (daily by default), `transactionType` (PAY_IN by default) and
 * `productTypes` (comma-separated, of the country), and the link each figure drills down to.
 */

export interface RevenueView {
  country: Country;
  timeZone: string;
  range: DateRange;
  granularity: RevenueGranularity;
  transactionType: RevenueTransactionType;
  productTypes: ProductType[];
}

export interface RevenueContext {
  country: Country;
  timeZone: string;
  now?: Date | number;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;

/** The view the URL describes; a value that does not fit (another country's product, a range outside the window) is dropped. */
export function revenueViewOf(ctx: RevenueContext, params: URLSearchParams): RevenueView {
  const range = rangeWithinBounds(dateRangeParam(params.get('range')) ?? {}, ctx.timeZone, ctx.now ?? Date.now());
  const allowed = new Set<string>(productTypesOf(ctx.country));
  const productTypes = [...new Set(listParam(params.get('productTypes')))].filter((p) => allowed.has(p)) as ProductType[];
  return {
    country: ctx.country,
    timeZone: ctx.timeZone,
    range,
    granularity: oneOf(REVENUE_GRANULARITIES, params.get('granularity'), 'daily'),
    transactionType: oneOf(REVENUE_TRANSACTION_TYPES, params.get('transactionType'), 'PAY_IN'),
    productTypes,
  };
}

/** The view's filters as a URL patch (defaults left out). */
export function revenueViewPatch(view: Partial<Pick<RevenueView, 'range' | 'transactionType' | 'productTypes' | 'granularity'>>) {
  const patch: Record<string, string | undefined> = {};
  if ('range' in view) patch.range = view.range ? `${view.range.from}${DATE_RANGE_SEPARATOR}${view.range.to}` : undefined;
  if ('transactionType' in view) patch.transactionType = view.transactionType === 'PAY_IN' ? undefined : view.transactionType;
  if ('productTypes' in view)
    patch.productTypes = view.productTypes && view.productTypes.length > 0 ? view.productTypes.join(',') : undefined;
  if ('granularity' in view) patch.granularity = view.granularity === 'daily' ? undefined : view.granularity;
  return patch;
}

export function revenueRequestOf(view: RevenueView): RevenueRequest {
  return { country: view.country, range: view.range, transactionType: view.transactionType, productTypes: view.productTypes };
}

export function curveRequestOf(view: RevenueView): RevenueCurveRequest {
  return { ...revenueRequestOf(view), granularity: view.granularity };
}

export function rankingRequestOf(view: RevenueView): FailReasonRankingRequest {
  return { ...revenueRequestOf(view), top: 10 };
}

/** Tokenization counts card pay-ins of every product type. */
export function tokenizationRequestOf(view: RevenueView): TokenizationRequest {
  return { country: view.country, range: view.range, productTypes: [], granularity: view.granularity };
}

/**
 * The range just before the view's, as many days long — for the KPI cards' change — or null when
 * it would start before the searchable window (no figures exist to compare with).
 */
export function previousRangeOf(range: DateRange, timeZone: string, now: Date | number = Date.now()): DateRange | null {
  const days = daysBetween(range.from, range.to) + 1;
  const previous = { from: addDays(range.from, -days), to: addDays(range.from, -1) };
  return previous.from < rangeBounds(timeZone, now).min ? null : previous;
}

// ---- drill-down ------------------------------------------------------------------------------------

/** What a figure was counted over: the request's country, type and product types. */
export interface DrillScope {
  country: Country;
  transactionType: RevenueTransactionType;
  productTypes: readonly string[];
}

/** A figure's transactions: the local dates of its point (or the range) and its condition. */
export interface DrillTarget {
  dates: { from: CalendarDate; to: CalendarDate };
  condition: RevenueDrillDownCondition;
}

/** The transaction list screen showing a type, and the permission it needs. */
export function drillListOf(transactionType: RevenueTransactionType) {
  const kind = REVENUE_LIST_OF[transactionType];
  return { kind, path: `/transactions/${kind}`, permission: LIST_PERMISSIONS[kind] };
}

/**
 * The transaction list address whose total equals a figure: the list of the figure's type with
 * its submit dates, product types, type (where the list has several) and condition as the list's
 * own filters (they show as chips there). The list turns them into `revenueDrillDown`'s request.
 */
export function drillDownHref(scope: DrillScope, target: DrillTarget): string {
  const { kind, path } = drillListOf(scope.transactionType);
  const params = new URLSearchParams();
  params.set('createdAt', `${target.dates.from}${DATE_RANGE_SEPARATOR}${target.dates.to}`);
  if (scope.productTypes.length > 0) params.set('productTypes', scope.productTypes.join(','));
  if (LIST_TRANSACTION_TYPES[kind].length > 1) params.set('transactionType', scope.transactionType);
  const { funnelStageMin, cardToken, failReason } = target.condition;
  if (funnelStageMin !== undefined) params.set('funnelStageMin', String(funnelStageMin));
  if (cardToken !== undefined) params.set('cardToken', cardToken);
  if (failReason !== undefined) params.set('failReason', failReason === '' ? NO_FAIL_REASON : failReason);
  return `${path}?${params.toString()}`;
}

/** The zone the figures are counted in: the country's. */
export const zoneOf = (country: Country) => COUNTRY_INFO[country].timezoneName;
