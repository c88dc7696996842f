import { addDays, addMonths, type CalendarDate } from '@andes/contract/common/dates';
import type { CurveGranularity } from '@andes/contract/risk/enums';

/**
 * The periods of the chargeback curves (docs/decisions/0028): local days, ISO weeks (from Monday)
 * and months, each named by its first local date. The first and last periods of a range may be
 * partial (a range starting on a Wednesday counts that week from Wednesday); a period is still
 * named by its first date.
 */

/** 0 = Monday … 6 = Sunday (ISO) of a calendar date. */
function isoWeekday(date: CalendarDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The first date of the period holding `date`. */
export function periodOf(date: CalendarDate, granularity: CurveGranularity): CalendarDate {
  switch (granularity) {
    case 'daily':
      return date;
    case 'weekly':
      return addDays(date, -isoWeekday(date));
    case 'monthly':
      return `${date.slice(0, 7)}-01` as CalendarDate;
  }
}

/** Every period touching [from, to], in order. */
export function periodsOf(from: CalendarDate, to: CalendarDate, granularity: CurveGranularity): CalendarDate[] {
  const out: CalendarDate[] = [];
  const step = (p: CalendarDate) => (granularity === 'daily' ? addDays(p, 1) : granularity === 'weekly' ? addDays(p, 7) : addMonths(p, 1));
  for (let p = periodOf(from, granularity); p <= to; p = step(p)) out.push(p);
  return out;
}
