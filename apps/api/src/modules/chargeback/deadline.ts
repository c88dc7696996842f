import { addDays, type CalendarDate, daysBetween, localDateOf, startOfLocalDay } from '@andes/contract/common/dates';
import { DEFENSE_DAYS_BY_BRAND, type DeadlineBucket } from '@andes/contract/risk/enums';

/**
 * The defence deadline and the deadline board (docs/decisions/0028), pure functions of instants and
 * the country's time zone.
 *
 * - Without the platform's `respondBy`, the deadline is the end of the local day (in the country's
 *   zone) that falls DEFENSE_DAYS_BY_BRAND days after the dispute's local date — 23:59:59.999 local —
 *   so "days left" and "passed" always agree: a deadline is passed exactly when its date is before
 *   today. A `respondBy` is kept as the platform sent it.
 * - Days left: whole days from today's local date to the deadline's local date (0 today, negative
 *   past).
 * - Buckets of an open chargeback: OVERDUE once the deadline instant has passed; TODAY when its
 *   date is today; THIS_WEEK within the next 7 days (1–7 days left); LATER beyond.
 */

/** Days the merchant has to defend a chargeback of a card of this brand (unknown or none: the default). */
export function defenseDaysOf(brand: string | null | undefined): number {
  const days = brand === null || brand === undefined ? undefined : DEFENSE_DAYS_BY_BRAND[brand];
  return days ?? (DEFENSE_DAYS_BY_BRAND.DEFAULT as number);
}

/** The defence deadline of a chargeback disputed at `disputeDate`. */
export function deadlineOf(timeZone: string, disputeDate: Date, brand: string | null | undefined, respondBy?: string): Date {
  if (respondBy !== undefined) return new Date(respondBy);
  const last = addDays(localDateOf(timeZone, disputeDate), defenseDaysOf(brand));
  return new Date(startOfLocalDay(timeZone, addDays(last, 1)) - 1);
}

/** Whole days from today (local) to the deadline's local date. */
export function daysLeftOf(timeZone: string, deadline: Date, now: Date): number {
  return daysBetween(localDateOf(timeZone, now), localDateOf(timeZone, deadline));
}

export function isPassed(deadline: Date, now: Date): boolean {
  return now.getTime() > deadline.getTime();
}

/** The board's bucket of an open chargeback. */
export function bucketOf(timeZone: string, deadline: Date, now: Date): DeadlineBucket {
  if (isPassed(deadline, now)) return 'OVERDUE';
  const left = daysLeftOf(timeZone, deadline, now);
  if (left <= 0) return 'TODAY';
  if (left <= 7) return 'THIS_WEEK';
  return 'LATER';
}

/** Instant bounds of the buckets: [from, to) of the deadline, the board's SQL ranges. */
export interface BucketBounds {
  /** Now: before it, OVERDUE. */
  now: Date;
  /** Start of tomorrow (local): TODAY is [now, tomorrow). */
  tomorrow: Date;
  /** Start of the 8th day from today (local): THIS_WEEK is [tomorrow, weekEnd); LATER from there. */
  weekEnd: Date;
}

export function bucketBounds(timeZone: string, now: Date): BucketBounds {
  const today: CalendarDate = localDateOf(timeZone, now);
  return {
    now,
    tomorrow: new Date(startOfLocalDay(timeZone, addDays(today, 1))),
    weekEnd: new Date(startOfLocalDay(timeZone, addDays(today, 8))),
  };
}

/** The deadline range [from, to) of a bucket (null: unbounded). OVERDUE is [−∞, now] (passed: deadline < now… see isPassed). */
export function bucketRange(bucket: DeadlineBucket, b: BucketBounds): { from: Date | null; to: Date | null } {
  switch (bucket) {
    case 'OVERDUE':
      return { from: null, to: b.now };
    case 'TODAY':
      return { from: b.now, to: b.tomorrow };
    case 'THIS_WEEK':
      return { from: b.tomorrow, to: b.weekEnd };
    case 'LATER':
      return { from: b.weekEnd, to: null };
  }
}
