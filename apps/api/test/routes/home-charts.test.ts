import { login } from '@andes/contract/auth/endpoints';
import { addDays } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { HOME_CHART_MAX_DAYS } from '@andes/contract/home/constants';
import {
  amountSummary,
  dayOfHistory,
  productLineChart,
  productPieChart,
  realTimeLineChart,
  transactionLineChart,
} from '@andes/contract/home/endpoints';
import {
  type AmountSummary,
  CHART_RANGE_TOO_LONG_MESSAGE,
  type DailyPoint,
  type DayOfHistory,
  type Figures,
  type ProductLineChart,
  type ProductPieChart,
  type RealTimeLineChart,
  type TransactionLineChart,
} from '@andes/contract/home/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hourlySuccessQuery } from '../../src/modules/home/home.repository.ts';
import { HOME_MESSAGES } from '../../src/modules/home/home.service.ts';
import { MoneyFixture, type TransactionSpec } from '../fixtures/money.ts';
import { createTestApp, type Envelope, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

/** 2026-03-10 12:00 in São Paulo (UTC-3, no daylight saving), 09:00 in Mexico City. */
const NOW = new Date('2026-03-10T15:00:00Z');
const at = (iso: string) => new Date(iso);
const WEEK = { from: '2026-03-04', to: '2026-03-10' };

let t: TestApp;
let f: MoneyFixture;
const token: Record<'admin' | 'market' | 'condor', string> = { admin: '', market: '', condor: '' };

const call = <T>(path: string, who: keyof typeof token, body: object) =>
  post(t.app, path, body, { token: token[who] }).then((r) => envelope<T>(r) as Envelope<T>);

const fig = (count: number, amount: number, successCount: number, successAmount: number): Figures => ({
  count,
  amount,
  successCount,
  successAmount,
});
const ZERO = fig(0, 0, 0, 0);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  f = await MoneyFixture.create(t.db);
  const br = (holder: string, s: Omit<TransactionSpec, 'holder' | 'country'>) => f.transaction({ holder, country: 'BR', ...s });
  // ANDES-DEMO in Brazil.
  await br('ANDES-DEMO', {
    type: 'PAY_IN',
    productType: 'PIX',
    amount: 10_000,
    fee: 200,
    vat: 20,
    status: 'SETTLED',
    createdAt: at('2026-03-04T13:00:00Z'),
  });
  await br('ANDES-DEMO', { type: 'PAY_IN', productType: 'PIX', amount: 5_000, status: 'FAILED', createdAt: at('2026-03-04T14:00:00Z') });
  // 02:30 UTC on 6 March is 23:30 on 5 March in São Paulo.
  await br('ANDES-DEMO', {
    type: 'PAY_IN',
    productType: 'BOLETO',
    amount: 8_000,
    fee: 100,
    vat: 10,
    status: 'REFUNDED',
    createdAt: at('2026-03-06T02:30:00Z'),
  });
  await br('ANDES-DEMO', {
    type: 'PAY_OUT',
    productType: 'TED',
    amount: 3_000,
    fee: 50,
    vat: 5,
    status: 'SETTLED',
    createdAt: at('2026-03-06T12:00:00Z'),
  });
  await br('ANDES-DEMO', {
    type: 'REFUND',
    productType: 'BOLETO',
    amount: 8_000,
    status: 'REFUNDED',
    createdAt: at('2026-03-07T12:00:00Z'),
  });
  await br('ANDES-DEMO', {
    type: 'CHARGE_BACK',
    productType: 'PIX',
    amount: 4_000,
    fee: 1_500,
    status: 'CHARGED_BACK',
    createdAt: at('2026-03-08T12:00:00Z'),
  });
  // Yesterday 17:00 and 23:00 local.
  await br('ANDES-DEMO', {
    type: 'MARKET_PLACE_ORDERS',
    productType: 'WALLET',
    amount: 2_000,
    status: 'SETTLED',
    createdAt: at('2026-03-09T20:00:00Z'),
  });
  await br('ANDES-DEMO', { type: 'PAY_IN', productType: 'PIX', amount: 600, status: 'SETTLED', createdAt: at('2026-03-10T02:00:00Z') });
  // Today 00:30, 09:10, 09:50 and 10:20 local.
  await br('ANDES-DEMO', { type: 'PAY_OUT', productType: 'TED', amount: 400, status: 'SETTLED', createdAt: at('2026-03-10T03:30:00Z') });
  await br('ANDES-DEMO', { type: 'PAY_IN', productType: 'PIX', amount: 1_000, status: 'SETTLED', createdAt: at('2026-03-10T12:10:00Z') });
  await br('ANDES-DEMO', { type: 'PAY_IN', productType: 'PIX', amount: 2_500, status: 'SETTLED', createdAt: at('2026-03-10T12:50:00Z') });
  await br('ANDES-DEMO', { type: 'PAY_IN', productType: 'PIX', amount: 700, status: 'FAILED', createdAt: at('2026-03-10T13:20:00Z') });
  // Its sub-merchant ANDES-DEMO-BR: 5 March, and today 10:15 local.
  await br('ANDES-DEMO-BR', { type: 'PAY_IN', productType: 'PIX', amount: 900, status: 'SETTLED', createdAt: at('2026-03-05T12:00:00Z') });
  await br('ANDES-DEMO-BR', { type: 'PAY_IN', productType: 'PIX', amount: 300, status: 'SETTLED', createdAt: at('2026-03-10T13:15:00Z') });
  // Mexico: ANDES-DEMO and CONDOR, today.
  await f.transaction({
    holder: 'ANDES-DEMO',
    country: 'MX',
    type: 'PAY_IN',
    productType: 'SPEI',
    amount: 7_777,
    status: 'SETTLED',
    createdAt: at('2026-03-10T14:00:00Z'),
  });
  await f.transaction({
    holder: 'CONDOR',
    country: 'MX',
    type: 'PAY_IN',
    productType: 'OXXO',
    amount: 50_000,
    status: 'SETTLED',
    createdAt: at('2026-03-10T14:30:00Z'),
  });
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await signIn(t.app, login.path, who);
});
afterAll(async () => t?.close());

const pointsOf = (points: readonly DailyPoint[]) => Object.fromEntries(points.map(({ date, ...figures }) => [date, figures]));

describe('transactions per day', () => {
  test('one point per local date of the range, zero-filled; refunds and chargebacks are not counted again', async () => {
    const res = await call<TransactionLineChart>(transactionLineChart.path, 'admin', { country: 'BR', ...WEEK });
    expect(res.code).toBe(ResultCode.OK);
    expect(res.data.currency).toBe('BRL');
    expect(res.data.points.map((p) => p.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(pointsOf(res.data.points)).toEqual({
      '2026-03-04': fig(2, 15_000, 1, 10_000),
      // The refunded BOLETO counts as a success; its 23:30 local time puts it on 5 March.
      '2026-03-05': fig(2, 8_900, 2, 8_900),
      '2026-03-06': fig(1, 3_000, 1, 3_000),
      '2026-03-07': ZERO,
      '2026-03-08': ZERO,
      '2026-03-09': fig(2, 2_600, 2, 2_600),
      '2026-03-10': fig(5, 4_900, 4, 4_200),
    });
  });

  test('the product filter keeps its transactions only', async () => {
    const res = await call<TransactionLineChart>(transactionLineChart.path, 'admin', { country: 'BR', ...WEEK, product: 'payin' });
    expect(pointsOf(res.data.points)).toMatchObject({
      '2026-03-06': ZERO,
      '2026-03-09': fig(1, 600, 1, 600),
      '2026-03-10': fig(4, 4_500, 3, 3_800),
    });
  });

  test("a sub-merchant user's chart holds its own transactions; CONDOR's none of ANDES-DEMO's", async () => {
    const mine = await call<TransactionLineChart>(transactionLineChart.path, 'market', { country: 'BR', ...WEEK });
    expect(mine.data.points.filter((p) => p.count > 0)).toEqual([
      { date: '2026-03-05', ...fig(1, 900, 1, 900) },
      { date: '2026-03-10', ...fig(1, 300, 1, 300) },
    ]);
    const condor = await call<TransactionLineChart>(transactionLineChart.path, 'condor', { country: 'MX', ...WEEK });
    expect(condor.data.currency).toBe('MXN');
    expect(condor.data.points.filter((p) => p.count > 0)).toEqual([{ date: '2026-03-10', ...fig(1, 50_000, 1, 50_000) }]);
  });
});

describe('chart ranges', () => {
  test('a range ending after today in the country is refused, today being the local date', async () => {
    const late = await call(transactionLineChart.path, 'admin', { country: 'BR', from: '2026-03-04', to: '2026-03-11' });
    expect(late).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: `to: ${HOME_MESSAGES.afterToday('2026-03-10', 'America/Sao_Paulo')}`,
    });
    // 01:00 UTC on 11 March: still 10 March in São Paulo, already 11 March in Johannesburg.
    t.clock.set(at('2026-03-11T01:00:00Z'));
    try {
      // A session of that time (the morning's would have gone idle).
      const admin = await signIn(t.app, login.path, 'admin');
      const summary = (country: string) =>
        post(t.app, amountSummary.path, { country, from: '2026-03-05', to: '2026-03-11' }, { token: admin }).then((r) => envelope(r).code);
      expect(await summary('BR')).toBe(ResultCode.VALIDATION_FAILED);
      expect(await summary('ZA')).toBe(ResultCode.OK);
    } finally {
      t.clock.set(NOW);
    }
  });

  test(`a range of more than ${HOME_CHART_MAX_DAYS} days is refused; ${HOME_CHART_MAX_DAYS} days are accepted`, async () => {
    const to = '2026-03-10';
    const longest = await call<TransactionLineChart>(productLineChart.path, 'admin', {
      country: 'BR',
      from: addDays(to, 1 - HOME_CHART_MAX_DAYS),
      to,
    });
    expect(longest.code).toBe(ResultCode.OK);
    const tooLong = await call(productPieChart.path, 'admin', { country: 'BR', from: addDays(to, -HOME_CHART_MAX_DAYS), to });
    expect(tooLong).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: `to: ${CHART_RANGE_TOO_LONG_MESSAGE}` });
  });

  test('a day after today has no history', async () => {
    const res = await call(dayOfHistory.path, 'admin', { country: 'BR', date: '2026-03-11' });
    expect(res).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: `date: ${HOME_MESSAGES.afterToday('2026-03-10', 'America/Sao_Paulo')}`,
    });
  });
});

describe('amounts and products', () => {
  test('the amount summary: figures per product, refunds and chargebacks apart, fees and VAT of the successful ones', async () => {
    const res = await call<AmountSummary>(amountSummary.path, 'admin', { country: 'BR', ...WEEK });
    expect(res.data).toEqual({
      currency: 'BRL',
      payin: fig(9, 29_000, 7, 23_300),
      payout: fig(2, 3_400, 2, 3_400),
      marketplace: fig(1, 2_000, 1, 2_000),
      refund: { count: 1, amount: 8_000 },
      chargeback: { count: 1, amount: 4_000 },
      fee: 200 + 100 + 50 + 1_500,
      vat: 20 + 10 + 5,
    });
    const payout = await call<AmountSummary>(amountSummary.path, 'admin', { country: 'BR', ...WEEK, product: 'payout' });
    expect(payout.data).toEqual({
      currency: 'BRL',
      payin: ZERO,
      payout: fig(2, 3_400, 2, 3_400),
      marketplace: ZERO,
      refund: { count: 0, amount: 0 },
      chargeback: { count: 0, amount: 0 },
      fee: 50,
      vat: 5,
    });
    const mine = await call<AmountSummary>(amountSummary.path, 'market', { country: 'BR', ...WEEK });
    expect(mine.data).toMatchObject({ payin: fig(2, 1_200, 2, 1_200), payout: ZERO, refund: { count: 0, amount: 0 }, fee: 0 });
  });

  test('the pie has a slice per product type used, most money first', async () => {
    const res = await call<ProductPieChart>(productPieChart.path, 'admin', { country: 'BR', ...WEEK });
    expect(res.data).toEqual({
      currency: 'BRL',
      slices: [
        { productType: 'PIX', ...fig(8, 21_000, 6, 15_300) },
        { productType: 'BOLETO', ...fig(1, 8_000, 1, 8_000) },
        { productType: 'TED', ...fig(2, 3_400, 2, 3_400) },
        { productType: 'WALLET', ...fig(1, 2_000, 1, 2_000) },
      ],
    });
    const empty = await call<ProductPieChart>(productPieChart.path, 'admin', { country: 'CL', ...WEEK });
    expect(empty.data).toEqual({ currency: 'CLP', slices: [] });
  });

  test('the product line chart has a zero-filled series per product type', async () => {
    const res = await call<ProductLineChart>(productLineChart.path, 'admin', { country: 'BR', ...WEEK, product: 'payin' });
    expect(res.data.series.map((s) => s.productType)).toEqual(['PIX', 'BOLETO']);
    const boleto = res.data.series[1]?.points ?? [];
    expect(boleto).toHaveLength(7);
    expect(boleto.filter((p) => p.count > 0)).toEqual([{ date: '2026-03-05', ...fig(1, 8_000, 1, 8_000) }]);
    expect(pointsOf(res.data.series[0]?.points ?? [])['2026-03-04']).toEqual(fig(2, 15_000, 1, 10_000));
  });

  test('a day of history beside the same weekday a week before, per product', async () => {
    const res = await call<DayOfHistory>(dayOfHistory.path, 'admin', { country: 'BR', date: '2026-03-10' });
    expect(res.data).toEqual({
      currency: 'BRL',
      date: '2026-03-10',
      compareDate: '2026-03-03',
      rows: [
        { product: 'payin', day: fig(4, 4_500, 3, 3_800), compare: ZERO },
        { product: 'payout', day: fig(1, 400, 1, 400), compare: ZERO },
        { product: 'marketplace', day: ZERO, compare: ZERO },
      ],
    });
    const later = await call<DayOfHistory>(dayOfHistory.path, 'admin', { country: 'BR', date: '2026-03-11' });
    expect(later.code).toBe(ResultCode.VALIDATION_FAILED);
    const week = await call<DayOfHistory>(dayOfHistory.path, 'admin', { country: 'BR', date: '2026-03-06' });
    expect(week.data.rows[1]).toEqual({ product: 'payout', day: fig(1, 3_000, 1, 3_000), compare: ZERO });
  });
});

describe('real time', () => {
  const hours = (points: readonly { hour: number; count: number; amount: number }[]) =>
    Object.fromEntries(points.filter((p) => p.count > 0).map((p) => [p.hour, [p.count, p.amount]]));

  test("today's successful transactions per local hour so far, beside yesterday's whole day", async () => {
    const res = await call<RealTimeLineChart>(realTimeLineChart.path, 'admin', { country: 'BR' });
    expect(res.data).toMatchObject({ currency: 'BRL', timezoneName: 'America/Sao_Paulo', today: '2026-03-10', asOf: NOW.toISOString() });
    // Noon in São Paulo: hours 0 to 12.
    expect(res.data.todayPoints.map((p) => p.hour)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(hours(res.data.todayPoints)).toEqual({ 0: [1, 400], 9: [2, 3_500], 10: [1, 300] });
    expect(res.data.yesterdayPoints).toHaveLength(24);
    expect(hours(res.data.yesterdayPoints)).toEqual({ 17: [1, 2_000], 23: [1, 600] });
  });

  test('by product, and in scope', async () => {
    const payin = await call<RealTimeLineChart>(realTimeLineChart.path, 'admin', { country: 'BR', product: 'payin' });
    expect(hours(payin.data.todayPoints)).toEqual({ 9: [2, 3_500], 10: [1, 300] });
    expect(hours(payin.data.yesterdayPoints)).toEqual({ 23: [1, 600] });
    const mine = await call<RealTimeLineChart>(realTimeLineChart.path, 'market', { country: 'BR' });
    expect(hours(mine.data.todayPoints)).toEqual({ 10: [1, 300] });
    expect(hours(mine.data.yesterdayPoints)).toEqual({});
    // 14:30 UTC is 08:30 in Mexico City.
    const condor = await call<RealTimeLineChart>(realTimeLineChart.path, 'condor', { country: 'MX' });
    expect(condor.data).toMatchObject({ currency: 'MXN', timezoneName: 'America/Mexico_City' });
    expect(condor.data.todayPoints).toHaveLength(10);
    expect(hours(condor.data.todayPoints)).toEqual({ 8: [1, 50_000] });
  });

  test('the hourly query is served by the transactions list indexes', async () => {
    const filter = {
      country: 'BR' as const,
      types: ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS'] as const,
      timezoneName: 'America/Sao_Paulo',
      start: at('2026-03-09T03:00:00Z'),
      end: NOW,
      todayStart: at('2026-03-10T03:00:00Z'),
    };
    const merchant = f.merchantId('ANDES-DEMO');
    const plans: string[] = [];
    // With statistics, as a live database has them (without, PostgreSQL rates every index of a tiny table alike).
    await t.db.execute(sql`analyze transactions`);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const scope of [
        { merchantId: merchant, subMerchantId: null },
        { merchantId: merchant, subMerchantId: f.merchantId('ANDES-DEMO-BR') },
      ]) {
        const res = await tx.execute(sql`explain ${hourlySuccessQuery(tx, scope, filter)}`);
        plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    });
    // A list index of the scope serves it: by (type, created_at) or by (type, status, created_at).
    expect(plans[0]).toMatch(/(Index Scan using|Bitmap Index Scan on) transactions_merchant_(status_)?list_idx/);
    expect(plans[1]).toMatch(/(Index Scan using|Bitmap Index Scan on) transactions_sub_merchant_(status_)?list_idx/);
    for (const plan of plans) {
      // The time range bounds the scan itself (two days of rows), not a filter after it.
      expect(plan).toMatch(/Index Cond: .*created_at >= .*created_at </);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
