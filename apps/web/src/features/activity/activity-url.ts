import { ACTIVITY_EVENTS, ACTIVITY_OUTCOMES, type ActivityEvent, type ActivityOutcome } from '@andes/contract/activity/enums';
import { type ActivityExportRequest, ActivityPageRequest, type ParsedActivityPageRequest } from '@andes/contract/activity/schemas';
import { ACTIVITY_EXPORT_MAX_DAYS } from '@andes/contract/common/constants';
import { type DateRange, daysBetween } from '@andes/contract/common/dates';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { readPageSize } from '../../shared/list/keyset.ts';
import { listParam, type ParamValue, parseFieldwise, textParam } from '../../shared/list/url-params.ts';
import { rangeWithinBounds } from '../../shared/ui/date-range-rules.ts';

/** The activity filters as the filter bar holds them. */
export interface ActivityFilters {
  range: DateRange;
  actor?: string | undefined;
  events: ActivityEvent[];
  outcome?: ActivityOutcome | undefined;
}

/** The filters the URL describes; the dates default to the last week in the merchant's zone. */
export function activityFiltersOf(params: URLSearchParams, timeZone: string, now: Date | number = Date.now()): ActivityFilters {
  const events = listParam(params.get('events')).filter((e): e is ActivityEvent => (ACTIVITY_EVENTS as readonly string[]).includes(e));
  const outcome = ACTIVITY_OUTCOMES.find((o) => o === params.get('outcome'));
  return {
    range: rangeWithinBounds({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }, timeZone, now),
    actor: textParam(params.get('actor'))?.trim() || undefined,
    events: [...new Set(events)],
    outcome,
  };
}

/** The page request of the filters. */
export function activityPageRequestOf(
  filters: ActivityFilters,
  timeZone: string,
  params: URLSearchParams,
  position: KeysetPosition,
): ParsedActivityPageRequest {
  return parseFieldwise(ActivityPageRequest, {
    timeZone,
    range: filters.range,
    actor: filters.actor,
    events: filters.events,
    outcome: filters.outcome,
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}

/** The export request of the filters (no paging). */
export function activityExportRequestOf(filters: ActivityFilters, timeZone: string): ActivityExportRequest {
  return {
    timeZone,
    range: filters.range,
    ...(filters.actor ? { actor: filters.actor } : {}),
    events: filters.events,
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
  };
}

/** True when the range is short enough to export (at most ACTIVITY_EXPORT_MAX_DAYS days). */
export function isExportableRange(range: DateRange): boolean {
  return daysBetween(range.from, range.to) + 1 <= ACTIVITY_EXPORT_MAX_DAYS;
}

/** The URL parameters of the filters. */
export function activityFilterParams(filters: ActivityFilters): Record<string, ParamValue> {
  return {
    from: filters.range.from,
    to: filters.range.to,
    actor: filters.actor?.trim(),
    events: filters.events,
    outcome: filters.outcome,
  };
}
