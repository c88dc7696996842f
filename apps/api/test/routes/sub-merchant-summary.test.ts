import { ResultCode } from '@andes/contract/common/envelope';
import { FINANCE_MESSAGES } from '@andes/contract/finance/enums';
import { subAccountPage, subAccountSummary, subAccountSummaryDownload } from '@andes/contract/sub-merchant/endpoints';
import type { SubAccountPage, SubAccountSummary } from '@andes/contract/sub-merchant/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { merchantAreas, merchants } from '../../src/db/schema/merchants.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, withPlatformToken } from '../ledger/support.ts';
import { adminOf, at, callFile, callJson, csvParts, send, settledPayin, userWith, xlsxSheets } from './finance-fixtures.ts';

/**
 * The sub-merchant screens of issue #10: `/sub-account/page` (each sub-merchant's PAY_IN account
 * per country, with its balances) and `/daily-transaction/summary` and `/download` (a
 * sub-merchant's days: begin balance, the movements by kind, end balance), within the caller's
 * merchant and sub-merchant.
 */

const NOW = new Date('2026-03-10T15:00:00.000Z');
const range = { from: '2026-03-01', to: '2026-03-10' };

let t: TestApp;
let admin: string;
let condor: string;
let market: number;
let travel: number;
const f = new EventFactory('fin-sub', new Date('2026-03-05T12:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
  condor = await adminOf(t, 'condor');
  market = await merchantId(t.db, 'ANDES-DEMO-BR');
  travel = await merchantId(t.db, 'ANDES-DEMO-CO');
  const payin = await settledPayin(t, f, {
    amount: 7_000,
    fee: 70,
    vat: 11,
    subMerchantCode: 'ANDES-DEMO-BR',
    settledAt: '2026-03-05T12:00:00.000Z',
  });
  await send(t, at(f.chargedBack(payin, 1_000, 25), '2026-03-08T12:00:00.000Z'));
  // The merchant's own money is not a sub-account's.
  await settledPayin(t, f, { amount: 99_000, settledAt: '2026-03-06T12:00:00.000Z' });
});
afterAll(async () => t?.close());

const page = (body: Record<string, unknown> = {}, token = admin) => callJson<SubAccountPage>(t, subAccountPage, body, token);
const summary = (body: Record<string, unknown> = {}, token = admin) =>
  callJson<SubAccountSummary>(t, subAccountSummary, { subMerchantId: market, country: 'BR', range, ...body }, token);

describe('sub-accounts', () => {
  test('one row per sub-merchant and country of its areas, by name; balances of its PAY_IN account, or zeros before it opens', async () => {
    const res = await page();
    expect(res.code, res.msg).toBe(ResultCode.OK);
    expect(res.data).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });
    expect(res.data.list).toEqual([
      {
        subMerchantId: market,
        subMerchantName: 'Andes Demo Marketplace',
        subMerchantCode: 'ANDES-DEMO-BR',
        country: 'BR',
        currency: 'BRL',
        accountNo: 'ANDES-DEMO-BR.BR.PAY_IN',
        balance: 7_000 - 70 - 11 - 1_000 - 25,
        available: 0,
        pending: 7_000 - 70 - 11,
      },
      expect.objectContaining({ subMerchantId: market, country: 'MX', accountNo: 'ANDES-DEMO-BR.MX.PAY_IN', balance: 0 }),
      expect.objectContaining({ subMerchantId: travel, country: 'CL', currency: 'CLP', accountNo: 'ANDES-DEMO-CO.CL.PAY_IN', balance: 0 }),
      expect.objectContaining({ subMerchantId: travel, country: 'CO' }),
      expect.objectContaining({ subMerchantId: travel, country: 'PE' }),
    ]);
  });

  test('the book balance holds every bucket: the pending settlement, less what the chargeback left owed', async () => {
    const [row] = (await page({ country: 'BR' })).data.list;
    // The chargeback found nothing available (the settlement is still pending): 10.25 is owed.
    expect(row).toMatchObject({ balance: 5_894, available: 0, pending: 6_919 });
  });

  test('filters: a country, part of the name (its wildcards are text), or the id', async () => {
    expect((await page({ country: 'BR' })).data.list.map((r) => r.subMerchantCode)).toEqual(['ANDES-DEMO-BR']);
    expect((await page({ keyword: 'TRAVEL' })).data.list.map((r) => r.country)).toEqual(['CL', 'CO', 'PE']);
    expect((await page({ keyword: '%' })).data.list).toEqual([]);
    expect((await page({ keyword: String(market) })).data.list.map((r) => r.country)).toEqual(['BR', 'MX']);
  });

  test('keyset pages by name, id and country', async () => {
    const demo = await merchantId(t.db, 'ANDES-DEMO');
    for (let i = 0; i < 8; i += 1) {
      const [row] = await t.db
        .insert(merchants)
        .values({ code: `FIN-SUB-${i}`, name: `Zeta Shop ${i}`, parentId: demo })
        .returning({ id: merchants.id });
      await t.db.insert(merchantAreas).values({ merchantId: row?.id ?? 0, country: 'BR' });
    }
    const first = await page({ pageSize: 10 });
    expect(first.data.total).toBe(13);
    expect(first.data.list).toHaveLength(10);
    const second = await page({ pageSize: 10, cursor: first.data.nextCursor });
    expect(second.data.list.map((r) => r.subMerchantCode)).toEqual(['FIN-SUB-5', 'FIN-SUB-6', 'FIN-SUB-7']);
    expect(second.data.nextCursor).toBeNull();
    expect((await page({ cursor: 'bm9wZQ' })).code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('a sub-merchant user sees only its own sub-accounts; another merchant sees none of them', async () => {
    const subUser = await userWith(t, ['sub-merchant', 'sub-merchant:summary'], { subMerchant: 'ANDES-DEMO-BR', countries: ['BR', 'MX'] });
    expect((await page({}, subUser)).data.list.map((r) => [r.subMerchantCode, r.country])).toEqual([
      ['ANDES-DEMO-BR', 'BR'],
      ['ANDES-DEMO-BR', 'MX'],
    ]);
    expect((await page({}, condor)).data).toMatchObject({ list: [], total: 0 });
    const brOnly = await userWith(t, ['sub-merchant'], { countries: ['BR'] });
    expect((await page({}, brOnly)).data.list.every((r) => r.country === 'BR')).toBe(true);
    expect((await page({ country: 'CL' }, brOnly)).code).toBe(ResultCode.FORBIDDEN);
  });
});

describe('a sub-merchant’s daily summary', () => {
  test('every local day, newest first, balances carried forward; pay-ins, chargebacks, fees and taxes as booked', async () => {
    const res = await summary();
    expect(res.code, res.msg).toBe(ResultCode.OK);
    expect(res.data).toMatchObject({
      subMerchantId: market,
      subMerchantName: 'Andes Demo Marketplace',
      country: 'BR',
      currency: 'BRL',
      timezoneName: 'America/Sao_Paulo',
      accountNo: 'ANDES-DEMO-BR.BR.PAY_IN',
      range,
    });
    expect(res.data.rows.map((r) => r.date)).toEqual([
      '2026-03-10',
      '2026-03-09',
      '2026-03-08',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
      '2026-03-04',
      '2026-03-03',
      '2026-03-02',
      '2026-03-01',
    ]);
    expect(res.data.rows.find((r) => r.date === '2026-03-05')).toEqual({
      date: '2026-03-05',
      beginBalance: 0,
      payin: 7_000,
      refund: 0,
      chargeback: 0,
      payout: 0,
      withdrawal: 0,
      fee: -70,
      tax: -11,
      other: 0,
      endBalance: 6_919,
    });
    expect(res.data.rows.find((r) => r.date === '2026-03-08')).toMatchObject({
      beginBalance: 6_919,
      chargeback: -1_000,
      fee: -25,
      endBalance: 5_894,
    });
    expect(res.data.rows.find((r) => r.date === '2026-03-07')).toMatchObject({ beginBalance: 6_919, payin: 0, endBalance: 6_919 });
    for (const r of res.data.rows) {
      expect(r.beginBalance + r.payin + r.refund + r.chargeback + r.payout + r.withdrawal + r.fee + r.tax + r.other).toBe(r.endBalance);
    }
    expect(res.data.totals).toEqual({
      beginBalance: 0,
      payin: 7_000,
      refund: 0,
      chargeback: -1_000,
      payout: 0,
      withdrawal: 0,
      fee: -95,
      tax: -11,
      other: 0,
      endBalance: 5_894,
    });
  });

  test('another merchant’s sub-merchant, the merchant itself, or another sub-merchant for a sub-merchant user: NOT_FOUND alike', async () => {
    const unknown = await summary({ subMerchantId: 2_000_000_000 });
    expect(unknown.code).toBe(ResultCode.NOT_FOUND);
    const foreign = await summary({ country: 'MX' }, condor);
    expect({ code: foreign.code, msg: foreign.msg }).toEqual({ code: unknown.code, msg: unknown.msg });
    expect((await summary({ subMerchantId: await merchantId(t.db, 'ANDES-DEMO') })).code).toBe(ResultCode.NOT_FOUND);
    const subUser = await userWith(t, ['sub-merchant:summary'], { subMerchant: 'ANDES-DEMO-BR' });
    expect((await summary({}, subUser)).data.totals.endBalance).toBe(5_894);
    expect((await summary({ subMerchantId: travel }, subUser)).code).toBe(ResultCode.NOT_FOUND);
    // A country outside the sub-merchant user's areas is refused first, naming it.
    expect((await summary({ subMerchantId: travel, country: 'CO' }, subUser)).code).toBe(ResultCode.FORBIDDEN);
    // A sub-merchant without an account in a country it has: an empty summary.
    const empty = await summary({ subMerchantId: travel, country: 'CO' });
    expect(empty.data).toMatchObject({ accountNo: null, totals: { beginBalance: 0, endBalance: 0 } });
    const late = await summary({ range: { from: '2026-03-01', to: '2026-03-11' } });
    expect({ code: late.code, msg: late.msg }).toEqual({ code: ResultCode.VALIDATION_FAILED, msg: FINANCE_MESSAGES.future });
  });

  test('as CSV and XLSX: the days oldest first, each row’s net, the closing and the trailer', async () => {
    const res = await callFile(t, subAccountSummaryDownload, { subMerchantId: market, country: 'BR', range, format: 'csv' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('sub-account-ANDES-DEMO-BR-BR-2026-03-01-2026-03-10.csv');
    const csv = csvParts(res.body);
    expect(csv.heading).toContainEqual(['Holder', 'Andes Demo Marketplace (ANDES-DEMO-BR)']);
    expect(csv.header).toEqual([
      'Date',
      'Begin balance',
      'Pay-ins',
      'Refunds',
      'Chargebacks',
      'Payouts',
      'Withdrawals',
      'Fees',
      'Taxes',
      'Other',
      'Net',
      'End balance',
      'Currency',
    ]);
    expect(csv.rows[4]).toEqual([
      '2026-03-05',
      '0.00',
      '70.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '-0.70',
      '-0.11',
      '0.00',
      '69.19',
      '69.19',
      'BRL',
    ]);
    expect(csv.closing).toEqual([['Closing balance', '58.94']]);
    expect(csv.trailer).toEqual([
      ['Data rows', '10'],
      ['Total BRL', '58.94'],
      ['SHA-256 of the data rows (CSV lines)', csv.sha256],
    ]);
    const xlsx = await callFile(t, subAccountSummaryDownload, { subMerchantId: market, country: 'BR', range, format: 'xlsx' }, admin);
    const sheets = await xlsxSheets(xlsx.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Daily summary', 'Proof']);
    expect(sheets['Daily summary']).toContainEqual(['2026-03-08', 69.19, 0, 0, -10, 0, 0, -0.25, 0, 0, -10.25, 58.94, 'BRL']);
    expect(sheets.Proof?.[2]?.[1]).toBe(csv.sha256);
  });
});
