import { addDays, type CalendarDate, startOfLocalDay, zoneOffsetMs } from '@andes/contract/common/dates';

/**
 * Local calendar arithmetic for many instants at once (the demo history handles hundreds of
 * thousands): the contract's zone functions, with each zone's offset cached per UTC hour (every
 * zone Andes serves changes its offset on an hour boundary) and each day's start cached. An
 * offset is asked of Intl twice per UTC day — at its first and its last hour — and once per hour
 * only on a day whose two differ (a daylight-saving change: zones change at most once a day).
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
  const offset = byHour.get(hour);
  if (offset !== undefined) return offset;
  const firstHour = Math.floor(hour / 24) * 24;
  const first = zoneOffsetMs(timeZone, firstHour * HOUR_MS);
  const last = zoneOffsetMs(timeZone, (firstHour + 23) * HOUR_MS);
  for (let h = firstHour; h < firstHour + 24; h += 1) {
    byHour.set(h, first === last ? first : zoneOffsetMs(timeZone, h * HOUR_MS));
  }
  return byHour.get(hour) as number;
}

/** `YYYY-MM-DD` of each day number (days since the epoch) met so far. */
const dateTexts = new Map<number, CalendarDate>();

/** The calendar date of an instant in a zone (same answer as the contract's localDateOf). */
export function localDate(timeZone: string, ms: number): CalendarDate {
  const day = Math.floor((ms + offsetAt(timeZone, ms)) / DAY_MS);
  let text = dateTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateTexts.set(day, text);
  }
  return text;
}

/** The local hour (0–23) of an instant in a zone. */
export function localHour(timeZone: string, ms: number): number {
  const local = ms + offsetAt(timeZone, ms);
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
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
