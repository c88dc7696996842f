import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { addDays, todayIn } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { dailyReportDownload, dailyReportLink, dailyReportPage } from '@andes/contract/finance/endpoints';
import { FINANCE_MESSAGES, REPORT_LINK_TTL_HOURS } from '@andes/contract/finance/enums';
import type { DailyMoneyRow, DailyReportPage, DailyTransactionRow, ReportLink } from '@andes/contract/finance/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { users } from '../../src/db/schema/users.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, withPlatformToken } from '../ledger/support.ts';
import { adminOf, at, callFile, callJson, csvParts, send, setDividedBill, settledPayin, userWith, xlsxSheets } from './finance-fixtures.ts';

/**
 * `/dashboard/report/daily-finance/page`, `/daily/download` and `/daily-finance-link/generate`:
 * a row per local day of the period (days without movements carried forward), totals, the
 * merchant's bill with or without its sub-merchants, the payment-link and store channels, the
 * transactions report, files with the trailer, and one-time links.
 */

const NOW = new Date('2026-03-10T15:00:00.000Z');
const range = { from: '2026-03-01', to: '2026-03-10' };

let t: TestApp;
let admin: string;
let condor: string;
const f = new EventFactory('fin-rep', new Date('2026-03-03T12:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
  condor = await adminOf(t, 'condor');
  // 3 March: a pay-in; 5 March: a payment-link payment and a Shopify order; 8 March: the
  // sub-merchant's pay-in and a failed pay-in of the merchant.
  await settledPayin(t, f, { amount: 10_000, fee: 300, vat: 48, settledAt: '2026-03-03T12:00:00.000Z' });
  await settledPayin(t, f, { amount: 5_000, fee: 100, settledAt: '2026-03-05T12:00:00.000Z', extra: { paymentLinkId: 'rep-link-1' } });
  await settledPayin(t, f, {
    amount: 3_000,
    fee: 60,
    settledAt: '2026-03-05T13:00:00.000Z',
    extra: { storeOrder: { platform: 'SHOPIFY', shopDomain: 'andes.myshopify.com', orderId: '9001' } },
  });
  await settledPayin(t, f, { amount: 2_000, fee: 20, settledAt: '2026-03-08T12:00:00.000Z', subMerchantCode: 'ANDES-DEMO-BR' });
  const failed = f.uniqueId('failed');
  await send(
    t,
    at(f.created({ uniqueId: failed, amount: 777 }), '2026-03-08T14:00:00.000Z'),
    at(f.statusChanged(failed, 'FAILED'), '2026-03-08T14:05:00.000Z'),
  );
});
afterAll(async () => t?.close());

const report = <T extends DailyReportPage = DailyReportPage>(body: Record<string, unknown>, token = admin) =>
  callJson<T>(t, dailyReportPage, { country: 'BR', accountType: 'PAY_IN', billType: 'ACCOUNT', range, ...body }, token);

type Money = Extract<DailyReportPage, { kind: 'MONEY' }>;
type Transactions = Extract<DailyReportPage, { kind: 'TRANSACTIONS' }>;

const pick = (row: DailyMoneyRow) => [
  row.date,
  row.openingBalance,
  row.payin,
  row.fee,
  row.tax,
  row.net,
  row.closingBalance,
  row.payinCount,
];

describe('the account report', () => {
  test('every local day of the period, newest first, days without movements carried forward; totals of the whole period', async () => {
    const res = await report<Money>({ pageSize: 10 });
    expect(res.code, res.msg).toBe(ResultCode.OK);
    expect(res.data).toMatchObject({
      kind: 'MONEY',
      billType: 'ACCOUNT',
      currency: 'BRL',
      accountNo: 'ANDES-DEMO.BR.PAY_IN',
      divided: true,
    });
    expect(res.data.timezoneName).toBe(COUNTRY_INFO.BR.timezoneName);
    expect(res.data.total).toBe(10);
    expect(res.data.nextCursor).toBeNull();
    expect(res.data.list.map(pick)).toEqual([
      ['2026-03-10', 17_492, 0, 0, 0, 0, 17_492, 0],
      ['2026-03-09', 17_492, 0, 0, 0, 0, 17_492, 0],
      ['2026-03-08', 17_492, 0, 0, 0, 0, 17_492, 0],
      ['2026-03-07', 17_492, 0, 0, 0, 0, 17_492, 0],
      ['2026-03-06', 17_492, 0, 0, 0, 0, 17_492, 0],
      ['2026-03-05', 9_652, 8_000, -160, 0, 7_840, 17_492, 2],
      ['2026-03-04', 9_652, 0, 0, 0, 0, 9_652, 0],
      ['2026-03-03', 0, 10_000, -300, -48, 9_652, 9_652, 1],
      ['2026-03-02', 0, 0, 0, 0, 0, 0, 0],
      ['2026-03-01', 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(res.data.totals).toMatchObject({
      openingBalance: 0,
      closingBalance: 17_492,
      payin: 18_000,
      fee: -460,
      tax: -48,
      net: 17_492,
      payinCount: 3,
    });
  });

  test('pages of days: the cursor is the last date given', async () => {
    const long = { from: '2026-02-20', to: '2026-03-10' };
    const first = await report<Money>({ range: long, pageSize: 10 });
    expect(first.data.total).toBe(19);
    expect(first.data.list.map((r) => r.date)).toEqual([...Array(10).keys()].map((i) => addDays('2026-03-10', -i)));
    expect(first.data.nextCursor).toBe('2026-03-01');
    const second = await report<Money>({ range: long, pageSize: 10, cursor: first.data.nextCursor });
    expect(second.data.list.map((r) => r.date)).toEqual([...Array(9).keys()].map((i) => addDays('2026-02-28', -i)));
    expect(second.data.nextCursor).toBeNull();
    expect((await report({ cursor: 'yesterday' })).code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('one bill (subMerchantDividedBill off): the merchant’s report adds its sub-merchants’ accounts and says so', async () => {
    await setDividedBill(t, 'ANDES-DEMO', false);
    try {
      const res = await report<Money>({ pageSize: 10 });
      expect(res.data.divided).toBe(false);
      expect(res.data.accountNo).toBe('ANDES-DEMO.BR.PAY_IN');
      const day = res.data.list.find((r) => r.date === '2026-03-08');
      expect(day && pick(day)).toEqual(['2026-03-08', 17_492, 2_000, -20, 0, 1_980, 19_472, 1]);
      expect(res.data.totals.closingBalance).toBe(19_472);
      // A sub-merchant's own report is its own account, whatever the merchant's bill.
      const sub = await report<Money>({ subMerchantId: await merchantId(t.db, 'ANDES-DEMO-BR'), pageSize: 10 });
      expect(sub.data).toMatchObject({ divided: true, accountNo: 'ANDES-DEMO-BR.BR.PAY_IN' });
      expect(sub.data.totals).toMatchObject({ openingBalance: 0, closingBalance: 1_980 });
    } finally {
      await setDividedBill(t, 'ANDES-DEMO', true);
    }
    expect((await report<Money>({ pageSize: 10 })).data.totals.closingBalance).toBe(17_492);
  });
});

describe('channels and transactions', () => {
  test('the payment-link and Shopify reports: their payments’ lines on the PAY_IN account, without a balance', async () => {
    const link = await report<Money>({ billType: 'PAYMENT_LINK', pageSize: 10 });
    expect(link.code, link.msg).toBe(ResultCode.OK);
    const day = link.data.list.find((r) => r.date === '2026-03-05');
    expect(day).toMatchObject({ openingBalance: null, closingBalance: null, payin: 5_000, fee: -100, net: 4_900, payinCount: 1 });
    expect(link.data.totals).toMatchObject({ openingBalance: null, closingBalance: null, payin: 5_000, net: 4_900 });
    const shopify = await report<Money>({ billType: 'SHOPIFY', pageSize: 10 });
    expect(shopify.data.totals).toMatchObject({ payin: 3_000, fee: -60, net: 2_940, payinCount: 1 });
    const shoplazza = await report<Money>({ billType: 'SHOPLAZZA', pageSize: 10 });
    expect(shoplazza.data.totals).toMatchObject({ payin: 0, net: 0, payinCount: 0 });
    expect(shoplazza.data.list).toHaveLength(10);
  });

  test('the transactions report counts the transactions created each day: all pay-ins, or one page’s channel', async () => {
    const all = await report<Transactions>({ billType: 'TRANSACTION', pageSize: 10 });
    expect(all.data.kind).toBe('TRANSACTIONS');
    const byDate = (rows: DailyTransactionRow[]) => Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.date, r]));
    expect(byDate(all.data.list)).toEqual({
      '2026-03-03': {
        date: '2026-03-03',
        count: 1,
        amount: 10_000,
        successCount: 1,
        successAmount: 10_000,
        failedCount: 0,
        fee: 300,
        vat: 48,
      },
      '2026-03-05': {
        date: '2026-03-05',
        count: 2,
        amount: 8_000,
        successCount: 2,
        successAmount: 8_000,
        failedCount: 0,
        fee: 160,
        vat: 0,
      },
      '2026-03-08': { date: '2026-03-08', count: 1, amount: 777, successCount: 0, successAmount: 0, failedCount: 1, fee: 0, vat: 0 },
    });
    expect(all.data.totals).toEqual({
      count: 4,
      amount: 18_777,
      successCount: 3,
      successAmount: 18_000,
      failedCount: 1,
      fee: 460,
      vat: 48,
    });
    const link = await report<Transactions>({ billType: 'TRANSACTION', page: 'payment-link', pageSize: 10 });
    expect(link.data.totals).toEqual({ count: 1, amount: 5_000, successCount: 1, successAmount: 5_000, failedCount: 0, fee: 100, vat: 0 });
  });

  test('each request is for one page: its permission, and its account type and bill types', async () => {
    const linkOnly = await userWith(t, ['reports:payment-link']);
    expect((await report({ billType: 'PAYMENT_LINK' }, linkOnly)).code).toBe(ResultCode.OK);
    expect((await report({ billType: 'TRANSACTION', page: 'payment-link' }, linkOnly)).code).toBe(ResultCode.OK);
    // The pay-in page's reports (the account, all pay-ins' transactions) are not the payment-link page's.
    expect((await report({}, linkOnly)).code).toBe(ResultCode.FORBIDDEN);
    expect((await report({ billType: 'TRANSACTION' }, linkOnly)).code).toBe(ResultCode.FORBIDDEN);
    const wrong = await report({ accountType: 'PAY_OUT', billType: 'PAYMENT_LINK' });
    expect({ code: wrong.code, msg: wrong.msg }).toEqual({ code: ResultCode.VALIDATION_FAILED, msg: FINANCE_MESSAGES.billTypeNotOnPage });
    expect((await report({ billType: 'PAYMENT_LINK', page: 'shopify' })).msg).toBe(FINANCE_MESSAGES.billTypeNotOnPage);
    const payout = await userWith(t, ['reports:payout']);
    expect((await report({ accountType: 'PAY_OUT' }, payout)).code).toBe(ResultCode.OK);
    expect((await report({}, payout)).code).toBe(ResultCode.FORBIDDEN);
    // Another merchant's sub-merchant: as an id nobody has.
    const foreign = await report({ country: 'MX', subMerchantId: await merchantId(t.db, 'ANDES-DEMO-BR') }, condor);
    expect(foreign.code).toBe(ResultCode.NOT_FOUND);
    const long = await report({ range: { from: '2025-03-09', to: '2026-03-10' } });
    expect(long.msg).toBe(FINANCE_MESSAGES.spanTooLong);
  });
});

describe('report files and links', () => {
  const file = (more: Record<string, unknown> = {}) => ({
    country: 'BR',
    accountType: 'PAY_IN',
    billType: 'ACCOUNT',
    range,
    format: 'csv',
    ...more,
  });

  test('the daily report as CSV: heading, every day oldest first, closing, and a trailer whose total is closing − opening', async () => {
    const res = await callFile(t, dailyReportDownload, file(), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('daily-report-payin-account-BR-2026-03-01-2026-03-10.csv');
    const csv = csvParts(res.body);
    expect(csv.heading).toEqual([
      ['Daily report'],
      ['Account', 'ANDES-DEMO.BR.PAY_IN'],
      ['Holder', 'Andes Demo Store (ANDES-DEMO)'],
      ['Account type', 'PAY_IN'],
      ['Bill type', 'ACCOUNT'],
      ['Currency', 'BRL'],
      ['Time zone', 'America/Sao_Paulo (UTC-3)'],
      ['Period', '2026-03-01', '2026-03-10'],
      ['Opening balance', '0.00'],
    ]);
    expect(csv.rows.map((r) => r[0])).toEqual([...Array(10).keys()].map((i) => addDays('2026-03-01', i)));
    expect(csv.rows[2]).toEqual([
      '2026-03-03',
      '0.00',
      '100.00',
      '0.00',
      '0.00',
      '0.00',
      '-3.00',
      '-0.48',
      '0.00',
      '0.00',
      '96.52',
      '96.52',
      '1',
      '0',
      '0',
      '0',
      'BRL',
    ]);
    expect(csv.closing).toEqual([['Closing balance', '174.92']]);
    expect(csv.trailer).toEqual([
      ['Data rows', '10'],
      ['Total BRL', '174.92'],
      ['SHA-256 of the data rows (CSV lines)', csv.sha256],
    ]);
  });

  test('the transactions report as XLSX: counts as numbers, the proof on its own sheet', async () => {
    const res = await callFile(t, dailyReportDownload, file({ billType: 'TRANSACTION', format: 'xlsx' }), admin);
    expect(res.statusCode).toBe(200);
    const sheets = await xlsxSheets(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Daily report', 'Proof']);
    const rows = sheets['Daily report'] ?? [];
    expect(rows).toContainEqual(['2026-03-05', 2, 80, 2, 80, 0, 1.6, 0, 'BRL']);
    expect(sheets.Proof?.slice(0, 2)).toEqual([
      ['Data rows', '10'],
      ['Total BRL', '187.77'],
    ]);
  });

  test('a link downloads the report once, without signing in; the second open answers 404 with the contract’s sentence', async () => {
    const res = await callJson<ReportLink>(t, dailyReportLink, file({ range: undefined }), admin);
    expect(res.code, res.msg).toBe(ResultCode.OK);
    expect(res.data.url).toMatch(/^\/files\/report-links\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.data.expiresAt).getTime() - NOW.getTime()).toBe(REPORT_LINK_TTL_HOURS * 3_600_000);
    // The period was fixed when the link was made: the next day (local midnight in São Paulo) it is still that week.
    t.clock.set(new Date(NOW.getTime() + 12 * 3_600_000));
    try {
      const opened = await t.app.inject({ method: 'GET', url: res.data.url });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.headers['referrer-policy']).toBe('no-referrer');
      const today = todayIn(COUNTRY_INFO.BR.timezoneName, NOW);
      expect(csvParts(opened.body).heading).toContainEqual(['Period', addDays(today, -7), today]);
      const again = await t.app.inject({ method: 'GET', url: res.data.url });
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(FINANCE_MESSAGES.reportLinkInvalid);
    } finally {
      t.clock.set(NOW);
    }
    const unknown = await t.app.inject({ method: 'GET', url: `/files/report-links/${'A'.repeat(43)}` });
    expect({ status: unknown.statusCode, body: unknown.body }).toEqual({ status: 404, body: FINANCE_MESSAGES.reportLinkInvalid });
    // Made and opened: both in the merchant's activity log.
    const demo = await merchantId(t.db, 'ANDES-DEMO');
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.merchantId, demo), eq(activityLog.objectType, 'REPORT')))
      .orderBy(desc(activityLog.id))
      .limit(2);
    expect(entries.map((e) => [e.event, e.details.via])).toEqual([
      ['FILE_DOWNLOADED', 'REPORT_LINK'],
      ['REPORT_EXPORTED', 'LINK_CREATED'],
    ]);
  });

  test('an expired link, and the link of a creator disabled since, are refused alike', async () => {
    const expiring = await callJson<ReportLink>(t, dailyReportLink, file(), admin);
    t.clock.set(new Date(NOW.getTime() + REPORT_LINK_TTL_HOURS * 3_600_000 + 1_000));
    try {
      const late = await t.app.inject({ method: 'GET', url: expiring.data.url });
      expect({ status: late.statusCode, body: late.body }).toEqual({ status: 404, body: FINANCE_MESSAGES.reportLinkInvalid });
    } finally {
      t.clock.set(NOW);
    }
    const creator = await userWith(t, ['reports:payin']);
    const link = await callJson<ReportLink>(t, dailyReportLink, file(), creator);
    expect(link.code).toBe(ResultCode.OK);
    const [row] = await t.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    await t.db
      .update(users)
      .set({ state: 0 })
      .where(eq(users.id, row?.id ?? 0));
    const refused = await t.app.inject({ method: 'GET', url: link.data.url });
    expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 404, body: FINANCE_MESSAGES.reportLinkInvalid });
  });
});
