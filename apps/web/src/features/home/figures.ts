import { formatDateTime, localDateOf } from '@andes/contract/common/dates';
import type { Product, ProductType } from '@andes/contract/common/enums';
import { PRODUCTS } from '@andes/contract/common/enums';
import type { AccountingCalendar, HourPoint, ProductEntry, RealTimeLineChart } from '@andes/contract/home/schemas';

/** Pure figures of Home: what the cards, tables and charts show, computed from the calls' answers. */

export const HOURS_PER_DAY = 24;

/** Amounts (cents) summed hour by hour from 0 to `lastHour`; hours without a point add nothing. */
export function cumulativeByHour(points: readonly HourPoint[], lastHour: number): number[] {
  const perHour = new Map<number, number>();
  for (const point of points) perHour.set(point.hour, (perHour.get(point.hour) ?? 0) + point.amount);
  const out: number[] = [];
  let running = 0;
  for (let hour = 0; hour <= lastHour; hour += 1) {
    running += perHour.get(hour) ?? 0;
    out.push(running);
  }
  return out;
}

/** The local hour (0–23) an instant falls on in a zone. */
export function localHourOf(instant: string | number, timeZone: string): number {
  return Number(formatDateTime(instant, timeZone).slice(11, 13));
}

export interface RealTimeSeries {
  /** Cumulative amount of today, from hour 0 to the current local hour. */
  today: number[];
  /** Cumulative amount of yesterday, all 24 hours. */
  yesterday: number[];
}

/**
 * Today's and yesterday's successful amounts accumulated by local hour. Today runs to the hour of
 * `asOf` in the answer's zone (the whole day when `asOf` is already past it).
 */
export function realTimeSeries(chart: RealTimeLineChart): RealTimeSeries {
  const sameDay = localDateOf(chart.timezoneName, chart.asOf) === chart.today;
  const lastHour = sameDay ? localHourOf(chart.asOf, chart.timezoneName) : HOURS_PER_DAY - 1;
  return { today: cumulativeByHour(chart.todayPoints, lastHour), yesterday: cumulativeByHour(chart.yesterdayPoints, HOURS_PER_DAY - 1) };
}

/**
 * The change from `previous` to `current` in percent with one decimal, cut toward zero and
 * signed: `+12.5%`, `-3.0%`, `0.0%`; null when there is nothing to compare with (previous 0).
 * Computed on integers (BigInt), so any amount in cents is exact.
 */
export function percentChange(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const tenths = ((BigInt(current) - BigInt(previous)) * 1000n) / BigInt(previous < 0 ? -previous : previous);
  const abs = tenths < 0n ? -tenths : tenths;
  const sign = tenths > 0n ? '+' : tenths < 0n ? '-' : '';
  return `${sign}${abs / 10n}.${abs % 10n}%`;
}

/** The product types shown on Home (`show`), grouped by product in the order of PRODUCTS. */
export function shownProducts(list: readonly ProductEntry[]): { product: Product; entries: ProductEntry[] }[] {
  return PRODUCTS.map((product) => ({ product, entries: list.filter((entry) => entry.show && entry.product === product) })).filter(
    (group) => group.entries.length > 0,
  );
}

/** `YYYY-MM` of a calendar date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month `months` after `month` (`YYYY-MM`; negative goes back). */
export function shiftMonth(month: string, months: number): string {
  const [year = 0, mon = 1] = month.split('-').map(Number);
  const index = year * 12 + (mon - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface CalendarTotals {
  released: number;
  scheduled: number;
  count: number;
}

/** The month's days with money released or scheduled, by date, and the month's totals. */
export function calendarDays(calendar: AccountingCalendar): {
  byDate: Map<string, AccountingCalendar['days'][number]>;
  totals: CalendarTotals;
} {
  const byDate = new Map<string, AccountingCalendar['days'][number]>();
  const totals: CalendarTotals = { released: 0, scheduled: 0, count: 0 };
  for (const day of calendar.days) {
    if (day.released === 0 && day.scheduled === 0 && day.count === 0) continue;
    byDate.set(day.date, day);
    totals.released += day.released;
    totals.scheduled += day.scheduled;
    totals.count += day.count;
  }
  return { byDate, totals };
}

/** The slices of a pie worth drawing: those with transactions, largest amount first. */
export function pieSlices<S extends { productType: ProductType; count: number; amount: number }>(slices: readonly S[]): S[] {
  return slices.filter((slice) => slice.count > 0).sort((a, b) => b.amount - a.amount || b.count - a.count);
}
