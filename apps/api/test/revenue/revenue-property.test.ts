import type { Country } from '@andes/contract/common/countries';
import { addDays } from '@andes/contract/common/dates';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendMonthly,
  approvalTrendWeekly,
  failReasonRanking,
  tokenizationStatistics,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import { classifyFailReason } from '@andes/contract/revenue-assurance/enums';
import { type RevenueDrillDownCondition, revenueDrillDown } from '@andes/contract/revenue-assurance/schemas';
import { transactionAdvancedPage } from '@andes/contract/transaction/endpoints';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTransactionFigures } from '../../src/modules/ledger/figures-check.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, merchantId, sendEvent } from '../ledger/support.ts';
import {
  call,
  cardKind,
  expectedFailReasons,
  expectedFunnel,
  expectedTokenization,
  expectedTrend,
  expectedVolume,
  failReason,
  NOW,
  type Query,
  type Row,
  revenueApp,
  rowsOf,
  todayOf,
  tokenOf,
} from './support.ts';

/**
 * The property of revenue assurance (issue #14: "every figure … equals a count over the
 * transactions"): random pay-ins and payouts of the merchant and its sub-merchant, in two zones,
 * each sent a random sequence of platform events (submitted, authorised, failed with messy reasons,
 * expired, cancelled, settled, in any order — refusals are part of it); then
 *
 * - revenue_daily_stats equals a GROUP BY of the rows, read with the TypeScript rules of
 *   ledger/funnel.ts (and the figures check finds nothing);
 * - every figure of every call, for the merchant user and the sub-merchant user, over random
 *   ranges, product types and transaction types, equals a brute-force count over the rows;
 * - a sample of points drills down to the advanced transaction list with a total equal to the figure.
 */

const REASONS = [
  'Insufficient funds',
  '  Insufficient   funds ',
  'Insufficient\tfunds',
  'Do not honor',
  'Expired card',
  'Issuer unavailable',
  'Risk rule: order velocity',
  '3DS authentication failed',
  'Line one\nline two',
  `${'Very long reason '.repeat(8)}end`,
];

type Step = 'progress' | 'authorised' | 'FAILED' | 'REJECTED' | 'EXPIRED' | 'CANCELLED' | 'settled';
const STEPS: Step[] = ['progress', 'authorised', 'FAILED', 'REJECTED', 'EXPIRED', 'CANCELLED', 'settled'];

const txArb = fc.record({
  sub: fc.boolean(),
  country: fc.constantFrom<Country>('BR', 'MX'),
  payout: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  card: fc.boolean(),
  token: fc.boolean(),
  amount: fc.integer({ min: 100, max: 500_000 }),
  // Minutes before NOW: the last ~50 days, so ranges and weeks cross.
  minutesAgo: fc.integer({ min: 30, max: 50 * 24 * 60 }),
  steps: fc.array(fc.constantFrom(...STEPS), { maxLength: 4 }),
  reasons: fc.array(fc.option(fc.constantFrom(...REASONS), { nil: undefined }), { minLength: 4, maxLength: 4 }),
});

type Tx = typeof txArb extends fc.Arbitrary<infer T> ? T : never;

const rangeArb = fc.record({
  country: fc.constantFrom<Country>('BR', 'MX'),
  back: fc.integer({ min: 0, max: 55 }),
  span: fc.integer({ min: 0, max: 55 }),
  type: fc.constantFrom('PAY_IN', 'PAY_IN', 'PAY_OUT'),
  onlyCards: fc.boolean(),
  sub: fc.boolean(),
  granularity: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
  top: fc.integer({ min: 1, max: 12 }),
});

describe('revenue assurance: every figure is a count over the transactions', () => {
  let t: TestApp;
  let admin: string;
  let market: string;
  let andes: number;
  let sub: number;
  let n = 0;

  beforeAll(async () => {
    t = await revenueApp();
    admin = await tokenOf(t, 'admin');
    market = await tokenOf(t, 'market');
    andes = await merchantId(t.db, 'ANDES-DEMO');
    sub = await merchantId(t.db, 'ANDES-DEMO-BR');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ingest(tx: Tx): Promise<void> {
    n += 1;
    const f = new EventFactory(`ra${n}`, new Date(NOW.getTime() - tx.minutesAgo * 60_000));
    const uniqueId = f.uniqueId(tx.payout ? 'po' : 'pi');
    const productType = tx.card && !tx.payout ? 'CARD' : tx.country === 'BR' ? 'PIX' : 'SPEI';
    const base = {
      uniqueId,
      amount: tx.amount,
      country: tx.country,
      currency: tx.country === 'BR' ? ('BRL' as const) : ('MXN' as const),
      productType: productType as 'PIX',
      ...(tx.sub ? { subMerchantCode: 'ANDES-DEMO-BR' } : {}),
    };
    const created = tx.payout
      ? f.payout(base)
      : f.created({
          ...base,
          ...(productType === 'CARD'
            ? { card: { brand: 'VISA' as const, bin: '453211', last4: '4242', ...(tx.token ? { tokenId: `tok${n}` } : {}) } }
            : {}),
        });
    await sendEvent(t.app, created);
    for (const [i, step] of tx.steps.entries()) {
      const reason = tx.reasons[i];
      let event: PlatformEventInput;
      if (tx.payout) {
        const status =
          step === 'progress' || step === 'authorised'
            ? 'IN_PROGRESS'
            : step === 'settled'
              ? 'SETTLED'
              : step === 'EXPIRED'
                ? 'FAILED'
                : step;
        event = f.payoutStatus(uniqueId, status);
        if (reason && (status === 'FAILED' || status === 'REJECTED')) (event.data as { reason?: string }).reason = reason;
      } else if (step === 'authorised') {
        event = { ...f.next(), type: 'transaction.authorised', merchantCode: 'ANDES-DEMO', data: { uniqueId } };
      } else if (step === 'settled') {
        event = f.settled(uniqueId);
      } else {
        event = f.statusChanged(uniqueId, step === 'progress' ? 'IN_PROGRESS' : step);
        if (reason) (event.data as { reason?: string }).reason = reason;
      }
      // Refused events (a settled pay-in cannot fail, a payout without balance…) are part of the property.
      await sendEvent(t.app, event);
    }
  }

  async function revenueRows() {
    const res =
      (await t.db.execute(sql`select merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, funnel_stage,
        card_token, fail_reason, count, amount from revenue_daily_stats`)) as unknown as { rows: Record<string, unknown>[] };
    return res.rows
      .map((r) =>
        [
          r.merchant_id,
          r.holder_id,
          r.country,
          r.stat_date,
          r.transaction_type,
          r.product_type,
          r.status,
          r.funnel_stage,
          r.card_token,
          r.fail_reason,
          r.count,
          r.amount,
        ]
          .map(String)
          .join('|'),
      )
      .sort();
  }

  function groupByHand(rows: Row[]) {
    const m = new Map<string, { count: number; amount: number }>();
    for (const r of rows) {
      if (!['PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS'].includes(r.transactionType)) continue;
      const key = [
        r.merchantId,
        r.subMerchantId ?? r.merchantId,
        r.country,
        r.createdDate,
        r.transactionType,
        r.productType,
        r.status,
        r.funnelStage,
        cardKind(r),
        failReason(r),
      ]
        .map(String)
        .join('|');
      const g = m.get(key) ?? { count: 0, amount: 0 };
      g.count += 1;
      g.amount += r.amount;
      m.set(key, g);
    }
    return [...m.entries()].map(([k, g]) => `${k}|${g.count}|${g.amount}`).sort();
  }

  /** A drill-down's total: the advanced list's count with the figure's filter. */
  async function listTotal(token: string, q: Query, from: string, to: string, condition: RevenueDrillDownCondition): Promise<number> {
    const body = revenueDrillDown(
      { country: q.country as Country, transactionType: q.transactionType as 'PAY_IN', productTypes: q.productTypes },
      { from, to },
      condition,
    );
    const res = await call<{ total: number }>(t, token, transactionAdvancedPage.path, { ...body, pageSize: 10 });
    expect(res.code, res.msg).toBe(200);
    return res.data.total;
  }

  it('holds for random transactions, events, scopes and ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(txArb, { minLength: 6, maxLength: 14 }),
        fc.array(rangeArb, { minLength: 2, maxLength: 3 }),
        async (txs, ranges) => {
          for (const tx of txs) await ingest(tx);

          // The pre-aggregate equals the rows, grouped here with the TypeScript rules and by the figures check in SQL.
          const rows = await rowsOf(t.db);
          expect(await revenueRows()).toEqual(groupByHand(rows));
          expect(await checkTransactionFigures(t.db)).toEqual([]);

          for (const r of ranges) {
            const today = todayOf(r.country);
            const to = addDays(today, -Math.min(r.back, 55));
            const from = addDays(to, -r.span);
            const token = r.sub ? market : admin;
            const q: Query = {
              merchantId: andes,
              subMerchantId: r.sub ? sub : null,
              country: r.country,
              transactionType: r.type,
              productTypes: r.onlyCards && r.type === 'PAY_IN' ? ['CARD'] : [],
            };
            const body = { country: r.country, range: { from, to }, transactionType: r.type, productTypes: q.productTypes };

            const volume = await call<ReturnType<typeof expectedVolume>>(t, token, volumeSuccessCurve.path, {
              ...body,
              granularity: r.granularity,
            });
            expect(volume.code, volume.msg).toBe(200);
            expect(volume.data).toEqual({
              currency: r.country === 'BR' ? 'BRL' : 'MXN',
              granularity: r.granularity,
              ...expectedVolume(rows, q, from, to, r.granularity),
            });

            const trendPath = { daily: approvalTrendDaily, weekly: approvalTrendWeekly, monthly: approvalTrendMonthly }[r.granularity].path;
            const trend = await call(t, token, trendPath, body);
            expect(trend.data).toEqual(expectedTrend(rows, q, from, to, r.granularity));

            const funnel = await call(t, token, approvalFunnel.path, body);
            expect(funnel.data).toEqual({ currency: r.country === 'BR' ? 'BRL' : 'MXN', ...expectedFunnel(rows, q, from, to) });

            const ranking = await call<ReturnType<typeof expectedFailReasons>>(t, token, failReasonRanking.path, { ...body, top: r.top });
            expect(ranking.data).toEqual({
              currency: r.country === 'BR' ? 'BRL' : 'MXN',
              ...expectedFailReasons(rows, q, from, to, r.top, classifyFailReason),
            });

            const tokens = await call<ReturnType<typeof expectedTokenization>>(t, token, tokenizationStatistics.path, {
              country: r.country,
              range: { from, to },
              productTypes: q.productTypes,
              granularity: r.granularity,
            });
            expect(tokens.data).toEqual({
              currency: r.country === 'BR' ? 'BRL' : 'MXN',
              ...expectedTokenization(rows, q, from, to, r.granularity),
            });

            // Drill-downs: the busiest point of the curve, each stage; a fail reason; the token groups.
            const busiest = [...volume.data.points].sort((a, b) => b.created.count - a.created.count)[0];
            if (busiest && busiest.created.count > 0) {
              expect(await listTotal(token, q, busiest.from, busiest.to, {})).toBe(busiest.created.count);
              expect(await listTotal(token, q, busiest.from, busiest.to, { funnelStageMin: 1 })).toBe(busiest.submitted.count);
              expect(await listTotal(token, q, busiest.from, busiest.to, { funnelStageMin: 2 })).toBe(busiest.authorised.count);
              expect(await listTotal(token, q, busiest.from, busiest.to, { funnelStageMin: 3 })).toBe(busiest.settled.count);
            }
            const firstReason = ranking.data.reasons[0];
            if (firstReason) expect(await listTotal(token, q, from, to, { failReason: firstReason.reason })).toBe(firstReason.count);
            if (tokens.data.total.token.submitted > 0) {
              const payins = { ...q, transactionType: 'PAY_IN' };
              expect(await listTotal(token, payins, from, to, { cardToken: 'TOKEN', funnelStageMin: 1 })).toBe(
                tokens.data.total.token.submitted,
              );
              expect(await listTotal(token, payins, from, to, { cardToken: 'PAN', funnelStageMin: 2 })).toBe(
                tokens.data.total.pan.authorised,
              );
            }
          }
        },
      ),
      { numRuns: 6, seed: 1414, endOnFailure: true },
    );
    // The runs made something of everything the charts show.
    const rows = await rowsOf(t.db);
    const mine = rows.filter((r) => r.merchantId === andes);
    expect(mine.some((r) => r.funnelStage === 2)).toBe(true);
    expect(mine.some((r) => r.funnelStage === 3)).toBe(true);
    expect(mine.some((r) => cardKind(r) === 'TOKEN')).toBe(true);
    expect(mine.some((r) => failReason(r) !== '' && failReason(r) !== r.statusReason)).toBe(true);
  });
});
