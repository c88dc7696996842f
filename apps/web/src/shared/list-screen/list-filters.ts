import { type DateRange, isValidRange } from '@andes/contract/common/dates';
import type { z } from 'zod';
import { type KeysetPosition, readPageSize } from '../list/keyset.ts';
import { numberParam, type ParamValue, parseFieldwise, textParam } from '../list/url-params.ts';

/**
 * The filters of a list screen as URL parameters (CONVENTIONS §4.6): each filter's name is both
 * its URL parameter and its field of the page request; `text` values are kept as typed (trimmed
 * when written), `number` values (ids, states coded as numbers) are read as numbers.
 *
 * A `dateRange` filter is two calendar dates in the merchant's zone, `from~to` in the URL (read
 * back only when both are dates in order). Either the request has no field of that name — it
 * holds the instants the dates make in the zone, so the screen's `requestOf` turns the range into
 * them (`dateRangeParam`, then `localDateRangeToUtc`) — or the request's field of that name is
 * the range itself (`{ from, to }`, as the finance calls take it). The filter bar shows the range
 * of the URL, else the request's own (a default period the screen put in).
 */
export type FilterParams = Readonly<Record<string, 'text' | 'number' | 'dateRange'>>;

/** Separates the two dates of a `dateRange` URL parameter. */
export const DATE_RANGE_SEPARATOR = '~';

/** A `dateRange` URL parameter as its dates: both calendar dates, in order; else undefined. */
export function dateRangeParam(raw: string | null): DateRange | undefined {
  if (raw === null) return undefined;
  const [from, to, ...rest] = raw.split(DATE_RANGE_SEPARATOR);
  if (from === undefined || to === undefined || rest.length > 0 || !isValidRange(from, to)) return undefined;
  return { from, to };
}

function isDateRange(value: unknown): value is DateRange {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to } = value as Record<string, unknown>;
  return typeof from === 'string' && typeof to === 'string' && isValidRange(from, to);
}

/** Filter values as a filter bar holds them. */
export type FilterValues = Readonly<Record<string, unknown>>;

/** The raw filter values of the URL (not checked yet). */
function readFilters(filters: FilterParams, params: URLSearchParams): Record<string, string | number | DateRange | undefined> {
  const out: Record<string, string | number | DateRange | undefined> = {};
  for (const [name, kind] of Object.entries(filters)) {
    const raw = params.get(name);
    out[name] = kind === 'number' ? numberParam(raw) : kind === 'dateRange' ? dateRangeParam(raw) : textParam(raw);
  }
  return out;
}

/**
 * The page request the URL describes: its filters, page size and cursor, plus the `fixed` fields
 * the screen sets itself (a list type from the path). Each field is checked by the request
 * schema; a value that does not parse (a hand-edited or outdated link) is dropped.
 */
export function listRequestOf<S extends z.ZodObject>(
  schema: S,
  filters: FilterParams,
  params: URLSearchParams,
  position: KeysetPosition,
  fixed: Readonly<Record<string, unknown>> = {},
): z.output<S> {
  return parseFieldwise(schema, {
    ...readFilters(filters, params),
    ...fixed,
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}

/** A list's URL: its filters, the request they make and the parameters of new filter values. */
export interface ListUrlSpec<Request> {
  filters: FilterParams;
  requestOf(params: URLSearchParams, position: KeysetPosition): Request;
  filterParams(values: FilterValues): Record<string, ParamValue>;
}

/** The URL of a list whose request is `schema`, filtered by `filters` (`useListScreen` takes it). */
export function listUrlOf<S extends z.ZodObject>(schema: S, filters: FilterParams): ListUrlSpec<z.output<S>> {
  return {
    filters,
    requestOf: (params, position) => listRequestOf(schema, filters, params, position),
    filterParams: (values) => filterPatch(filters, values),
  };
}

/** The URL parameters of filter values: text trimmed, empty values removed. */
export function filterPatch(filters: FilterParams, values: FilterValues): Record<string, ParamValue> {
  const patch: Record<string, ParamValue> = {};
  for (const [name, kind] of Object.entries(filters)) {
    const value = values[name];
    if (kind === 'text') patch[name] = typeof value === 'string' ? value.trim() : undefined;
    else if (kind === 'dateRange') patch[name] = isDateRange(value) ? `${value.from}${DATE_RANGE_SEPARATOR}${value.to}` : undefined;
    else patch[name] = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }
  return patch;
}

/**
 * The filter values a request holds: what the filter bar shows (every filter named, absent ones
 * undefined). A `dateRange` filter's dates come from `params`, else from the request's field of
 * that name when it is a range (the default period a screen sends).
 */
export function filterValuesOf(
  filters: FilterParams,
  request: Readonly<Record<string, unknown>>,
  params?: URLSearchParams,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, kind]) => [
      name,
      kind === 'dateRange'
        ? (dateRangeParam(params?.get(name) ?? null) ?? (isDateRange(request[name]) ? request[name] : undefined))
        : request[name],
    ]),
  );
}

/** The filters among `filters` named in `names`. */
export function pickFilters(filters: FilterParams, names: readonly string[]): FilterParams {
  return Object.fromEntries(Object.entries(filters).filter(([name]) => names.includes(name)));
}
