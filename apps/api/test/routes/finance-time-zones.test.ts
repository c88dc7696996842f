import { ResultCode } from '@andes/contract/common/envelope';
import { dailyReportPage, statementPage } from '@andes/contract/finance/endpoints';
import type { DailyMoneyRow, DailyReportPage, StatementPage } from '@andes/contract/finance/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, withPlatformToken } from '../ledger/support.ts';
import { adminOf, callJson, settledPayin } from './finance-fixtures.ts';

/**
 * Local days of the account's zone around local midnight and daylight-saving changes, driven
 * through the platform's ingestion API: America/New_York (a 23-hour 8 March and a 25-hour
 * 1 November 2026) and America/Santiago (a 25-hour 4 April, and a 6 September whose midnight does
 * not exist). A line's date is its booking's date in the zone; a late event is booked when the
 * account's last booking was, never before.
 */

const NOW = new Date('2026-11-05T15:00:00.000Z');

let t: TestApp;
let admin: string;
const f = new EventFactory('fin-tz', new Date('2026-03-01T12:00:00.000Z'));

/** Pay-ins of 1.00, 2.00, 3.00… settled at the given instants (one account, in order). */
const settledAt: Record<'US' | 'CL', { at: string; uniqueId: string; amount: number }[]> = { US: [], CL: [] };

async function payinsAt(country: 'US' | 'CL', instants: string[]) {
  for (const instant of instants) {
    const amount = (settledAt[country].length + 1) * 100;
    const uniqueId = await settledPayin(t, f, { amount, country, currency: country === 'US' ? 'USD' : 'CLP', settledAt: instant });
    settledAt[country].push({ at: instant, uniqueId, amount });
  }
}

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
  await payinsAt('US', [
    '2026-03-08T04:59:59.000Z', // 7 March 23:59:59 EST
    '2026-03-08T05:00:00.000Z', // 8 March 00:00 EST
    '2026-03-09T03:59:59.000Z', // 8 March 23:59:59 EDT (a 23-hour day)
    '2026-03-09T04:00:00.000Z', // 9 March 00:00 EDT
    '2026-11-01T03:59:59.000Z', // 31 October 23:59:59 EDT
    '2026-11-01T04:00:00.000Z', // 1 November 00:00 EDT
    '2026-11-02T04:59:59.000Z', // 1 November 23:59:59 EST (a 25-hour day)
    '2026-11-02T05:00:00.000Z', // 2 November 00:00 EST
  ]);
  await payinsAt('CL', [
    '2026-04-05T02:59:59.000Z', // 4 April 23:59:59 −03
    '2026-04-05T03:30:00.000Z', // 4 April 23:30 −04: the hour lived twice
    '2026-04-05T04:00:00.000Z', // 5 April 00:00 −04
    '2026-09-06T03:59:59.000Z', // 5 September 23:59:59 −04
    '2026-09-06T04:00:00.000Z', // 6 September 01:00 −03: midnight does not exist
  ]);
});
afterAll(async () => t?.close());

async function lines(country: 'US' | 'CL', from: string, to: string) {
  const res = await callJson<StatementPage>(
    t,
    statementPage,
    { country, accountType: 'PAY_IN', range: { from, to }, pageSize: 100 },
    admin,
  );
  expect(res.code, res.msg).toBe(ResultCode.OK);
  return [...res.data.list].reverse();
}

async function days(country: 'US' | 'CL', from: string, to: string) {
  const res = await callJson<Extract<DailyReportPage, { kind: 'MONEY' }>>(
    t,
    dailyReportPage,
    { country, accountType: 'PAY_IN', billType: 'ACCOUNT', range: { from, to }, pageSize: 100 },
    admin,
  );
  expect(res.code, res.msg).toBe(ResultCode.OK);
  return [...res.data.list].reverse().map((d: DailyMoneyRow) => [d.date, d.openingBalance, d.payin, d.payinCount, d.closingBalance]);
}

describe('America/New_York', () => {
  test('the spring change: 8 March has 23 hours; each pay-in is on the local date of its settlement', async () => {
    const us = settledAt.US;
    expect((await lines('US', '2026-03-07', '2026-03-09')).map((l) => [l.transactionUniqueId, l.localDate])).toEqual([
      [us[0]?.uniqueId, '2026-03-07'],
      [us[1]?.uniqueId, '2026-03-08'],
      [us[2]?.uniqueId, '2026-03-08'],
      [us[3]?.uniqueId, '2026-03-09'],
    ]);
    expect((await lines('US', '2026-03-08', '2026-03-08')).map((l) => l.amountIn)).toEqual([200, 300]);
    expect(await days('US', '2026-03-06', '2026-03-10')).toEqual([
      ['2026-03-06', 0, 0, 0, 0],
      ['2026-03-07', 0, 100, 1, 100],
      ['2026-03-08', 100, 500, 2, 600],
      ['2026-03-09', 600, 400, 1, 1_000],
      ['2026-03-10', 1_000, 0, 0, 1_000],
    ]);
  });

  test('the autumn change: 1 November has 25 hours', async () => {
    expect(await days('US', '2026-10-31', '2026-11-02')).toEqual([
      ['2026-10-31', 1_000, 500, 1, 1_500],
      ['2026-11-01', 1_500, 1_300, 2, 2_800],
      ['2026-11-02', 2_800, 800, 1, 3_600],
    ]);
  });

  test('an event that comes late is booked at the account’s last booking, on that day, never before', async () => {
    const late = await settledPayin(t, f, { amount: 5_000, country: 'US', currency: 'USD', settledAt: '2026-10-20T12:00:00.000Z' });
    const [line] = (await lines('US', '2026-11-02', '2026-11-05')).filter((l) => l.transactionUniqueId === late);
    expect(line).toMatchObject({ localDate: '2026-11-02', bookedAt: '2026-11-02T05:00:00.000Z', balanceAfter: 8_600 });
    expect((await lines('US', '2026-10-20', '2026-10-20')).map((l) => l.transactionUniqueId)).toEqual([]);
    expect((await days('US', '2026-11-02', '2026-11-02'))[0]).toEqual(['2026-11-02', 2_800, 5_800, 2, 8_600]);
  });
});

describe('America/Santiago', () => {
  test('the autumn change: 4 April has 25 hours, its second 23:30 still on 4 April', async () => {
    const cl = settledAt.CL;
    expect((await lines('CL', '2026-04-04', '2026-04-05')).map((l) => [l.transactionUniqueId, l.localDate])).toEqual([
      [cl[0]?.uniqueId, '2026-04-04'],
      [cl[1]?.uniqueId, '2026-04-04'],
      [cl[2]?.uniqueId, '2026-04-05'],
    ]);
    expect(await days('CL', '2026-04-03', '2026-04-05')).toEqual([
      ['2026-04-03', 0, 0, 0, 0],
      ['2026-04-04', 0, 300, 2, 300],
      ['2026-04-05', 300, 300, 1, 600],
    ]);
  });

  test('the spring change: 6 September starts at 01:00; the instant before is 5 September', async () => {
    expect(await days('CL', '2026-09-05', '2026-09-07')).toEqual([
      ['2026-09-05', 600, 400, 1, 1_000],
      ['2026-09-06', 1_000, 500, 1, 1_500],
      ['2026-09-07', 1_500, 0, 0, 1_500],
    ]);
  });
});
