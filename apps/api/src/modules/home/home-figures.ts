import { addDays, type CalendarDate } from '@andes/contract/common/dates';
import type { DailyPoint, Figures, HourPoint } from '@andes/contract/home/schemas';

/** Pure helpers of Home's charts: zero figures, adding them, and zero-filled series. */

export const ZERO_FIGURES: Readonly<Figures> = { count: 0, amount: 0, successCount: 0, successAmount: 0 };

export function addFigures(a: Figures, b: Figures): Figures {
  return {
    count: a.count + b.count,
    amount: a.amount + b.amount,
    successCount: a.successCount + b.successCount,
    successAmount: a.successAmount + b.successAmount,
  };
}

/** Every calendar date from `from` to `to`, both included. */
export function datesOf(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** One point per date of the range, with the figures of that date or zeros. */
export function dailyPoints(from: CalendarDate, to: CalendarDate, byDate: ReadonlyMap<CalendarDate, Figures>): DailyPoint[] {
  return datesOf(from, to).map((date) => ({ date, ...(byDate.get(date) ?? ZERO_FIGURES) }));
}

/** One point per hour from 0 to `lastHour`, with that hour's figures or zeros. */
export function hourPoints(lastHour: number, byHour: ReadonlyMap<number, { count: number; amount: number }>): HourPoint[] {
  const out: HourPoint[] = [];
  for (let hour = 0; hour <= lastHour; hour += 1) out.push({ hour, ...(byHour.get(hour) ?? { count: 0, amount: 0 }) });
  return out;
}
