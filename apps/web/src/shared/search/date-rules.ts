import { DATE_PICKER_MONTHS_BACK, MAX_END_YEAR } from '@andes/contract/common/constants';
import {
  addMonths,
  type CalendarDate,
  clampEndYear,
  type DateBounds,
  daysBetween,
  endPickerBounds,
  formatDateTime,
  type InstantRange,
  isCalendarDate,
  longRangeEnd,
  pickerBounds,
  spanLimitedBounds,
  todayIn,
  zoneOffsetMs,
} from '@andes/contract/common/dates';
import type { DateRules, LocalDateTime, SearchContext } from './fields.ts';

/**
 * The date rules of spec §5 and §9 for search fields, in the merchant's zone: no date after today,
 * five months back, the second date not before the first, the configured span around the first
 * picked date, the 100-year variant, and an end beyond 2099 meaning "now".
 */

const LOCAL_DATE_TIME = /^([0-9]{4}-[0-9]{2}-[0-9]{2})T([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])$/;

/** True for a `YYYY-MM-DDTHH:mm:ss` wall-clock time on an existing date. */
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL_DATE_TIME.exec(value);
  return m !== null && isCalendarDate(m[1] as string);
}

/** The calendar date of a local wall-clock time. */
export function dateOf(value: LocalDateTime): CalendarDate {
  return value.slice(0, 10);
}

/** The merchant's wall clock now, as a `LocalDateTime`. */
export function localNow(ctx: SearchContext): LocalDateTime {
  return formatDateTime(ctx.now ?? Date.now(), ctx.timeZone).replace(' ', 'T');
}

/** Today in the merchant's zone. */
export function todayOf(ctx: SearchContext): CalendarDate {
  return todayIn(ctx.timeZone, ctx.now ?? Date.now());
}

/**
 * The dates a field's picker offers: five months back to today (spec §5), or for the 100-year
 * variant five months back to 100 years after today.
 */
export function fieldBounds(rules: Pick<DateRules, 'longRange'>, ctx: SearchContext): DateBounds {
  const base = pickerBounds(ctx.timeZone, ctx.now ?? Date.now());
  return rules.longRange ? { min: addMonths(base.max, -DATE_PICKER_MONTHS_BACK), max: longRangeEnd(base.max) } : base;
}

/**
 * The dates the other end of a range may take once `firstPicked` is chosen: not before it (spec
 * §5: the second date's minimum is the first date) or, with a configured span, at most `spanDays`
 * days either side of it — always within the field's bounds.
 */
export function secondDateBounds(rules: Pick<DateRules, 'spanDays'>, firstPicked: CalendarDate, bounds: DateBounds): DateBounds {
  return rules.spanDays === undefined ? endPickerBounds(firstPicked, bounds) : spanLimitedBounds(firstPicked, rules.spanDays, bounds);
}

/** True for a date a picker must not offer (outside the bounds, or outside the span of the first picked date). */
export function isDateDisabled(date: CalendarDate, rules: DateRules, bounds: DateBounds, firstPicked?: CalendarDate): boolean {
  const effective = firstPicked === undefined ? bounds : secondDateBounds(rules, firstPicked, bounds);
  return date < effective.min || date > effective.max;
}

/** An end date beyond 2099 becomes today (spec §9); any other date is kept. */
export function clampEndDate(end: CalendarDate, ctx: SearchContext): CalendarDate {
  return clampEndYear(end, todayOf(ctx));
}

/** An end time beyond 2099 becomes the merchant's wall clock now. */
export function clampEndDateTime(end: LocalDateTime, ctx: SearchContext): LocalDateTime {
  return Number(end.slice(0, 4)) > MAX_END_YEAR ? localNow(ctx) : end;
}

/** Whole days a range spans (0 for a one-day range). */
export function spanOf(from: CalendarDate, to: CalendarDate): number {
  return daysBetween(from, to);
}

function wallMs(value: LocalDateTime): number {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m || !isCalendarDate(m[1] as string)) throw new RangeError(`not a local date-time (YYYY-MM-DDTHH:mm:ss): ${value}`);
  const [year, month, day] = (m[1] as string).split('-').map(Number) as [number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(Number(m[2]), Number(m[3]), Number(m[4]), 0);
  return d.getTime();
}

/**
 * The instant (epoch ms) of a wall-clock time in a zone. A time skipped by a daylight-saving
 * change (02:30 on a spring-forward night) is read with the offset before the change, so it lands
 * just after the jump; a repeated time (autumn) takes its first occurrence.
 */
export function localDateTimeToEpochMs(timeZone: string, value: LocalDateTime): number {
  const wall = wallMs(value);
  const first = wall - zoneOffsetMs(timeZone, wall);
  const second = wall - zoneOffsetMs(timeZone, first);
  const candidates = [first, second].filter((t) => t + zoneOffsetMs(timeZone, t) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : wall - zoneOffsetMs(timeZone, wall - 86_400_000);
}

/** A local wall-clock time in the merchant's zone as an ISO instant in UTC, for a request. */
export function localDateTimeToUtc(timeZone: string, value: LocalDateTime): string {
  return new Date(localDateTimeToEpochMs(timeZone, value)).toISOString();
}

/**
 * A date-time range (both ends inclusive to the second, as picked) as the half-open range of
 * instants `[start, end + 1 s)` the server filters on.
 */
export function localDateTimeRangeToUtc(timeZone: string, start: LocalDateTime, end: LocalDateTime): InstantRange {
  return {
    start: localDateTimeToUtc(timeZone, start),
    end: new Date(localDateTimeToEpochMs(timeZone, end) + 1000).toISOString(),
  };
}
