import { DATE_PICKER_MONTHS_BACK } from '@andes/contract/common/constants';
import {
  addMonths,
  type CalendarDate,
  type DateBounds,
  type DateRange,
  daysBetween,
  defaultRange,
  endPickerBounds,
  isValidRange,
  spanLimitedBounds,
  todayIn,
} from '@andes/contract/common/dates';

/**
 * How far a range picker reaches. By default spec §5: five months back to today. Screens with a
 * rule of their own (finance statements and reports: FINANCE_MONTHS_BACK months, at most
 * FINANCE_MAX_SPAN_DAYS days) say so.
 */
export interface RangeLimits {
  /** Calendar months back from today that the first date may go (default DATE_PICKER_MONTHS_BACK). */
  monthsBack?: number | undefined;
  /** The most local days a range may cover, both ends counted (none by default). */
  maxSpanDays?: number | undefined;
}

/** The dates a range picker offers: `monthsBack` months before today (in the zone) to today. */
export function rangeBounds(timeZone: string, now: Date | number = Date.now(), limits: RangeLimits = {}): DateBounds {
  const max = todayIn(timeZone, now);
  return { min: addMonths(max, -(limits.monthsBack ?? DATE_PICKER_MONTHS_BACK)), max };
}

/**
 * Spec §5: nothing after today (in the merchant's zone), nothing before the bounds, and once the
 * first date is picked the other may not be before it — or, with a longest span, may lie at most
 * `maxSpanDays − 1` days either side of it (the picker may be filled from either end).
 */
export function isPickerDateDisabled(date: CalendarDate, bounds: DateBounds, firstPicked?: CalendarDate, maxSpanDays?: number): boolean {
  const effective =
    firstPicked === undefined
      ? bounds
      : maxSpanDays === undefined
        ? endPickerBounds(firstPicked, bounds)
        : spanLimitedBounds(firstPicked, Math.max(maxSpanDays - 1, 0), bounds);
  return date < effective.min || date > effective.max;
}

/** True for a range in order, within the bounds and no longer than `maxSpanDays` (both ends counted). */
export function isRangeAllowed(range: DateRange, bounds: DateBounds, maxSpanDays?: number): boolean {
  if (!isValidRange(range.from, range.to, bounds)) return false;
  return maxSpanDays === undefined || daysBetween(range.from, range.to) + 1 <= maxSpanDays;
}

/**
 * The range a screen shows: the one asked for (from the URL) when both dates are valid, in order,
 * within the picker's bounds and span; else the default range (one week back to today, spec §9).
 */
export function rangeWithinBounds(
  asked: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date | number = Date.now(),
  limits: RangeLimits = {},
): DateRange {
  const bounds = rangeBounds(timeZone, now, limits);
  if (asked.from !== undefined && asked.to !== undefined) {
    const range = { from: asked.from, to: asked.to };
    if (isRangeAllowed(range, bounds, limits.maxSpanDays)) return range;
  }
  return defaultRange(timeZone, now);
}
