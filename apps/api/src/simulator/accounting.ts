import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import type { OfferedRequest, PlatformEventInput, ProviderTask } from '@andes/contract/platform/schemas';
import { rateOfDay, rateToScaled, scaledToRate } from './catalogue.ts';
import { HOUR, MINUTE, type PlannedEvent, REAL_TIME, SECOND, type Timing } from './lifecycle.ts';
import { dayNumberOf, localDate } from './local-time.ts';
import { Rng } from './prng.ts';

/**
 * The provider's operations team for accounting requests (docs/decisions/0027): what it answers to
 * each request the platform's claim offers — a top-up's wire verified (sometimes short of bank
 * charges, sometimes not found), an exchange rate quoted, a withdrawal sent and then completed or
 * bounced, an exchange or a sub-merchant transfer settled — and its indicative FX rates. A pure,
 * seeded model like lifecycle.ts: the outcome of a request is drawn from its number alone, so a
 * request offered again (a lease that ran out, a restarted simulator) gets the same answer under
 * the same event ids, and the ingestion API's idempotency makes the repeat harmless. Delays are
 * real-world ones, compressed by the live simulator's timing like the payouts'.
 */

/** The countries whose local currency the provider quotes against USD. */
export const FX_COUNTRIES: readonly Country[] = (Object.keys(COUNTRY_INFO) as Country[]).filter((c) => COUNTRY_INFO[c].currency !== 'USD');

/** How long a quote can be confirmed (the contract allows up to an hour). */
export const QUOTE_VALIDITY_MS = 10 * MINUTE;

/** Share of top-ups whose wire is not found (rejected), and of those verified short of bank charges. */
export const TOPUP_REJECT_SHARE = 1 / 20;
export const TOPUP_SHORT_SHARE = 1 / 10;
/** Share of withdrawals refused before sending, and of those whose transfer bounces. */
export const WITHDRAWAL_REJECT_SHARE = 1 / 40;
export const WITHDRAWAL_BOUNCE_SHARE = 1 / 15;
/** Share of offline exchanges whose USD wire is not found. */
export const OFFLINE_REJECT_SHARE = 1 / 20;
/** Share of exchanges and sub-merchant transfers that fail at settlement. */
export const SETTLE_FAIL_SHARE = 1 / 50;

const TOPUP_REJECTIONS = [
  { reason: 'No matching transfer received', weight: 6 },
  { reason: 'The transfer reference does not match the request number', weight: 2 },
  { reason: 'The proof of transfer does not show the amount', weight: 1 },
] as const;
const WITHDRAWAL_REJECTIONS = [
  { reason: 'The beneficiary name does not match the account holder', weight: 2 },
  { reason: 'The beneficiary bank is not reachable from this country', weight: 1 },
] as const;

/** Real-world delays of each step, before the timing compresses them. */
const DELAYS = {
  verify: [2 * MINUTE, 45 * MINUTE],
  quote: [20 * SECOND, 5 * MINUTE],
  transferStart: [MINUTE, 15 * MINUTE],
  transferEnd: [10 * MINUTE, HOUR],
  exchangeSettle: [5 * MINUTE, HOUR],
  subTransferSettle: [10 * SECOND, 2 * MINUTE],
} as const satisfies Record<string, readonly [number, number]>;

const iso = (ms: number) => new Date(ms).toISOString();
const between = (rng: Rng, [min, max]: readonly [number, number]) => min + Math.floor(rng.next() * (max - min + 1));

/** A rate rounded to 4 decimals, as desks quote them (scaled by 1e8). */
function roundRate(scaled: bigint): bigint {
  const unit = 10_000n; // 1e-4 in 1e-8 units
  return ((scaled + unit / 2n) / unit) * unit;
}

/**
 * The provider's indicative rates (local units per 1 USD): they start at the catalogue's rate of
 * the day and move by a small random walk, kept within ±3% of it.
 */
export class FxBook {
  private readonly base = new Map<Country, bigint>();
  private readonly current = new Map<Country, bigint>();

  constructor(
    private readonly rng: Rng,
    at: number,
  ) {
    for (const country of FX_COUNTRIES) {
      const day = dayNumberOf(localDate(COUNTRY_INFO[country].timezoneName, at));
      const scaled = rateToScaled(rateOfDay(country, day));
      this.base.set(country, scaled);
      this.current.set(country, roundRate(scaled));
    }
  }

  /** Moves every rate by a step of the walk (σ 0.08%). */
  step(): void {
    for (const country of FX_COUNTRIES) {
      const base = this.base.get(country) ?? 1n;
      const now = this.current.get(country) ?? base;
      const bps = BigInt(Math.round(this.rng.normal() * 8));
      let next = (now * (10_000n + bps)) / 10_000n;
      const low = (base * 9_700n) / 10_000n;
      const high = (base * 10_300n) / 10_000n;
      if (next < low) next = low;
      if (next > high) next = high;
      this.current.set(country, roundRate(next));
    }
  }

  /** The indicative rate of a country's currency, like `5.0512`. */
  rateOf(country: Country): string {
    const scaled = this.current.get(country);
    return scaled === undefined ? '1' : scaledToRate(scaled);
  }

  /** One `fx.rate_published` per currency, at `at` (ids from the run's tag and the time: a restart never reuses one). */
  publish(merchantCode: string, tag: string, at: number): PlannedEvent[] {
    return FX_COUNTRIES.map((country) => {
      const currency: Currency = COUNTRY_INFO[country].currency;
      const event: PlatformEventInput = {
        eventId: `FX-${currency}-${tag}-${at.toString(36).toUpperCase()}`,
        type: 'fx.rate_published',
        occurredAt: iso(at),
        merchantCode,
        data: { currency, rate: this.rateOf(country) },
      };
      return { at, event };
    });
  }
}

/**
 * A quote against the merchant by a small spread (0.3–0.8%): selling USD buys fewer local units
 * per dollar, buying USD costs more of them.
 */
export function quotedRate(indicative: string, sellIsUsd: boolean, rng: Rng): string {
  const spreadBps = BigInt(between(rng, [30, 80]));
  const scaled = rateToScaled(indicative);
  const quoted = sellIsUsd ? (scaled * (10_000n - spreadBps)) / 10_000n : (scaled * (10_000n + spreadBps)) / 10_000n;
  return scaledToRate(roundRate(quoted));
}

/** What the model decides for a request, from its number alone. */
interface Decision {
  rng: Rng;
  draw: number;
}

function decisionOf(offer: OfferedRequest, step: string): Decision {
  const rng = new Rng(`request#${offer.requestNo}#${step}`);
  return { rng, draw: rng.next() };
}

/** A top-up wire whose arrival cost bank charges: 0.1–1.5% of it, at least one cent, never all of it. */
function bankCharges(rng: Rng, amount: number): number {
  const charge = Math.max(1, Math.round((amount * between(rng, [10, 150])) / 10_000));
  return Math.min(charge, amount - 1);
}

export interface RequestAnswerInput {
  offer: OfferedRequest;
  /** When the claim took it (epoch ms). */
  at: number;
  /** The indicative rate of a country now (local per 1 USD). */
  rateOf: (country: Country) => string;
  timing?: Timing;
}

/**
 * The provider's answer to an offered request: its events in time order. TRANSFER gives the
 * transfer's start and then its end (the end is also what a later SETTLE of the same withdrawal
 * answers, under the same id); every other task one event. An unknown task or kind answers
 * nothing (the request stays with the platform).
 */
export function planRequestAnswer(input: RequestAnswerInput): PlannedEvent[] {
  const { offer } = input;
  const timing = input.timing ?? REAL_TIME;
  const merchantCode = offer.merchantCode;
  const requestNo = offer.requestNo;
  const after = (from: number, range: readonly [number, number], rng: Rng) => from + Math.max(1, timing.compress(between(rng, range)));
  const planned = (at: number, id: string, event: DistributiveOmit<PlatformEventInput, 'eventId' | 'occurredAt' | 'merchantCode'>) => ({
    at,
    event: { ...event, eventId: `${requestNo}.${id}`, occurredAt: iso(at), merchantCode } as PlatformEventInput,
  });

  const withdrawalEnd = (from: number): PlannedEvent => {
    const d = decisionOf(offer, 'transfer-end');
    const at = after(from, DELAYS.transferEnd, d.rng);
    if (d.draw < WITHDRAWAL_BOUNCE_SHARE) {
      return planned(at, 'transfer_failed', { type: 'request.transfer_failed', data: { requestNo, reason: 'Beneficiary account closed' } });
    }
    return planned(at, 'completed', { type: 'request.completed', data: { requestNo, transferTime: iso(from) } });
  };

  const task: ProviderTask = offer.task;
  switch (task) {
    case 'VERIFY': {
      const d = decisionOf(offer, 'verify');
      const at = after(input.at, DELAYS.verify, d.rng);
      if (d.draw < TOPUP_REJECT_SHARE) {
        return [
          planned(at, 'rejected', { type: 'request.rejected', data: { requestNo, reason: d.rng.weighted(TOPUP_REJECTIONS).reason } }),
        ];
      }
      const short = d.draw < TOPUP_REJECT_SHARE + TOPUP_SHORT_SHARE && offer.requestAmount > 1;
      const verifiedAmount = short ? offer.requestAmount - bankCharges(d.rng, offer.requestAmount) : offer.requestAmount;
      return [planned(at, 'verified', { type: 'request.verified', data: { requestNo, verifiedAmount } })];
    }
    case 'QUOTE': {
      // A quote may be asked again after the last one expired: each has an id of its own.
      const rng = new Rng(`request#${requestNo}#quote#${input.at}`);
      const at = after(input.at, DELAYS.quote, rng);
      if (offer.mode === 'OFFLINE' && decisionOf(offer, 'offline').draw < OFFLINE_REJECT_SHARE) {
        return [planned(at, 'rejected', { type: 'request.rejected', data: { requestNo, reason: 'No matching transfer received' } })];
      }
      const sellIsUsd = offer.sellCurrency === 'USD' || (offer.sellCurrency === null && offer.mode !== 'PAY_IN');
      const rate = quotedRate(input.rateOf(offer.country), sellIsUsd, rng);
      return [
        planned(at, `quote.${input.at.toString(36)}`, {
          type: 'request.rate_quoted',
          data: { requestNo, rate, expiresAt: iso(at + QUOTE_VALIDITY_MS) },
        }),
      ];
    }
    case 'TRANSFER': {
      const d = decisionOf(offer, 'transfer-start');
      const at = after(input.at, DELAYS.transferStart, d.rng);
      if (d.draw < WITHDRAWAL_REJECT_SHARE) {
        return [
          planned(at, 'rejected', { type: 'request.rejected', data: { requestNo, reason: d.rng.weighted(WITHDRAWAL_REJECTIONS).reason } }),
        ];
      }
      return [planned(at, 'transfer_started', { type: 'request.transfer_started', data: { requestNo } }), withdrawalEnd(at)];
    }
    case 'SETTLE': {
      if (offer.kind === 'WITHDRAWAL') return [withdrawalEnd(input.at)];
      const d = decisionOf(offer, 'settle');
      const at = after(input.at, offer.kind === 'SUB_TRANSFER' ? DELAYS.subTransferSettle : DELAYS.exchangeSettle, d.rng);
      if (d.draw < SETTLE_FAIL_SHARE) {
        const reason = offer.kind === 'EXCHANGE' ? 'The counterparty bank did not settle the exchange' : 'Internal transfer failed';
        return [planned(at, 'failed', { type: 'request.failed', data: { requestNo, reason } })];
      }
      return [planned(at, 'completed', { type: 'request.completed', data: { requestNo } })];
    }
    default:
      return [];
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
