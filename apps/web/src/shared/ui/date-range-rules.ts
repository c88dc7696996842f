import {
  type CalendarDate,
  type DateBounds,
  type DateRange,
  defaultRange,
  endPickerBounds,
  isValidRange,
  pickerBounds,
} from '@andes/contract/common/dates';

/**
 * Spec §5: nothing after today (in the merchant's zone), nothing before five months back, and
 * once the first date is picked the other may not be before it.
 */
export function isPickerDateDisabled(date: CalendarDate, bounds: DateBounds, firstPicked?: CalendarDate): boolean {
  const effective = firstPicked === undefined ? bounds : endPickerBounds(firstPicked, bounds);
  return date < effective.min || date > effective.max;
}

/**
 * The range a screen shows: the one asked for (from the URL) when both dates are valid, in order
 * and within the picker's bounds; else the default range (one week back to today, spec §9).
 */
export function rangeWithinBounds(
  asked: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date | number = Date.now(),
): DateRange {
  const bounds = pickerBounds(timeZone, now);
  if (asked.from !== undefined && asked.to !== undefined && isValidRange(asked.from, asked.to, bounds)) {
    return { from: asked.from, to: asked.to };
  }
  return defaultRange(timeZone, now);
}
