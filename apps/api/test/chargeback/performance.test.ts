import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { HOME_SUCCESS_STATUSES } from '@andes/contract/home/constants';
import { performanceDaily, performanceMonthly, performanceRing, performanceWeekly } from '@andes/contract/risk/endpoints';
import { NETWORK_THRESHOLDS, type RingSlice } from '@andes/contract/risk/enums';
import type { CurveChart, RingChart } from '@andes/contract/risk/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskDecisions } from '../../src/db/schema/risk.ts';
import { expectLedgerConsistent, payoutUser } from '../fixtures/payouts.ts';
import { DEMO, envelope, post, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, sendEvent, transactionRow } from '../ledger/support.ts';
import { applied, call, chargebackApp, chargedBackEvent } from './support.ts';

/**
 * The risk performance charts (docs/decisions/0028) equal a count over the pay-ins and chargebacks
 * the test ingests: what became of each pay-in (ring), and per day, ISO week and month the settled
 * pay-ins created and the chargebacks disputed (curves), with the product type and card brand
 * filters, in the country's local dates.
 */

interface Ingested {
  uniqueId: string;
  date: string;
  amount: number;
  productType: string;
  brand: string | null;
  slice: RingSlice;
  settled: boolean;
}

interface Disputed {
  date: string;
  amount: number;
  productType: string;
  brand: string | null;
}

describe('risk performance charts', () => {
  let t: TestApp;
  let admin: string;
  const payins: Ingested[] = [];
  const disputes: Disputed[] = [];

  beforeAll(async () => {
    t = await chargebackApp(new Date('2026-03-20T15:00:00.000Z'));
    const u = DEMO.admin;
    admin = envelope<{ token: string }>(await post(t.app, login.path, { username: u.username, password: u.password })).data.token;
    const andes = await merchantId(t.db, 'ANDES-DEMO');
    // Pay-ins on several local days of BR (UTC−3): each factory starts on its day at 12:00 local.
    // 02:30Z on 9 March is still 8 March in São Paulo.
    const plan: {
      day: string;
      at?: string;
      amount: number;
      productType?: string;
      brand?: 'VISA' | 'MASTERCARD' | null;
      fate: 'settled' | 'failed' | 'pending' | 'charged' | 'blocked' | 'review' | 'refunded';
    }[] = [
      { day: '2026-03-02', amount: 10_000, brand: 'VISA', fate: 'settled' },
      { day: '2026-03-02', amount: 20_000, brand: 'MASTERCARD', fate: 'settled' },
      { day: '2026-03-03', amount: 30_000, brand: 'VISA', fate: 'failed' },
      { day: '2026-03-04', amount: 40_000, brand: 'VISA', fate: 'pending' },
      { day: '2026-03-08', at: '2026-03-09T02:30:00.000Z', amount: 50_000, brand: 'VISA', fate: 'charged' },
      { day: '2026-03-09', amount: 60_000, brand: 'MASTERCARD', fate: 'blocked' },
      { day: '2026-03-10', amount: 70_000, brand: 'VISA', fate: 'review' },
      { day: '2026-03-16', amount: 80_000, productType: 'PIX', brand: null, fate: 'settled' },
      { day: '2026-04-01', amount: 90_000, brand: 'MASTERCARD', fate: 'refunded' },
    ];
    let n = 0;
    for (const p of plan) {
      n += 1;
      const f = new EventFactory(`perf${n}`, new Date(p.at ?? `${p.day}T15:00:00.000Z`));
      const uniqueId = f.uniqueId('payin');
      const productType = p.productType ?? 'CARD';
      await applied(
        sendEvent(
          t.app,
          f.created({
            uniqueId,
            amount: p.amount,
            productType: productType as 'PIX',
            ...(p.brand ? { card: { brand: p.brand, bin: '511111', last4: '2222' } } : {}),
          }),
        ),
      );
      let slice: RingSlice = 'PENDING';
      let settled = false;
      if (p.fate === 'settled' || p.fate === 'charged' || p.fate === 'refunded') {
        await applied(sendEvent(t.app, f.settled(uniqueId, { availableInDays: 0 })));
        slice = 'APPROVED';
        settled = true;
      }
      if (p.fate === 'refunded') {
        // The refund needs available money: release first.
        const { releaseDue } = await import('../../src/jobs/settlement-release.job.ts');
        await releaseDue(t.db, () => new Date(f.later(1)));
        await applied(sendEvent(t.app, f.refunded(uniqueId, p.amount)));
      }
      if (p.fate === 'charged') {
        // Disputed a week later: the chargeback counts on its dispute date (16 March).
        const later = new EventFactory(`perf${n}cb`, new Date('2026-03-16T20:00:00.000Z'));
        await applied(sendEvent(t.app, chargedBackEvent(later, uniqueId, { amount: 5_000, fee: 100 })));
        disputes.push({ date: '2026-03-16', amount: 5_000, productType, brand: p.brand ?? null });
        slice = 'CHARGED_BACK';
      }
      if (p.fate === 'failed') {
        await applied(sendEvent(t.app, f.statusChanged(uniqueId, 'FAILED')));
        slice = 'DECLINED';
      }
      const row = await transactionRow(t.db, uniqueId);
      if (p.fate === 'blocked' || p.fate === 'review') {
        const values = {
          transactionId: row?.id as number,
          merchantId: andes,
          country: 'BR',
          decision: p.fate === 'blocked' ? ('BLOCK' as const) : ('REVIEW' as const),
          finalDecision: p.fate === 'blocked' ? ('BLOCK' as const) : ('REVIEW' as const),
          rulesEvaluated: 1,
          evaluatedAt: row?.createdAt as Date,
          reviewStatus: p.fate === 'review' ? ('PENDING' as const) : null,
        };
        await t.db.insert(riskDecisions).values(values).onConflictDoUpdate({ target: riskDecisions.transactionId, set: values });
        if (p.fate === 'blocked') await applied(sendEvent(t.app, f.statusChanged(uniqueId, 'REJECTED')));
        slice = p.fate === 'blocked' ? 'BLOCKED' : 'IN_REVIEW';
      }
      const status = (await transactionRow(t.db, uniqueId))?.status as string;
      payins.push({
        uniqueId,
        date: p.day,
        amount: p.amount,
        productType,
        brand: p.brand ?? null,
        slice,
        settled: settled && (HOME_SUCCESS_STATUSES as readonly string[]).includes(status),
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const inRange = (d: string, from: string, to: string) => d >= from && d <= to;

  function expectedRing(from: string, to: string, keep: (p: Ingested) => boolean = () => true) {
    const out: Record<string, { count: number; amount: number }> = {};
    for (const p of payins.filter((x) => inRange(x.date, from, to) && keep(x))) {
      const s = out[p.slice] ?? { count: 0, amount: 0 };
      s.count += 1;
      s.amount += p.amount;
      out[p.slice] = s;
    }
    return out;
  }

  const ringOf = (r: RingChart) =>
    Object.fromEntries(r.slices.filter((s) => s.count > 0).map((s) => [s.slice, { count: s.count, amount: s.amount }]));

  it('the ring counts what became of the period’s pay-ins', async () => {
    const march = await call<RingChart>(t, performanceRing.path, admin, { country: 'BR', range: { from: '2026-03-01', to: '2026-03-31' } });
    expect(march.code).toBe(ResultCode.OK);
    expect(ringOf(march.data)).toEqual(expectedRing('2026-03-01', '2026-03-31'));
    expect(march.data.total.count).toBe(8);
    expect(Object.keys(ringOf(march.data)).sort()).toEqual(['APPROVED', 'BLOCKED', 'CHARGED_BACK', 'DECLINED', 'IN_REVIEW', 'PENDING']);
    const visa = await call<RingChart>(t, performanceRing.path, admin, {
      country: 'BR',
      range: { from: '2026-03-01', to: '2026-04-30' },
      cardBrand: 'VISA',
    });
    expect(ringOf(visa.data)).toEqual(expectedRing('2026-03-01', '2026-04-30', (p) => p.brand === 'VISA'));
    const pix = await call<RingChart>(t, performanceRing.path, admin, {
      country: 'BR',
      range: { from: '2026-03-01', to: '2026-04-30' },
      productType: 'PIX',
    });
    expect(ringOf(pix.data)).toEqual(expectedRing('2026-03-01', '2026-04-30', (p) => p.productType === 'PIX'));
    // The local date: the pay-in of 02:30Z on 9 March belongs to 8 March.
    const eighth = await call<RingChart>(t, performanceRing.path, admin, {
      country: 'BR',
      range: { from: '2026-03-08', to: '2026-03-08' },
    });
    expect(ringOf(eighth.data)).toEqual({ CHARGED_BACK: { count: 1, amount: 50_000 } });
    await expectLedgerConsistent(t);
  });

  function expectedCurve(
    points: { period: string }[],
    periodOf: (d: string) => string,
    keep: (x: { productType: string; brand: string | null }) => boolean,
  ) {
    return points.map((pt) => {
      const settled = payins.filter((p) => p.settled && keep(p) && periodOf(p.date) === pt.period);
      const cbs = disputes.filter((d) => keep(d) && periodOf(d.date) === pt.period);
      return {
        period: pt.period,
        transactions: settled.length,
        volume: settled.reduce((s, p) => s + p.amount, 0),
        chargebacks: cbs.length,
        chargebackAmount: cbs.reduce((s, d) => s + d.amount, 0),
      };
    });
  }
  const strip = (c: CurveChart) => c.points.map(({ rateByCount, rateByAmount, ...rest }) => rest);
  const monday = (d: string) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    const wd = (new Date(ms).getUTCDay() + 6) % 7;
    return new Date(ms - wd * 86_400_000).toISOString().slice(0, 10);
  };

  it('the curves count settled pay-ins by creation and chargebacks by dispute date, per day, ISO week and month', async () => {
    const range = { from: '2026-03-01', to: '2026-04-30' };
    for (const filter of [{}, { cardBrand: 'VISA' }, { cardBrand: 'MASTERCARD' }, { productType: 'CARD' }, { productType: 'PIX' }]) {
      const keep = (x: { productType: string; brand: string | null }) =>
        ('cardBrand' in filter ? x.brand === filter.cardBrand : true) &&
        ('productType' in filter ? x.productType === filter.productType : true);
      const daily = await call<CurveChart>(t, performanceDaily.path, admin, { country: 'BR', range, ...filter });
      expect(daily.data.points).toHaveLength(61);
      expect(strip(daily.data)).toEqual(expectedCurve(daily.data.points, (d) => d, keep));
      const weekly = await call<CurveChart>(t, performanceWeekly.path, admin, { country: 'BR', range, ...filter });
      expect(weekly.data.points[0]?.period).toBe('2026-02-23');
      expect(strip(weekly.data)).toEqual(expectedCurve(weekly.data.points, monday, keep));
      const monthly = await call<CurveChart>(t, performanceMonthly.path, admin, { country: 'BR', range, ...filter });
      expect(monthly.data.points.map((p) => p.period)).toEqual(['2026-03-01', '2026-04-01']);
      expect(strip(monthly.data)).toEqual(expectedCurve(monthly.data.points, (d) => `${d.slice(0, 7)}-01`, keep));
    }
    const weekly = await call<CurveChart>(t, performanceWeekly.path, admin, { country: 'BR', range });
    const w16 = weekly.data.points.find((p) => p.period === '2026-03-16');
    // Week of 16 March: the PIX pay-in settled (80,000) and the chargeback of 5,000 disputed.
    expect(w16).toEqual({
      period: '2026-03-16',
      transactions: 1,
      volume: 80_000,
      chargebacks: 1,
      chargebackAmount: 5_000,
      rateByCount: 1,
      rateByAmount: 5_000 / 80_000,
    });
    expect(weekly.data.thresholds).toEqual(NETWORK_THRESHOLDS.map((x) => ({ ...x })));
    expect(weekly.data.currency).toBe('BRL');
  });

  it('is limited to the caller’s countries and permission', async () => {
    const condor = envelope<{ token: string }>(
      await post(t.app, login.path, { username: DEMO.condor.username, password: DEMO.condor.password }),
    ).data.token;
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect((await call(t, performanceRing.path, condor, { country: 'BR', range })).code).toBe(ResultCode.FORBIDDEN);
    const none = await call<RingChart>(t, performanceRing.path, condor, { country: 'MX', range });
    expect(none.data.total.count).toBe(0);
    const other = await payoutUser(t, 'perf.nobody', ['risk:chargeback-represent']);
    expect((await call(t, performanceDaily.path, other.token, { country: 'BR', range })).code).toBe(ResultCode.FORBIDDEN);
  });
});
