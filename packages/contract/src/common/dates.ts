import { z } from 'zod';
import { DATE_PICKER_MONTHS_BACK, DEFAULT_DATE_RANGE_DAYS, LONG_RANGE_YEARS, MAX_END_YEAR } from './constants.ts';
import { utcOffsetLabel } from './countries.ts';
import { text } from './fields.ts';

/**
 * Calendar dates and the merchant's time zone (spec §5, §9). A calendar date is a `YYYY-MM-DD`
 * string (years 0001–9999); an instant is epoch ms or an ISO string in UTC. Every "today" is
 * today in the merchant's IANA zone (areaAuthorityList `timezoneName`), computed with `Intl` so
 * the same code runs in the browser and on the server.
 */

/** A `YYYY-MM-DD` calendar date. */
export type CalendarDate = string;

/** An inclusive range of calendar dates. */
export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** The dates a picker may offer, both inclusive. */
export interface DateBounds {
  min: CalendarDate;
  max: CalendarDate;
}

/** A half-open range of instants `[start, end)` as ISO strings in UTC. */
export interface InstantRange {
  start: string;
  end: string;
}

const DATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const MS_PER_DAY = 86_400_000;

interface Ymd {
  year: number;
  month: number;
  day: number;
}

/** Epoch ms of a UTC wall-clock time; works for years below 100 (unlike Date.UTC). */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateOfUtcMs(ms: number): CalendarDate {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError('date out of the supported range 0001-01-01..9999-12-31');
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function parseDate(date: CalendarDate): Ymd {
  const m = DATE_PATTERN.exec(date);
  if (m) {
    const ymd = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
    const ms = utcMs(ymd.year, ymd.month, ymd.day);
    if (ymd.year >= 1 && dateOfUtcMs(ms) === date) return ymd;
  }
  throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
}

/** True for an existing `YYYY-MM-DD` date (`2024-02-29` yes, `2023-02-29` no). */
export function isCalendarDate(value: string): boolean {
  try {
    parseDate(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const { year, month, day } = parseDate(date);
  return dateOfUtcMs(utcMs(year, month, day) + days * MS_PER_DAY);
}

/** Adds calendar months; a day past the target month's end becomes its last day (`03-31` − 1 month → `02-28/29`). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = parseDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(utcMs(targetYear, targetMonth + 1, 0)).getUTCDate();
  return dateOfUtcMs(utcMs(targetYear, targetMonth, Math.min(day, lastDay)));
}

export function addYears(date: CalendarDate, years: number): CalendarDate {
  return addMonths(date, years * 12);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((utcMs(b.year, b.month, b.day) - utcMs(a.year, a.month, a.day)) / MS_PER_DAY);
}

function minDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a <= b ? a : b;
}
function maxDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a >= b ? a : b;
}

// ---------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock extends Ymd {
  hour: number;
  minute: number;
  second: number;
}

function wallClock(timeZone: string, ms: number): WallClock {
  const out: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(ms)) out[p.type] = p.value;
  const yearOfEra = Number(out.year);
  return {
    year: out.era === 'BC' ? 1 - yearOfEra : yearOfEra,
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour),
    minute: Number(out.minute),
    second: Number(out.second),
  };
}

/** True for a time zone name `Intl` knows (`America/Santiago`, `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone === '') return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Epoch ms of an instant given as a Date, epoch ms or ISO string. */
export function toEpochMs(instant: Date | number | string): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

/** The zone's offset from UTC at an instant, in ms (local minus UTC; −3 h is −10,800,000). */
export function zoneOffsetMs(timeZone: string, instant: Date | number | string): number {
  const ms = toEpochMs(instant);
  const whole = Math.floor(ms / 1000) * 1000;
  const w = wallClock(timeZone, whole);
  return utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - whole;
}

/** The calendar date an instant falls on in a zone. */
export function localDateOf(timeZone: string, instant: Date | number | string): CalendarDate {
  const w = wallClock(timeZone, toEpochMs(instant));
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today in the merchant's zone. */
export function todayIn(timeZone: string, now: Date | number = Date.now()): CalendarDate {
  return localDateOf(timeZone, now);
}

/**
 * The first instant (epoch ms) of a calendar date in a zone. Usually local midnight; on a day
 * whose midnight is skipped by a daylight-saving change (America/Santiago in September: 00:00
 * jumps to 01:00) it is the instant of the change, the first moment the date exists.
 */
export function startOfLocalDay(timeZone: string, date: CalendarDate): number {
  const { year, month, day } = parseDate(date);
  const midnightAsUtc = utcMs(year, month, day);
  const first = midnightAsUtc - zoneOffsetMs(timeZone, midnightAsUtc);
  const second = midnightAsUtc - zoneOffsetMs(timeZone, first);
  const exact = [first, second].filter((t) => {
    const w = wallClock(timeZone, t);
    return w.year === year && w.month === month && w.day === day && w.hour === 0 && w.minute === 0 && w.second === 0;
  });
  if (exact.length > 0) return Math.min(...exact);
  // Midnight does not exist that day: find the first instant whose local date is `date`. Zone
  // offsets lie within ±16 h, so the answer lies in this window; local dates only move forward.
  let lo = midnightAsUtc - 16 * 3_600_000;
  let hi = midnightAsUtc + 16 * 3_600_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDateOf(timeZone, mid) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * A range of local calendar dates as the UTC instants the server filters on:
 * `[start of from, start of the day after to)`, each day start computed in the zone (so a range
 * across a daylight-saving change is 23 or 25 hours longer or shorter, as the wall clock says).
 */
export function localDateRangeToUtc(timeZone: string, from: CalendarDate, to: CalendarDate): InstantRange {
  if (!isValidRange(from, to)) throw new RangeError(`invalid date range ${from}..${to}`);
  return {
    start: new Date(startOfLocalDay(timeZone, from)).toISOString(),
    end: new Date(startOfLocalDay(timeZone, addDays(to, 1))).toISOString(),
  };
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a zone, optionally followed by the zone's offset: `2024-09-08 01:00:00 (UTC-3)`. */
export function formatDateTime(instant: Date | number | string, timeZone: string, options: { withZone?: boolean } = {}): string {
  const ms = toEpochMs(instant);
  const w = wallClock(timeZone, ms);
  const text = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  return options.withZone ? `${text} (${utcOffsetLabel(timeZone, new Date(ms))})` : text;
}

// ---------------------------------------------------------------------------------------------
// Date-picker rules (spec §5, §9)
// ---------------------------------------------------------------------------------------------

/** The search pickers' bounds: nothing after today; nothing before five calendar months before today. */
export function pickerBounds(timeZone: string, now: Date | number = Date.now()): DateBounds {
  const max = todayIn(timeZone, now);
  return { min: addMonths(max, -DATE_PICKER_MONTHS_BACK), max };
}

/** The default search range: one week back (today − 7 days) to today. */
export function defaultRange(timeZone: string, now: Date | number = Date.now()): DateRange {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -DEFAULT_DATE_RANGE_DAYS), to };
}

/** Once the first date is picked, the second may go from it up to the picker's maximum. */
export function endPickerBounds(from: CalendarDate, bounds: DateBounds): DateBounds {
  return { min: maxDate(from, bounds.min), max: bounds.max };
}

/**
 * True when both are dates and the end is not before the start (a one-day range has
 * from = to), and, with bounds, both lie within them.
 */
export function isValidRange(from: CalendarDate, to: CalendarDate, bounds?: DateBounds): boolean {
  if (!isCalendarDate(from) || !isCalendarDate(to) || to < from) return false;
  return bounds === undefined || (from >= bounds.min && to <= bounds.max);
}

/** An end date whose year is beyond 2099 means "now": such an end becomes today. */
export function clampEndYear(end: CalendarDate, today: CalendarDate): CalendarDate {
  return parseDate(end).year > MAX_END_YEAR ? today : end;
}

/** The same rule for an end instant: beyond 2099 (in the zone, UTC by default) it becomes `now`. */
export function clampEndInstant(end: Date | number | string, now: Date | number, timeZone = 'UTC'): number {
  const endMs = toEpochMs(end);
  return parseDate(localDateOf(timeZone, endMs)).year > MAX_END_YEAR ? toEpochMs(now) : endMs;
}

/** The end of the 100-year picker variant: the start plus 100 years (29 February becomes 28 February). */
export function longRangeEnd(start: CalendarDate): CalendarDate {
  return addYears(start, LONG_RANGE_YEARS);
}

/**
 * Pickers limited to a span: once the first date is picked, the other may lie at most `days`
 * days before or after it, and within the outer bounds when given.
 */
export function spanLimitedBounds(firstPicked: CalendarDate, days: number, bounds?: DateBounds): DateBounds {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`span must be a whole number of days ≥ 0, got ${days}`);
  const min = addDays(firstPicked, -days);
  const max = addDays(firstPicked, days);
  return bounds ? { min: maxDate(min, bounds.min), max: minDate(max, bounds.max) } : { min, max };
}

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

export const CALENDAR_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';
export const DATE_RANGE_ORDER_MESSAGE = 'The end date must not be before the start date';

/**
 * A calendar date of a request. A malformed or impossible date stops the parse of its object
 * (`abort`), so a refinement of the object that compares or counts dates never sees one.
 */
export const CalendarDateSchema = text().refine(isCalendarDate, { message: CALENDAR_DATE_MESSAGE, abort: true });

/** An inclusive range of calendar dates in a request; the order is checked on `to`. */
export const DateRangeSchema = z
  .object({ from: CalendarDateSchema, to: CalendarDateSchema })
  .refine((r) => r.to >= r.from, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] });

export const TimeZoneSchema = text().refine(isValidTimeZone, { message: 'Unknown time zone', abort: true });
