import { ResultCode } from '@andes/contract/common/envelope';
import type { EventAck, PlatformEventInput } from '@andes/contract/platform/schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { dailyStatsAndRecount, postingCount, sendEvent, withPlatformToken } from './support.ts';

/**
 * Property: whatever sequence of platform events arrives — pay-ins created, progressing,
 * settling, failing; refunds, chargebacks, holds and unholds; payouts and their outcomes; global
 * top-ups and transfers; release runs with a moving clock — delivered in time order but with
 * swaps, repeats and concurrent batches, after every step:
 *   - ledger-check finds nothing (every entry balances per currency, every maintained bucket
 *     equals its postings, AVAILABLE and OWED never both non-zero, PENDING equals the scheduled
 *     releases, ON_HOLD the held amounts);
 *   - no merchant or global bucket is negative (AVAILABLE ≥ 0 in particular);
 *   - every answer is a success or a clean refusal (CONFLICT, INSUFFICIENT_BALANCE), never a 500;
 *   - a repeated event id answers `duplicate` with the outcome it got before, and moves nothing;
 * and after each sequence the daily figures equal a recount of the transactions and all
 * postings sum to zero per currency. One database serves every run (fresh ids per run).
 */

const START = new Date('2026-01-05T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NUM_RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 30);

/** Where money moves in the scenarios: two merchants, a sub-merchant, two countries. */
const HOLDERS = [
  { merchantCode: 'ANDES-DEMO', sub: undefined, country: 'BR', currency: 'BRL', productType: 'PIX' },
  { merchantCode: 'ANDES-DEMO', sub: 'ANDES-DEMO-BR', country: 'BR', currency: 'BRL', productType: 'PIX' },
  { merchantCode: 'CONDOR', sub: undefined, country: 'MX', currency: 'MXN', productType: 'SPEI' },
] as const;
const MERCHANTS = [
  { code: 'ANDES-DEMO', country: 'BR' },
  { code: 'CONDOR', country: 'MX' },
] as const;

// ---- intents: what happens, before it becomes events -------------------------------------------

type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

const percent = fc.integer({ min: 1, max: 100 });

const payinIntent = fc.record({
  kind: fc.constant('payin' as const),
  holder: fc.integer({ min: 0, max: HOLDERS.length - 1 }),
  amount: fc.integer({ min: 100, max: 400_000 }),
  progress: fc.boolean(),
  fate: fc.constantFrom('settle', 'settle', 'settle', 'fail', 'expire', 'open'),
  feeBp: fc.integer({ min: 0, max: 500 }),
  vatPct: fc.constantFrom(0, 16, 19),
  depositPct: fc.constantFrom(0, 0, 5, 10),
  delayHours: fc.constantFrom(0, 1, 24, 72),
  depositDelayHours: fc.constantFrom(48, 240),
  after: fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('refund' as const), pct: percent }),
      fc.record({ kind: fc.constant('chargeback' as const), pct: percent, fee: fc.integer({ min: 0, max: 3_000 }) }),
      fc.constant({ kind: 'hold' as const }),
      fc.constant({ kind: 'unhold' as const }),
      fc.constant({ kind: 'late-settle' as const }),
    ),
    { maxLength: 3 },
  ),
});

const payoutIntent = fc.record({
  kind: fc.constant('payout' as const),
  holder: fc.integer({ min: 0, max: HOLDERS.length - 1 }),
  marketplace: fc.boolean(),
  amount: fc.integer({ min: 100, max: 300_000 }),
  progress: fc.boolean(),
  fate: fc.constantFrom('SETTLED', 'SETTLED', 'FAILED', 'REJECTED', 'CANCELLED', 'open'),
  fee: fc.integer({ min: 0, max: 2_000 }),
  vat: fc.integer({ min: 0, max: 300 }),
});

const globalIntent = fc.record({
  kind: fc.constant('global' as const),
  op: fc.constantFrom('topup' as const, 'transfer' as const),
  merchant: fc.integer({ min: 0, max: MERCHANTS.length - 1 }),
  amount: fc.integer({ min: 100, max: 200_000 }),
  marketplace: fc.boolean(),
  rate: fc.integer({ min: 1, max: 25 }),
});

type Intent = ArbValue<typeof payinIntent> | ArbValue<typeof payoutIntent> | ArbValue<typeof globalIntent>;

const scenario = fc.record({
  intents: fc.array(
    fc.oneof({ weight: 5, arbitrary: payinIntent }, { weight: 3, arbitrary: payoutIntent }, { weight: 2, arbitrary: globalIntent }),
    {
      minLength: 8,
      maxLength: 18,
    },
  ),
  swaps: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })), { maxLength: 8 }),
  repeats: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 6 })), { maxLength: 6 }),
  releases: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 72 })), { minLength: 1, maxLength: 5 }),
  batches: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 2, max: 4 })), { maxLength: 4 }),
});
type Scenario = ArbValue<typeof scenario>;

// ---- from intents to a delivery plan ------------------------------------------------------------

type Step = { kind: 'event'; event: PlatformEventInput } | { kind: 'release'; hours: number };

function eventsOf(intents: readonly Intent[], run: number): PlatformEventInput[] {
  const out: { at: number; event: PlatformEventInput }[] = [];
  let n = 0;
  const id = (what: string) => {
    n += 1;
    return `r${run}-${what}-${n}`;
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  intents.forEach((intent, i) => {
    const t0 = START.getTime() + run * 30 * 24 * HOUR + i * 20 * MINUTE;
    let minute = 0;
    const at = () => {
      minute += 1;
      return t0 + minute * MINUTE;
    };
    const push = (ms: number, merchantCode: string, rest: Record<string, unknown>) =>
      out.push({ at: ms, event: { eventId: id('ev'), occurredAt: iso(ms), merchantCode, ...rest } as PlatformEventInput });

    if (intent.kind === 'global') {
      const m = MERCHANTS[intent.merchant] as (typeof MERCHANTS)[number];
      if (intent.op === 'topup') {
        push(at(), m.code, { type: 'global.topped_up', data: { reference: id('ref'), amount: intent.amount } });
      } else {
        push(at(), m.code, {
          type: 'global.transferred_out',
          data: {
            reference: id('ref'),
            amount: intent.amount,
            targetCountry: m.country,
            targetAccountType: intent.marketplace ? 'MARKET_PLACE' : 'PAY_OUT',
            targetAmount: intent.amount * intent.rate,
            exchangeRate: `${intent.rate}.0`,
          },
        });
      }
      return;
    }
    const h = HOLDERS[intent.holder] as (typeof HOLDERS)[number];
    const uniqueId = id(intent.kind);
    const created = {
      type: 'transaction.created',
      data: {
        uniqueId,
        merchantReference: `ref-${uniqueId}`,
        ...(h.sub ? { subMerchantCode: h.sub } : {}),
        transactionType: intent.kind === 'payin' ? 'PAY_IN' : intent.marketplace ? 'MARKET_PLACE_ORDERS' : 'PAY_OUT',
        status: 'CREATED',
        country: h.country,
        currency: h.currency,
        productType: h.productType,
        amount: intent.amount,
      },
    };
    push(at(), h.merchantCode, created);
    if (intent.kind === 'payout') {
      if (intent.progress) push(at(), h.merchantCode, { type: 'payout.status_changed', data: { uniqueId, status: 'IN_PROGRESS' } });
      if (intent.fate !== 'open') {
        const money = intent.fate === 'SETTLED' ? { fee: intent.fee, vat: intent.vat } : {};
        push(at(), h.merchantCode, { type: 'payout.status_changed', data: { uniqueId, status: intent.fate, ...money } });
      }
      return;
    }
    if (intent.progress) push(at(), h.merchantCode, { type: 'transaction.status_changed', data: { uniqueId, status: 'IN_PROGRESS' } });
    const fee = Math.floor((intent.amount * intent.feeBp) / 10_000);
    const vat = Math.floor((fee * intent.vatPct) / 100);
    const deposit = Math.floor(((intent.amount - fee - vat) * intent.depositPct) / 100);
    const settledEvent = (ms: number) => ({
      type: 'transaction.settled',
      data: {
        uniqueId,
        fee,
        vat,
        availableAt: iso(ms + intent.delayHours * HOUR),
        deposit,
        ...(deposit > 0 ? { depositReleaseAt: iso(ms + intent.depositDelayHours * HOUR) } : {}),
      },
    });
    if (intent.fate === 'settle') {
      const ms = at();
      push(ms, h.merchantCode, settledEvent(ms));
    } else if (intent.fate !== 'open') {
      push(at(), h.merchantCode, {
        type: 'transaction.status_changed',
        data: { uniqueId, status: intent.fate === 'fail' ? 'FAILED' : 'EXPIRED' },
      });
    }
    for (const a of intent.after) {
      const share = (pct: number) => Math.max(1, Math.floor((intent.amount * pct) / 100));
      if (a.kind === 'refund')
        push(at(), h.merchantCode, { type: 'transaction.refunded', data: { uniqueId, refundId: id('rf'), amount: share(a.pct) } });
      if (a.kind === 'chargeback') {
        push(at(), h.merchantCode, {
          type: 'transaction.charged_back',
          data: { uniqueId, chargebackId: id('cb'), amount: share(a.pct), fee: a.fee, reason: 'Disputed by the cardholder' },
        });
      }
      if (a.kind === 'hold') push(at(), h.merchantCode, { type: 'transaction.held', data: { uniqueId } });
      if (a.kind === 'unhold') push(at(), h.merchantCode, { type: 'transaction.unheld', data: { uniqueId } });
      if (a.kind === 'late-settle') {
        const ms = at();
        push(ms, h.merchantCode, settledEvent(ms));
      }
    }
  });
  return out.sort((a, b) => a.at - b.at).map((o) => o.event);
}

/** Time order, then swaps, repeats (same id, same payload) and release runs; batches group steps. */
function planOf(s: Scenario, run: number): Step[][] {
  const steps: Step[] = eventsOf(s.intents, run).map((event) => ({ kind: 'event', event }));
  const n = steps.length;
  for (const [i, d] of s.swaps) {
    const a = i % n;
    const b = Math.min(n - 1, a + d);
    [steps[a], steps[b]] = [steps[b] as Step, steps[a] as Step];
  }
  for (const [i, later] of s.repeats) {
    const source = steps[i % steps.length] as Step;
    steps.splice(Math.min(steps.length, (i % steps.length) + 1 + later), 0, source);
  }
  for (const [i, hours] of s.releases) steps.splice(i % (steps.length + 1), 0, { kind: 'release', hours });
  const groups: Step[][] = steps.map((step) => [step]);
  for (const [i, size] of s.batches) {
    const at = i % groups.length;
    const merged = groups.splice(at, size).flat();
    groups.splice(at, 0, merged);
  }
  return groups;
}

// ---- the property ------------------------------------------------------------------------------

let t: TestApp;
let runs = 0;
let eventsSent = 0;
let releaseRuns = 0;
let concurrentBatches = 0;
const outcomes = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START) });
  await withPlatformToken(t.db);
});
afterAll(async () => {
  await t?.close();
  // biome-ignore lint/suspicious/noConsole: the figures of the property run, quoted in the closing notes (runs, events, outcomes)
  console.info(
    `ledger property: ${runs} runs, ${eventsSent} events sent, ${releaseRuns} release runs, ${concurrentBatches} concurrent batches; answers ${JSON.stringify(Object.fromEntries(outcomes))}`,
  );
});

async function negativeBuckets(): Promise<number> {
  const result = (await t.db.execute(
    sql`select count(*)::int8 as n from accounts where kind <> 'SYSTEM'
        and (available < 0 or pending < 0 or on_hold < 0 or reserved < 0 or deposit_held < 0 or owed > 0)`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

async function currencyTotals(): Promise<{ currency: string; total: number }[]> {
  const result = (await t.db.execute(
    sql`select currency, sum(amount)::int8 as total from ledger_postings group by currency having sum(amount) <> 0`,
  )) as unknown as { rows: { currency: string; total: number }[] };
  return result.rows;
}

test('after every step of random event sequences the ledger balances, buckets equal postings, and nothing is overdrawn', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      runs += 1;
      const run = runs;
      const seen = new Map<string, { outcome: string; answer: EventAck }>();
      let virtualNow = START.getTime() + run * 30 * 24 * HOUR;
      for (const group of planOf(s, run)) {
        if (group.length > 1) concurrentBatches += 1;
        const postingsBefore = await postingCount(t.db);
        const answers = await Promise.all(
          group.map(async (step) => {
            if (step.kind === 'release') {
              releaseRuns += 1;
              virtualNow += step.hours * HOUR;
              await releaseDue(t.db, () => new Date(virtualNow));
              return null;
            }
            eventsSent += 1;
            return { step, res: await sendEvent(t.app, step.event), wasSeen: seen.get(step.event.eventId) };
          }),
        );
        let onlyRepeats = true;
        for (const a of answers) {
          if (a === null) {
            onlyRepeats = false;
            continue;
          }
          const { res, step, wasSeen } = a;
          const label = res.code === ResultCode.OK ? `${res.data.outcome}${res.data.duplicate ? '(dup)' : ''}` : String(res.code);
          outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
          expect([ResultCode.OK, ResultCode.CONFLICT, ResultCode.INSUFFICIENT_BALANCE], `${res.code} ${res.msg}`).toContain(res.code);
          if (res.code !== ResultCode.OK) {
            onlyRepeats = false;
            continue;
          }
          if (wasSeen && wasSeen.outcome !== 'PARKED') {
            // A repeat of an answered id: the same answer (a pay-in's risk decision included), flagged duplicate.
            expect(res.data).toEqual({ ...wasSeen.answer, duplicate: true });
          } else {
            onlyRepeats = false;
          }
          seen.set(step.event.eventId, { outcome: res.data.outcome, answer: res.data });
        }
        if (onlyRepeats) expect(await postingCount(t.db)).toBe(postingsBefore);
        expect(await checkLedger(t.db)).toEqual([]);
        expect(await negativeBuckets()).toBe(0);
      }
      expect(await currencyTotals()).toEqual([]);
      const { table, recount } = await dailyStatsAndRecount(t.db);
      expect(table).toEqual(recount);
    }),
    { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
  );
}, 600_000);
