import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { addDays, addMonths, type CalendarDate, daysBetween, localDateOf, startOfLocalDay } from '@andes/contract/common/dates';
import type { Scope } from '../../http/auth-context.ts';
import type { TransactionFilter } from './transaction.repository.ts';

/**
 * How a list's total is counted (issue 5 item 8). A filter the daily figures can answer exactly —
 * scope, country, types, statuses, product types, sub-merchants and a created-at window — is
 * counted from them: the whole local days of the window from `daily_transaction_stats` and
 * `monthly_transaction_counts` (its sums per month, kept by triggers), and the partial days at the
 * window's edges from the transactions themselves. Any other filter is counted from the
 * transactions (capped). This file decides which; the SQL is in transaction.repository.ts.
 *
 * Exactness rests on one fact: a transaction's `created_date` (the row of the figures it counts in)
 * is `localDateOf(zone of its country, created_at)`, and `startOfLocalDay` is the first instant of
 * that date — so the rows of dates `[a, b)` are exactly those created in
 * `[startOfLocalDay(a), startOfLocalDay(b))`.
 */

/** A range of the figures, half-open: local dates `YYYY-MM-DD` (day) or months `YYYY-MM` (month), added or subtracted. */
export interface StatsRange {
  level: 'day' | 'month';
  from: string;
  to: string;
  sign: 1 | -1;
}

/** A part of the window counted from the transactions: `[from, to)`, shorter than a local day. */
export interface EdgeInterval {
  from: Date;
  to: Date;
}

export interface CountPlan {
  stats: StatsRange[];
  edges: EdgeInterval[];
}

/** The filter's conditions the figures cannot see (anything but scope, country, type, status, product type, holder, window). */
function onlyFigureConditions(f: TransactionFilter): boolean {
  return (
    f.refundStatus === undefined &&
    f.holdStatus === undefined &&
    f.amountMin === undefined &&
    f.amountMax === undefined &&
    f.uniqueId === undefined &&
    f.merchantReference === undefined &&
    f.e2eId === undefined &&
    f.document === undefined &&
    f.cardBin === undefined &&
    f.cardLast4 === undefined &&
    // Revenue assurance's drill-down filters (docs/decisions/0031) are not in the daily figures' key: counted from the rows.
    f.funnelStageMin === undefined &&
    f.cardToken === undefined &&
    f.failReason === undefined &&
    !f.paymentLink &&
    f.paymentLinkId === undefined &&
    f.storePlatform === undefined &&
    f.storeOrderId === undefined &&
    f.shopDomain === undefined
  );
}

const monthOf = (date: CalendarDate): string => date.slice(0, 7);
const firstOfMonth = (date: CalendarDate): CalendarDate => `${monthOf(date)}-01`;
const nextMonthOf = (date: CalendarDate): CalendarDate => addMonths(firstOfMonth(date), 1);

/**
 * The whole local days `[from, to)` as ranges of the figures, reading as few daily rows as it can:
 * whole months from the monthly sums, and each remaining stretch of a month either as its days,
 * or as the month minus the other days when those are fewer (the current month minus the days
 * after today reads almost nothing, since no transaction is created in the future).
 */
export function statsRangesOf(from: CalendarDate, to: CalendarDate): StatsRange[] {
  if (from >= to) return [];
  const day = (a: CalendarDate, b: CalendarDate, sign: 1 | -1): StatsRange[] => (a < b ? [{ level: 'day', from: a, to: b, sign }] : []);
  const month = (a: CalendarDate, b: CalendarDate): StatsRange[] =>
    a < b ? [{ level: 'month', from: monthOf(a), to: monthOf(b), sign: 1 }] : [];
  /** The days `[a, b)` of one month `[m, next)`: themselves, or the month minus `[m, a)` and `[b, next)`. */
  const part = (a: CalendarDate, b: CalendarDate): StatsRange[] => {
    const m = firstOfMonth(a);
    const next = nextMonthOf(a);
    const inside = daysBetween(a, b);
    const outside = daysBetween(m, a) + daysBetween(b, next);
    return inside <= outside ? day(a, b, 1) : [...month(m, next), ...day(m, a, -1), ...day(b, next, -1)];
  };
  // Month boundaries inside the range: the first at or after `from`, the last at or before `to`.
  const first = from === firstOfMonth(from) ? from : nextMonthOf(from);
  const last = firstOfMonth(to);
  if (first > last) return part(from, to);
  return merged([...part(from, first), ...month(first, last), ...part(last, to)]);
}

/** Adjacent ranges of one level and sign as one (one index range scan instead of two). */
function merged(ranges: readonly StatsRange[]): StatsRange[] {
  const out: StatsRange[] = [];
  for (const r of ranges) {
    const same = out.find((o) => o.level === r.level && o.sign === r.sign && (o.to === r.from || r.to === o.from));
    if (same === undefined) out.push({ ...r });
    else if (same.to === r.from) same.to = r.to;
    else same.from = r.from;
  }
  return out;
}

/**
 * The plan of the filter's count, or null when only the transactions can answer it (a condition the
 * figures do not have, no window — the deep query —, or a window with no whole local day).
 */
export function countPlanOf(scope: Scope, f: TransactionFilter): CountPlan | null {
  if (!onlyFigureConditions(f) || f.createdFrom === null || f.createdTo === null) return null;
  // Holder ids are the merchant's own for its own rows: a sub-merchant filter naming the merchant
  // itself means no rows among the transactions but the merchant's rows among the figures.
  if (f.subMerchantIds.includes(scope.merchantId)) return null;
  const zone = COUNTRY_INFO[f.country].timezoneName;
  const fromMs = f.createdFrom.getTime();
  const toMs = f.createdTo.getTime();
  if (!(fromMs < toMs)) return null;
  const fromDay = localDateOf(zone, fromMs);
  const firstWhole = startOfLocalDay(zone, fromDay) === fromMs ? fromDay : addDays(fromDay, 1);
  /** The day `createdTo` falls in: the whole days end where it starts. */
  const endDay = localDateOf(zone, toMs);
  if (firstWhole >= endDay) return null;
  const wholeFrom = startOfLocalDay(zone, firstWhole);
  const wholeTo = startOfLocalDay(zone, endDay);
  const edges: EdgeInterval[] = [];
  if (fromMs < wholeFrom) edges.push({ from: new Date(fromMs), to: new Date(wholeFrom) });
  if (wholeTo < toMs) edges.push({ from: new Date(wholeTo), to: new Date(toMs) });
  return { stats: statsRangesOf(firstWhole, endDay), edges };
}
