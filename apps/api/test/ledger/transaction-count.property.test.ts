import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, startOfLocalDay } from '@andes/contract/common/dates';
import type { ProductType, TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Scope } from '../../src/http/auth-context.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import {
  countTransactions,
  countTransactionsDirect,
  type TransactionFilter,
} from '../../src/modules/transaction/transaction.repository.ts';
import { countPlanOf } from '../../src/modules/transaction/transaction-count.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { dailyStatsAndRecount, merchantId, sendEvent, withPlatformToken } from './support.ts';

/**
 * Property: after random event sequences — pay-ins and payouts created, progressing, settling,
 * failing, expiring; refunds and chargebacks (rows of their own, on later days) — placed on and
 * around local midnights in three zones (São Paulo −3, Mexico City −6, Santiago −3/−4 with the
 * daylight-saving change of 5 April 2026) over three calendar months, the lists' total counted from
 * the daily figures (whole local days, whole months, partial edge days) equals the direct capped
 * count of the transactions, for random scopes, countries, types, statuses, product types,
 * sub-merchants and windows — whole days, partial days, across months — with the real cap and a
 * tiny one. And the monthly sums equal the daily figures, which equal a recount of the rows.
 */

const NOW = new Date('2026-04-20T15:00:00.000Z');
/** The first local day events fall on; they reach 88 days on (2026-04-19). */
const FIRST_DAY = '2026-01-21';
const DAYS = 89;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NUM_RUNS = Number(process.env.COUNT_PROPERTY_RUNS ?? 12);
const FILTERS_PER_RUN = 30;

/** Who collects where (the demo set-up): holder code, its merchant, countries and the product types used. */
const HOLDERS = [
  { merchantCode: 'ANDES-DEMO', sub: undefined, country: 'BR' },
  { merchantCode: 'ANDES-DEMO', sub: 'ANDES-DEMO-BR', country: 'BR' },
  { merchantCode: 'ANDES-DEMO', sub: 'ANDES-DEMO-BR', country: 'MX' },
  { merchantCode: 'ANDES-DEMO', sub: undefined, country: 'MX' },
  { merchantCode: 'ANDES-DEMO', sub: undefined, country: 'CL' },
  { merchantCode: 'ANDES-DEMO', sub: 'ANDES-DEMO-CO', country: 'CL' },
  { merchantCode: 'CONDOR', sub: undefined, country: 'MX' },
] as const;
const COUNTRIES = ['BR', 'MX', 'CL'] as const satisfies readonly Country[];
const PRODUCTS: Record<(typeof COUNTRIES)[number], readonly ProductType[]> = {
  BR: ['PIX', 'BOLETO', 'CARD'],
  MX: ['SPEI', 'OXXO', 'CARD'],
  CL: ['CL_BANK_TRANSFER', 'WEB_PAY', 'CARD'],
};
const TYPES = ['PAY_IN', 'REFUND', 'CHARGE_BACK', 'PAY_OUT', 'MARKET_PLACE_ORDERS'] as const satisfies readonly TransactionType[];
const STATUSES = [
  'CREATED',
  'IN_PROGRESS',
  'SETTLED',
  'FAILED',
  'EXPIRED',
  'REFUNDED',
  'CHARGED_BACK',
  'REJECTED',
  'CANCELLED',
] as const satisfies readonly TransactionStatus[];

type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** Where in a local day an instant falls: at midnight, just around it, or anywhere. */
const timeOfDay = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 1, -1, MINUTE, -MINUTE, 1_000, -1_000) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 24 * HOUR - 1 }) },
);
const day = fc.integer({ min: 0, max: DAYS - 1 });

/** An instant of local day `d` (offset from FIRST_DAY) in the zone, shifted by `offset` ms from its start. */
const instantOf = (country: Country, d: number, offset: number) =>
  startOfLocalDay(COUNTRY_INFO[country].timezoneName, addDays(FIRST_DAY, d)) + offset;

const payin = fc.record({
  kind: fc.constant('payin' as const),
  holder: fc.nat({ max: HOLDERS.length - 1 }),
  product: fc.nat({ max: 2 }),
  day,
  at: timeOfDay,
  amount: fc.integer({ min: 1_000, max: 90_000 }),
  progress: fc.boolean(),
  fate: fc.constantFrom('settle', 'settle', 'fail', 'expire', 'open'),
  after: fc.array(
    fc.record({
      kind: fc.constantFrom('refund' as const, 'chargeback' as const),
      pct: fc.integer({ min: 10, max: 100 }),
      days: fc.integer({ min: 0, max: 40 }),
      at: timeOfDay,
    }),
    { maxLength: 2 },
  ),
});
const payout = fc.record({
  kind: fc.constant('payout' as const),
  holder: fc.nat({ max: HOLDERS.length - 1 }),
  marketplace: fc.boolean(),
  day,
  at: timeOfDay,
  amount: fc.integer({ min: 100, max: 5_000 }),
  fate: fc.constantFrom('SETTLED', 'FAILED', 'CANCELLED', 'open'),
});
type Intent = ArbValue<typeof payin> | ArbValue<typeof payout>;

/**
 * The events of the intents in two phases: what happens to each transaction up to its settlement
 * (then releases run, so refunds find the money available), and the refunds and chargebacks.
 */
function eventsOf(intents: readonly Intent[], run: number): { first: PlatformEventInput[]; later: PlatformEventInput[] } {
  const first: PlatformEventInput[] = [];
  const later: PlatformEventInput[] = [];
  let n = 0;
  const id = (what: string) => {
    n += 1;
    return `cnt${run}-${what}-${n}`;
  };
  const event = (ms: number, merchantCode: string, rest: Record<string, unknown>) =>
    ({ eventId: id('ev'), occurredAt: new Date(ms).toISOString(), merchantCode, ...rest }) as PlatformEventInput;
  for (const intent of intents) {
    const h = HOLDERS[intent.holder] as (typeof HOLDERS)[number];
    const country = h.country;
    const t0 = instantOf(country, intent.day, intent.at);
    const uniqueId = id(intent.kind);
    const productType =
      intent.kind === 'payin' ? (PRODUCTS[country][intent.product] as ProductType) : (PRODUCTS[country][0] as ProductType);
    first.push(
      event(t0, h.merchantCode, {
        type: 'transaction.created',
        data: {
          uniqueId,
          merchantReference: `ref-${uniqueId}`,
          ...(h.sub ? { subMerchantCode: h.sub } : {}),
          transactionType: intent.kind === 'payin' ? 'PAY_IN' : intent.marketplace ? 'MARKET_PLACE_ORDERS' : 'PAY_OUT',
          status: 'CREATED',
          country,
          currency: COUNTRY_INFO[country].currency,
          productType,
          amount: intent.amount,
          ...(intent.kind === 'payout'
            ? { beneficiary: { name: 'Beatriz Souza', document: '12345678901', pixKey: 'b@example.com', pixKeyType: 'EMAIL' } }
            : {}),
        },
      }),
    );
    if (intent.kind === 'payout') {
      if (intent.fate !== 'open') {
        first.push(event(t0 + MINUTE, h.merchantCode, { type: 'payout.status_changed', data: { uniqueId, status: intent.fate } }));
      }
      continue;
    }
    if (intent.progress) {
      first.push(event(t0 + MINUTE, h.merchantCode, { type: 'transaction.status_changed', data: { uniqueId, status: 'IN_PROGRESS' } }));
    }
    if (intent.fate === 'settle') {
      const at = t0 + 2 * MINUTE;
      first.push(
        event(at, h.merchantCode, {
          type: 'transaction.settled',
          data: { uniqueId, fee: 100, vat: 0, availableAt: new Date(at + HOUR).toISOString(), deposit: 0 },
        }),
      );
    } else if (intent.fate !== 'open') {
      first.push(
        event(t0 + 2 * MINUTE, h.merchantCode, {
          type: 'transaction.status_changed',
          data: { uniqueId, status: intent.fate === 'fail' ? 'FAILED' : 'EXPIRED' },
        }),
      );
    }
    for (const a of intent.after) {
      // On a later local day (possibly past the last one: such rows are outside every window but the widest).
      const at = instantOf(country, Math.min(DAYS - 1, intent.day + a.days), a.at) + (a.days === 0 ? 3 * MINUTE : 0);
      const amount = Math.max(1, Math.floor((intent.amount * a.pct) / 200));
      later.push(
        a.kind === 'refund'
          ? event(at, h.merchantCode, { type: 'transaction.refunded', data: { uniqueId, refundId: id('rf'), amount } })
          : event(at, h.merchantCode, {
              type: 'transaction.charged_back',
              data: { uniqueId, chargebackId: id('cb'), amount, fee: 0, reason: 'Disputed by the cardholder' },
            }),
      );
    }
  }
  return { first, later };
}

const scenario = fc.array(fc.oneof({ weight: 4, arbitrary: payin }, { weight: 1, arbitrary: payout }), { minLength: 10, maxLength: 24 });

/** A window edge: a local day and where in it (the day's start, around it, or anywhere). */
const edge = fc.record({
  day: fc.integer({ min: -3, max: DAYS + 2 }),
  at: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: timeOfDay }),
});
const filterArb = fc.record({
  scope: fc.nat({ max: 3 }),
  country: fc.constantFrom(...COUNTRIES),
  types: fc.subarray([...TYPES], { minLength: 1 }),
  statuses: fc.oneof(fc.constant([] as TransactionStatus[]), fc.subarray([...STATUSES], { minLength: 1 })),
  products: fc.oneof(fc.constant([] as number[]), fc.subarray([0, 1, 2], { minLength: 1 })),
  subs: fc.oneof({ weight: 3, arbitrary: fc.constant([] as number[]) }, { weight: 1, arbitrary: fc.subarray([0, 1], { minLength: 1 }) }),
  from: edge,
  to: edge,
});

let t: TestApp;
let ids: { demo: number; condor: number; subBr: number; subCo: number };
const tally = { runs: 0, events: 0, refused: 0, compared: 0, fromFigures: 0, wholeDays: 0, withEdges: 0, withMonths: 0, capped: 0 };

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  ids = {
    demo: await merchantId(t.db, 'ANDES-DEMO'),
    condor: await merchantId(t.db, 'CONDOR'),
    subBr: await merchantId(t.db, 'ANDES-DEMO-BR'),
    subCo: await merchantId(t.db, 'ANDES-DEMO-CO'),
  };
});
afterAll(async () => {
  await t?.close();
  // biome-ignore lint/suspicious/noConsole: the figures of the property run (how many comparisons took each path)
  console.info(`transaction-count property: ${JSON.stringify(tally)}`);
});

function filterOf(v: ArbValue<typeof filterArb>): { scope: Scope; filter: TransactionFilter } {
  const scopes: Scope[] = [
    { merchantId: ids.demo, subMerchantId: null },
    { merchantId: ids.demo, subMerchantId: ids.subBr },
    { merchantId: ids.demo, subMerchantId: ids.subCo },
    { merchantId: ids.condor, subMerchantId: null },
  ];
  const scope = scopes[v.scope] as Scope;
  let from = instantOf(v.country, v.from.day, v.from.at);
  let to = instantOf(v.country, v.to.day, v.to.at);
  if (from > to) [from, to] = [to, from];
  if (from === to) to += 1;
  return {
    scope,
    filter: {
      country: v.country,
      transactionTypes: v.types,
      createdFrom: new Date(from),
      createdTo: new Date(to),
      statuses: v.statuses,
      productTypes: v.products.map((i) => PRODUCTS[v.country][i] as ProductType),
      subMerchantIds: v.subs.map((i) => [ids.subBr, ids.subCo][i] as number),
    },
  };
}

async function monthlyMismatches(): Promise<number> {
  const result = (await t.db.execute(sql`
    select count(*)::int8 as n
      from (select merchant_id, holder_id, country, left(stat_date, 7) as stat_month, transaction_type, product_type, status,
                   sum(count) as count
              from daily_transaction_stats
             group by 1, 2, 3, 4, 5, 6, 7) d
      full join monthly_transaction_counts m using (merchant_id, holder_id, country, stat_month, transaction_type, product_type, status)
     where d.count is distinct from m.count`)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n);
}

test('the total from the daily figures equals the direct capped count, for any events, filter and window', async () => {
  await fc.assert(
    fc.asyncProperty(
      scenario,
      fc.array(filterArb, { minLength: FILTERS_PER_RUN, maxLength: FILTERS_PER_RUN }),
      async (intents, filters) => {
        tally.runs += 1;
        const { first, later } = eventsOf(intents, tally.runs);
        const send = async (events: PlatformEventInput[]) => {
          for (const e of events) {
            tally.events += 1;
            const ack = await sendEvent(t.app, e);
            expect([ResultCode.OK, ResultCode.CONFLICT, ResultCode.INSUFFICIENT_BALANCE], `${ack.code} ${ack.msg}`).toContain(ack.code);
            if (ack.code !== ResultCode.OK) tally.refused += 1;
          }
        };
        await send(first);
        await releaseDue(t.db, () => NOW);
        await send(later);

        const { table, recount } = await dailyStatsAndRecount(t.db);
        expect(table).toEqual(recount);
        expect(await monthlyMismatches()).toBe(0);

        for (const v of filters) {
          const { scope, filter } = filterOf(v);
          const plan = countPlanOf(scope, filter);
          if (plan !== null) {
            tally.fromFigures += 1;
            if (plan.edges.length > 0) tally.withEdges += 1;
            else tally.wholeDays += 1;
            if (plan.stats.some((r) => r.level === 'month')) tally.withMonths += 1;
          }
          for (const cap of [MAX_EXACT_TOTAL, 2]) {
            const direct = await countTransactionsDirect(t.db, scope, filter, cap);
            const counted = await countTransactions(t.db, scope, filter, cap);
            if (cap === 2 && direct > cap) tally.capped += 1;
            tally.compared += 1;
            expect(counted, JSON.stringify({ scope, filter, plan, cap })).toBe(direct);
          }
        }
      },
    ),
    { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
  );
  // The comparisons took every path: whole days only, with edge days, with whole months, and the cap.
  expect(tally.fromFigures).toBeGreaterThan(tally.compared / 4);
  expect(tally.wholeDays).toBeGreaterThan(10);
  expect(tally.withEdges).toBeGreaterThan(10);
  expect(tally.withMonths).toBeGreaterThan(10);
  expect(tally.capped).toBeGreaterThan(10);
  // Many runs of random events, each applied through the event path that also keeps revenue
  // assurance's figures: minutes on a loaded machine, not the API tests' 30 s.
}, 300_000);
