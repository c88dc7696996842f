import type { AccountType } from '@andes/contract/account/enums';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, type CalendarDate } from '@andes/contract/common/dates';
import { CATALOGUE, payoutFeeOf } from './catalogue.ts';
import { type Allocation, DAY, HOUR, type PlannedEvent, planFunding, planTransaction, type TransactionPlan } from './lifecycle.ts';
import { localDate, localDayStart, weekdayOf } from './local-time.ts';
import { DEFAULT_TARGETS, type SimTarget, streamsOf } from './merchants.ts';
import { Rng } from './prng.ts';

/**
 * The demo history's timeline: which transactions happen when over the last months, with the
 * week's rhythm (quiet Sundays, busy Fridays), the day's (little at night, peaks at lunch and in
 * the evening), pay-day bumps and steady growth; then each one's life from lifecycle.ts, and the
 * treasury fundings that keep the payout accounts able to pay. Pure and seeded.
 */

export interface HistoryPlanInput {
  /** Transactions to create (pay-ins, payouts, marketplace orders; refunds and chargebacks come on top). */
  transactions: number;
  /** The history ends here (epoch ms). */
  now: number;
  seed: string;
  /** Days of history (default 182, about six months). */
  days?: number;
  targets?: readonly SimTarget[];
}

export interface HistoryPlan {
  plans: TransactionPlan[];
  funding: PlannedEvent[];
}

/** Relative traffic by local hour, 0–23. */
const HOURLY = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.55, 0.85, 1.0, 1.1, 1.2, 1.25, 1.2, 1.1, 1.05, 1.05, 1.1, 1.2, 1.3, 1.35, 1.2, 0.9, 0.5,
];
/** Relative traffic by weekday, Sunday first. */
const WEEKDAY = [0.7, 1.0, 1.02, 1.0, 1.03, 1.1, 0.85];

function dayWeight(date: CalendarDate, index: number, days: number): number {
  // Growth from 55% to 100% over the period; pay days (1st, 15th, last days) a little busier.
  const growth = 0.55 + (0.45 * index) / Math.max(1, days - 1);
  const dom = Number(date.slice(8, 10));
  const payday = dom === 1 || dom === 2 || dom === 15 || dom === 16 || dom >= 30 ? 1.15 : 1;
  return growth * (WEEKDAY[weekdayOf(date)] ?? 1) * payday;
}

function cumulative(weights: readonly number[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w;
    out.push(sum);
  }
  return out;
}

function pickIndex(rng: Rng, cum: readonly number[]): number {
  const total = cum[cum.length - 1] ?? 0;
  const r = rng.next() * total;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] ?? 0) > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const HOURLY_CUM = cumulative(HOURLY);

/**
 * Draws creation times over the `days` local days ending at `now` in a country's zone, with the
 * weekly and daily rhythm and the growth of planHistory.
 */
export function timelineSampler(country: Country, now: number, days: number): (rng: Rng) => number {
  const tz = COUNTRY_INFO[country].timezoneName;
  const today = localDate(tz, now);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  const cum = cumulative(dates.map((d, i) => dayWeight(d, i, days)));
  const start = now - days * DAY;
  return (rng) => {
    for (let tries = 0; tries < 20; tries += 1) {
      const date = dates[pickIndex(rng, cum)] ?? today;
      const at = localDayStart(tz, date) + pickIndex(rng, HOURLY_CUM) * HOUR + Math.floor(rng.next() * HOUR);
      if (at <= now && at >= start) return at;
    }
    return now - Math.floor(rng.next() * HOUR);
  };
}

/** Plans the history: transactions spread over the period, then the fundings their payouts need. */
export function planHistory(input: HistoryPlanInput): HistoryPlan {
  const days = input.days ?? 182;
  const rng = new Rng(`${input.seed}/timeline`);
  const streams = streamsOf(input.targets ?? DEFAULT_TARGETS);
  const samplers = streams.map((stream) => timelineSampler(stream.holder.country, input.now, days));
  // Streams carry their own shares; days within a stream by their calendar weights.
  const streamCum = cumulative(streams.map((s) => s.weight));
  const start = input.now - days * DAY;

  const plans: TransactionPlan[] = [];
  for (let index = 0; index < input.transactions; index += 1) {
    const i = pickIndex(rng, streamCum);
    const stream = streams[i];
    const sampler = samplers[i];
    if (!stream || !sampler) continue;
    const at = sampler(rng);
    const kind = rng.weighted(stream.kinds).kind;
    plans.push(planTransaction({ seed: input.seed, index, holder: stream.holder, kind, at }));
  }
  return { plans, funding: planHistoryFunding(plans, input, start) };
}

/**
 * Twice a week (and once before the first day) each merchant wires dollars to its global account
 * and sends them on to the accounts that pay out, sized on what they will pay until the next
 * funding plus a margin for fees. About one funding in 25 is late (skipped), so a few payouts
 * meet an empty account and are rejected, as in life.
 */
function planHistoryFunding(plans: readonly TransactionPlan[], input: HistoryPlanInput, start: number): PlannedEvent[] {
  const rng = new Rng(`${input.seed}/funding`);
  const period = 3.5 * DAY;
  const periods = Math.ceil((input.now - start) / period) + 1;
  // needs[merchant][period]["country|accountType"] = local cents
  const needs = new Map<string, Map<number, Map<string, number>>>();
  for (const plan of plans) {
    if (plan.kind === 'payin' || plan.holder.subMerchantCode) continue;
    const at = plan.events[0]?.at ?? start;
    const p = Math.max(0, Math.floor((at - start) / period));
    const accountType: AccountType = plan.kind === 'payout' ? 'PAY_OUT' : 'MARKET_PLACE';
    const product = CATALOGUE[plan.holder.country].payouts.find((x) => x.productType === plan.productType);
    const fee =
      plan.kind === 'payout' && product ? payoutFeeOf(plan.amount, product.fee, CATALOGUE[plan.holder.country].vatBps) : { fee: 0, vat: 0 };
    const byPeriod = needs.get(plan.holder.merchantCode) ?? new Map<number, Map<string, number>>();
    needs.set(plan.holder.merchantCode, byPeriod);
    const key = `${plan.holder.country}|${accountType}`;
    const bucket = byPeriod.get(p) ?? new Map<string, number>();
    byPeriod.set(p, bucket);
    bucket.set(key, (bucket.get(key) ?? 0) + plan.amount + fee.fee + fee.vat);
  }
  const events: PlannedEvent[] = [];
  for (const [merchantCode, byPeriod] of needs) {
    for (let p = 0; p < periods; p += 1) {
      const need = byPeriod.get(p);
      if (!need || (p > 0 && rng.chance(0.04))) continue;
      const at = start + p * period - HOUR;
      if (at > input.now) continue;
      const allocations: Allocation[] = [...need].map(([key, amount]) => {
        const [country, accountType] = key.split('|') as [Allocation['country'], AccountType];
        return { country, accountType, amount: Math.ceil((amount * 115) / 100) };
      });
      events.push(...planFunding({ seed: input.seed, merchantCode, at, allocations }));
    }
  }
  return events;
}
