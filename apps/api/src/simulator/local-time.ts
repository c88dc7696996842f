import { addDays, type CalendarDate, startOfLocalDay, zoneOffsetMs } from '@andes/contract/common/dates';

/**
 * Local calendar arithmetic for many instants at once (the demo history handles hundreds of
 * thousands): the contract's zone functions, with each zone's offset cached per UTC hour (every
 * zone Andes serves changes its offset on an hour boundary) and each day's start cached.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const offsets = new Map<string, Map<number, number>>();
const dayStarts = new Map<string, Map<CalendarDate, number>>();

function offsetAt(timeZone: string, ms: number): number {
  let byHour = offsets.get(timeZone);
  if (!byHour) {
    byHour = new Map();
    offsets.set(timeZone, byHour);
  }
  const hour = Math.floor(ms / HOUR_MS);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    offset = zoneOffsetMs(timeZone, hour * HOUR_MS);
    byHour.set(hour, offset);
  }
  return offset;
}

/** The calendar date of an instant in a zone (same answer as the contract's localDateOf). */
export function localDate(timeZone: string, ms: number): CalendarDate {
  return new Date(ms + offsetAt(timeZone, ms)).toISOString().slice(0, 10);
}

/** The local hour (0–23) of an instant in a zone. */
export function localHour(timeZone: string, ms: number): number {
  return new Date(ms + offsetAt(timeZone, ms)).getUTCHours();
}

/** The first instant of a local date (the contract's startOfLocalDay, cached). */
export function localDayStart(timeZone: string, date: CalendarDate): number {
  let byDate = dayStarts.get(timeZone);
  if (!byDate) {
    byDate = new Map();
    dayStarts.set(timeZone, byDate);
  }
  let start = byDate.get(date);
  if (start === undefined) {
    start = startOfLocalDay(timeZone, date);
    byDate.set(date, start);
  }
  return start;
}

/** Day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Adds business days (Monday–Friday) to a date. */
export function addBusinessDays(date: CalendarDate, days: number): CalendarDate {
  let d = date;
  let left = days;
  while (left > 0) {
    d = addDays(d, 1);
    const wd = weekdayOf(d);
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d;
}

/** Days since the epoch of a calendar date (a stable day number). */
export function dayNumberOf(date: CalendarDate): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}
