import { ZERO_BALANCES } from '@andes/contract/account/schemas';
import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import {
  accountingCalendar,
  balanceDetail,
  balanceQuery,
  pendingBalanceInfo,
  productList,
  unreadMessageCount,
} from '@andes/contract/home/endpoints';
import type {
  AccountingCalendar,
  BalanceDetail,
  BalanceQuery,
  PendingBalanceInfo,
  ProductList,
  UnreadCount,
} from '@andes/contract/home/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/clock.ts';
import { users } from '../../src/db/schema/users.ts';
import { countryNotAuthorisedMessage } from '../../src/http/country-access.ts';
import { heldCountQuery, upcomingReleasesQuery } from '../../src/modules/home/home.repository.ts';
import { HOME_MESSAGES } from '../../src/modules/home/home.service.ts';
import { MoneyFixture } from '../fixtures/money.ts';
import { createTestApp, DEMO, type Envelope, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

/** 2026-03-10 12:00 in São Paulo (UTC-3), 09:00 in Mexico City (UTC-6). */
const NOW = new Date('2026-03-10T15:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let f: MoneyFixture;
const token: Record<'admin' | 'market' | 'condor' | 'finance', string> = { admin: '', market: '', condor: '', finance: '' };
const ids = { demoBrPayin: 0, demoBrPayout: 0, subBrPayin: 0, subBrMarket: 0, demoMxPayin: 0, condorMxPayin: 0 };

const call = <T>(path: string, who: keyof typeof token, body: object) =>
  post(t.app, path, body, { token: token[who] }).then((r) => envelope<T>(r) as Envelope<T>);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  f = await MoneyFixture.create(t.db);
  const opened = at('2026-02-01T12:00:00Z');
  ids.demoBrPayin = await f.account(
    'ANDES-DEMO',
    'BR',
    'PAY_IN',
    { AVAILABLE: 100_000, PENDING: 50_000, ON_HOLD: 20_000, DEPOSIT_HELD: 5_000 },
    opened,
  );
  ids.demoBrPayout = await f.account('ANDES-DEMO', 'BR', 'PAY_OUT', { AVAILABLE: 30_000, RESERVED: 10_000 }, opened);
  ids.subBrPayin = await f.account('ANDES-DEMO-BR', 'BR', 'PAY_IN', { AVAILABLE: 7_000, PENDING: 3_000 }, opened);
  ids.subBrMarket = await f.account('ANDES-DEMO-BR', 'BR', 'MARKET_PLACE', { OWED: -2_500, PENDING: 1_000 }, opened);
  ids.demoMxPayin = await f.account('ANDES-DEMO', 'MX', 'PAY_IN', { AVAILABLE: 12_345 }, opened);
  ids.condorMxPayin = await f.account('CONDOR', 'MX', 'PAY_IN', { AVAILABLE: 999_999, PENDING: 1 }, opened);
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await signIn(t.app, login.path, who);
});
afterAll(async () => t?.close());

describe('balances', () => {
  test("a merchant user sees the country's balances in its currency, the merchant's and its sub-merchants' summed per account type", async () => {
    const res = await call<BalanceQuery>(balanceQuery.path, 'admin', { country: 'BR' });
    expect(res.code).toBe(ResultCode.OK);
    const payin = {
      balance: 107_000 + 20_000 + 5_000,
      available: 107_000,
      unavailable: 25_000,
      pending: 53_000,
      onHold: 20_000,
      withdrawable: 107_000,
      exchangeable: 107_000,
      depositHeld: 5_000,
    };
    const payout = {
      ...ZERO_BALANCES,
      balance: 40_000,
      available: 30_000,
      unavailable: 10_000,
      withdrawable: 30_000,
      exchangeable: 30_000,
    };
    const market = { ...ZERO_BALANCES, balance: -2_500, pending: 1_000 };
    expect(res.data).toEqual({
      country: 'BR',
      currency: 'BRL',
      byType: [
        { accountType: 'PAY_IN', balances: payin },
        { accountType: 'PAY_OUT', balances: payout },
        { accountType: 'MARKET_PLACE', balances: market },
      ],
      total: {
        balance: 132_000 + 40_000 - 2_500,
        available: 137_000,
        unavailable: 35_000,
        pending: 54_000,
        onHold: 20_000,
        withdrawable: 137_000,
        exchangeable: 137_000,
        depositHeld: 5_000,
      },
      asOf: NOW.toISOString(),
    });
  });

  test('every balance shown is the sum of the postings of its buckets (the ledger and the figures agree)', async () => {
    const res = await call<BalanceQuery>(balanceQuery.path, 'admin', { country: 'BR' });
    const rows = await t.db.execute(sql`
      select p.bucket, sum(p.amount)::bigint as total
      from ledger_postings p join accounts a on a.id = p.account_id
      where a.kind = 'MERCHANT' and a.country = 'BR' and a.merchant_id = ${f.merchantId('ANDES-DEMO')}
      group by p.bucket`);
    const sums = Object.fromEntries(
      (rows as unknown as { rows: { bucket: string; total: unknown }[] }).rows.map((r) => [r.bucket, Number(r.total)]),
    );
    const bucket = (b: string) => sums[b] ?? 0;
    expect(res.data.total.available).toBe(bucket('AVAILABLE'));
    expect(res.data.total.pending).toBe(bucket('PENDING'));
    expect(res.data.total.onHold).toBe(bucket('ON_HOLD'));
    expect(res.data.total.depositHeld).toBe(bucket('DEPOSIT_HELD'));
    expect(res.data.total.unavailable).toBe(bucket('ON_HOLD') + bucket('RESERVED') + bucket('DEPOSIT_HELD'));
    expect(res.data.total.balance).toBe(
      bucket('AVAILABLE') + bucket('ON_HOLD') + bucket('RESERVED') + bucket('DEPOSIT_HELD') + bucket('OWED'),
    );
  });

  test('switching country changes the figures and the currency', async () => {
    const res = await call<BalanceQuery>(balanceQuery.path, 'admin', { country: 'MX' });
    expect(res.data).toMatchObject({ country: 'MX', currency: 'MXN', total: { available: 12_345, balance: 12_345, pending: 0 } });
    const co = await call<BalanceQuery>(balanceQuery.path, 'admin', { country: 'CO' });
    expect(co.data).toMatchObject({ country: 'CO', currency: 'COP', total: ZERO_BALANCES });
    expect(co.data.byType.map((b) => b.balances)).toEqual([ZERO_BALANCES, ZERO_BALANCES, ZERO_BALANCES]);
  });

  test("a sub-merchant user sees only its sub-merchant's accounts", async () => {
    const res = await call<BalanceQuery>(balanceQuery.path, 'market', { country: 'BR' });
    expect(res.data.total).toEqual({
      balance: 7_000 - 2_500,
      available: 7_000,
      unavailable: 0,
      pending: 4_000,
      onHold: 0,
      withdrawable: 7_000,
      exchangeable: 7_000,
      depositHeld: 0,
    });
  });

  test("CONDOR's admin sees CONDOR's money only, never ANDES-DEMO's in the same country", async () => {
    const res = await call<BalanceQuery>(balanceQuery.path, 'condor', { country: 'MX' });
    expect(res.data.total).toMatchObject({ available: 999_999, pending: 1 });
  });

  test('the detail of one account type lists each holder, the merchant first', async () => {
    const res = await call<BalanceDetail>(balanceDetail.path, 'admin', { country: 'BR', accountType: 'PAY_IN' });
    expect(res.data).toMatchObject({
      country: 'BR',
      currency: 'BRL',
      accountType: 'PAY_IN',
      total: { available: 107_000, pending: 53_000 },
    });
    expect(res.data.accounts).toEqual([
      {
        accountId: ids.demoBrPayin,
        accountNo: 'ANDES-DEMO.BR.PAY_IN',
        holderName: 'Andes Demo Store',
        subMerchant: false,
        balances: expect.objectContaining({ available: 100_000, pending: 50_000, onHold: 20_000, depositHeld: 5_000, balance: 125_000 }),
      },
      {
        accountId: ids.subBrPayin,
        accountNo: 'ANDES-DEMO-BR.BR.PAY_IN',
        holderName: 'Andes Demo Marketplace',
        subMerchant: true,
        balances: expect.objectContaining({ available: 7_000, pending: 3_000, balance: 7_000 }),
      },
    ]);
    const mine = await call<BalanceDetail>(balanceDetail.path, 'market', { country: 'BR', accountType: 'PAY_IN' });
    expect(mine.data.accounts.map((a) => a.accountId)).toEqual([ids.subBrPayin]);
    const none = await call<BalanceDetail>(balanceDetail.path, 'market', { country: 'BR', accountType: 'PAY_OUT' });
    expect(none.data).toMatchObject({ accounts: [], total: ZERO_BALANCES });
  });
});

describe('country access', () => {
  test('a country outside the merchant’s areas is refused with a message naming it', async () => {
    const res = await call(balanceQuery.path, 'condor', { country: 'BR' });
    expect(res).toMatchObject({ code: ResultCode.FORBIDDEN, msg: countryNotAuthorisedMessage('BR') });
  });

  test('a country of the merchant outside the user’s own countries is refused', async () => {
    // demo.finance: BR, MX, CO.
    expect((await call(balanceQuery.path, 'finance', { country: 'CO' })).code).toBe(ResultCode.OK);
    expect((await call(pendingBalanceInfo.path, 'finance', { country: 'CL' })).code).toBe(ResultCode.FORBIDDEN);
  });

  test('a sub-merchant user is held to its sub-merchant’s areas even when the user has no country list', async () => {
    // ANDES-DEMO-BR works in BR and MX; ANDES-DEMO in all seven.
    await t.db.update(users).set({ countries: null }).where(eq(users.username, DEMO.market.username));
    try {
      expect((await call(balanceQuery.path, 'market', { country: 'MX' })).code).toBe(ResultCode.OK);
      const res = await call(balanceDetail.path, 'market', { country: 'CO', accountType: 'PAY_IN' });
      expect(res).toMatchObject({ code: ResultCode.FORBIDDEN, msg: countryNotAuthorisedMessage('CO') });
    } finally {
      await t.db
        .update(users)
        .set({ countries: ['BR', 'MX'] })
        .where(eq(users.username, DEMO.market.username));
    }
  });

  test('every Home call of one country checks it', async () => {
    for (const [path, body] of [
      [pendingBalanceInfo.path, { country: 'US' }],
      [productList.path, { country: 'US' }],
      [accountingCalendar.path, { country: 'US', month: '2026-03' }],
    ] as const) {
      expect((await call(path, 'condor', body)).code).toBe(ResultCode.FORBIDDEN);
    }
  });
});

describe('pending money and the accounting calendar', () => {
  beforeAll(async () => {
    const settled = (holder: string, amount: number, createdAt: Date, holdStatus: 1 | 2 = 2) =>
      f.transaction({ holder, country: 'BR', type: 'PAY_IN', productType: 'PIX', amount, status: 'SETTLED', createdAt, holdStatus });
    // ANDES-DEMO's pending 50,000: 30,000 on 12 March and 20,000 on 13 March; its deposit on 9 April.
    const a = await settled('ANDES-DEMO', 36_000, at('2026-03-09T14:00:00Z'));
    await f.release({
      transactionId: a.id,
      accountId: ids.demoBrPayin,
      country: 'BR',
      amount: 30_000,
      availableAt: at('2026-03-12T12:00:00Z'),
    });
    await f.release({
      transactionId: a.id,
      accountId: ids.demoBrPayin,
      country: 'BR',
      amount: 5_000,
      bucket: 'DEPOSIT_HELD',
      availableAt: at('2026-04-09T12:00:00Z'),
    });
    const b = await settled('ANDES-DEMO', 21_000, at('2026-03-10T13:00:00Z'));
    // 02:30 UTC on 14 March is still 13 March in São Paulo.
    await f.release({
      transactionId: b.id,
      accountId: ids.demoBrPayin,
      country: 'BR',
      amount: 20_000,
      availableAt: at('2026-03-14T02:30:00Z'),
    });
    // On hold: its money is in ON_HOLD (20,000), its release waits.
    const c = await settled('ANDES-DEMO', 22_000, at('2026-03-08T14:00:00Z'), 1);
    await f.release({
      transactionId: c.id,
      accountId: ids.demoBrPayin,
      country: 'BR',
      amount: 20_000,
      availableAt: at('2026-03-11T12:00:00Z'),
    });
    // Released already.
    const d = await settled('ANDES-DEMO', 9_000, at('2026-03-01T14:00:00Z'));
    await f.release({
      transactionId: d.id,
      accountId: ids.demoBrPayin,
      country: 'BR',
      amount: 8_000,
      availableAt: at('2026-03-05T12:00:00Z'),
      state: 'RELEASED',
    });
    const cancelled = await settled('ANDES-DEMO', 4_000, at('2026-03-01T15:00:00Z'));
    await f.release({
      transactionId: cancelled.id,
      accountId: ids.demoBrPayin,
      country: 'BR',
      amount: 3_500,
      availableAt: at('2026-03-05T12:00:00Z'),
      state: 'CANCELLED',
    });
    // The sub-merchant's pending 3,000 on 12 March (its marketplace pending 1,000 on 20 March).
    const e = await settled('ANDES-DEMO-BR', 3_100, at('2026-03-09T15:00:00Z'));
    await f.release({
      transactionId: e.id,
      accountId: ids.subBrPayin,
      country: 'BR',
      amount: 3_000,
      availableAt: at('2026-03-12T12:00:00Z'),
    });
    const g = await f.transaction({
      holder: 'ANDES-DEMO-BR',
      country: 'BR',
      type: 'PAY_IN',
      productType: 'BOLETO',
      amount: 1_000,
      status: 'SETTLED',
      createdAt: at('2026-03-09T16:00:00Z'),
    });
    await f.release({
      transactionId: g.id,
      accountId: ids.subBrMarket,
      country: 'BR',
      amount: 1_000,
      availableAt: at('2026-03-20T12:00:00Z'),
    });
    // CONDOR's in MX: never shown to ANDES-DEMO.
    const x = await f.transaction({
      holder: 'CONDOR',
      country: 'MX',
      type: 'PAY_IN',
      productType: 'SPEI',
      amount: 2,
      status: 'SETTLED',
      createdAt: at('2026-03-09T15:00:00Z'),
      holdStatus: 1,
    });
    await f.release({
      transactionId: x.id,
      accountId: ids.condorMxPayin,
      country: 'MX',
      amount: 1,
      availableAt: at('2026-03-12T12:00:00Z'),
    });
  });

  test('pending and held money, and the dates pending money becomes available (held releases left out)', async () => {
    const res = await call<PendingBalanceInfo>(pendingBalanceInfo.path, 'admin', { country: 'BR' });
    expect(res.data).toEqual({
      country: 'BR',
      currency: 'BRL',
      pending: 54_000,
      onHold: 20_000,
      heldCount: 1,
      upcoming: [
        { date: '2026-03-12', amount: 33_000, count: 2 },
        { date: '2026-03-13', amount: 20_000, count: 1 },
        { date: '2026-03-20', amount: 1_000, count: 1 },
      ],
    });
    // Every pending cent has a date it becomes available.
    expect(res.data.upcoming.reduce((s, u) => s + u.amount, 0)).toBe(res.data.pending);
  });

  test('held transactions and pending releases are read through their partial indexes', async () => {
    const merchant = f.merchantId('ANDES-DEMO');
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const scope of [
        { merchantId: merchant, subMerchantId: null },
        { merchantId: merchant, subMerchantId: f.merchantId('ANDES-DEMO-BR') },
      ]) {
        for (const query of [heldCountQuery(tx, scope, 'BR'), upcomingReleasesQuery(tx, scope, 'BR', 31)]) {
          const res = await tx.execute(sql`explain ${query}`);
          plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
        }
      }
    });
    const [held, upcoming, subHeld, subUpcoming] = plans;
    for (const plan of [held, subHeld]) expect(plan).toMatch(/Index (Only )?Scan using transactions_(sub_merchant_)?held_list_idx/);
    for (const plan of [upcoming, subUpcoming]) expect(plan).toContain('Index Scan using pending_releases_scheduled_idx');
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });

  test('a sub-merchant user sees only its own pending money', async () => {
    const res = await call<PendingBalanceInfo>(pendingBalanceInfo.path, 'market', { country: 'BR' });
    expect(res.data).toMatchObject({
      pending: 4_000,
      onHold: 0,
      heldCount: 0,
      upcoming: [
        { date: '2026-03-12', amount: 3_000, count: 1 },
        { date: '2026-03-20', amount: 1_000, count: 1 },
      ],
    });
  });

  test("CONDOR's panel holds CONDOR's release and hold only", async () => {
    const res = await call<PendingBalanceInfo>(pendingBalanceInfo.path, 'condor', { country: 'MX' });
    expect(res.data).toEqual({ country: 'MX', currency: 'MXN', pending: 1, onHold: 0, heldCount: 1, upcoming: [] });
  });

  test('the calendar has every date of the month, with released and scheduled money per local date', async () => {
    const res = await call<AccountingCalendar>(accountingCalendar.path, 'admin', { country: 'BR', month: '2026-03' });
    expect(res.data.currency).toBe('BRL');
    expect(res.data.days).toHaveLength(31);
    expect(res.data.days[0]).toEqual({ date: '2026-03-01', released: 0, scheduled: 0, count: 0 });
    const nonZero = res.data.days.filter((d) => d.count > 0);
    expect(nonZero).toEqual([
      { date: '2026-03-05', released: 8_000, scheduled: 0, count: 1 },
      { date: '2026-03-11', released: 0, scheduled: 20_000, count: 1 },
      { date: '2026-03-12', released: 0, scheduled: 33_000, count: 2 },
      { date: '2026-03-13', released: 0, scheduled: 20_000, count: 1 },
      { date: '2026-03-20', released: 0, scheduled: 1_000, count: 1 },
    ]);
    const april = await call<AccountingCalendar>(accountingCalendar.path, 'admin', { country: 'BR', month: '2026-04' });
    expect(april.data.days).toHaveLength(30);
    expect(april.data.days.filter((d) => d.count > 0)).toEqual([{ date: '2026-04-09', released: 0, scheduled: 5_000, count: 1 }]);
    const february = await call<AccountingCalendar>(accountingCalendar.path, 'market', { country: 'BR', month: '2026-02' });
    expect(february.data.days).toHaveLength(28);
  });

  test("a sub-merchant user's calendar holds its own settlements only", async () => {
    const res = await call<AccountingCalendar>(accountingCalendar.path, 'market', { country: 'BR', month: '2026-03' });
    expect(res.data.days.filter((d) => d.count > 0)).toEqual([
      { date: '2026-03-12', released: 0, scheduled: 3_000, count: 1 },
      { date: '2026-03-20', released: 0, scheduled: 1_000, count: 1 },
    ]);
  });

  test('a month that does not exist is refused', async () => {
    const res = await call(accountingCalendar.path, 'admin', { country: 'BR', month: '0000-01' });
    expect(res).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: `month: ${HOME_MESSAGES.invalidMonth}` });
    expect((await call(accountingCalendar.path, 'admin', { country: 'BR', month: '2026-13' })).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('products', () => {
  beforeAll(async () => {
    await f.clearProducts();
    await f.product('ANDES-DEMO', 'CO', 'payin', 'PSE', true);
    await f.product('ANDES-DEMO', 'CO', 'payin', 'NEQUI', false);
    await f.product('ANDES-DEMO', 'CO', 'payin', 'EFECTY', false);
    await f.product('ANDES-DEMO', 'CO', 'payout', 'CO_BANK_TRANSFER', false);
    await f.product('ANDES-DEMO', 'CO', 'marketplace', 'WALLET', true);
    await f.product('CONDOR', 'CO', 'payin', 'BANK_BUTTON', true);
    // NEQUI pay-ins 20 days ago (by the sub-merchant), EFECTY only 95 days ago, bank transfers paid out 89 days ago.
    await f.stat({
      holder: 'ANDES-DEMO-CO',
      country: 'CO',
      date: '2026-02-18',
      type: 'PAY_IN',
      productType: 'NEQUI',
      status: 'FAILED',
      count: 2,
      amount: 500,
    });
    await f.stat({
      holder: 'ANDES-DEMO',
      country: 'CO',
      date: '2025-12-05',
      type: 'PAY_IN',
      productType: 'EFECTY',
      status: 'SETTLED',
      count: 1,
      amount: 900,
    });
    await f.stat({
      holder: 'ANDES-DEMO',
      country: 'CO',
      date: '2025-12-11',
      type: 'PAY_OUT',
      productType: 'CO_BANK_TRANSFER',
      status: 'SETTLED',
      count: 1,
      amount: 900,
    });
  });

  test("the merchant's product types in the country: shown when open or used in the last 90 days", async () => {
    const res = await call<ProductList>(productList.path, 'admin', { country: 'CO' });
    expect(res.data.list.map(({ id: _id, ...p }) => p)).toEqual([
      { code: 'PSE', product: 'payin', show: true, open: true },
      { code: 'NEQUI', product: 'payin', show: true, open: false },
      { code: 'EFECTY', product: 'payin', show: false, open: false },
      { code: 'CO_BANK_TRANSFER', product: 'payout', show: true, open: false },
      { code: 'WALLET', product: 'marketplace', show: true, open: true },
    ]);
    const other = await call<ProductList>(productList.path, 'condor', { country: 'CO' });
    expect(other.data.list.map((p) => p.code)).toEqual(['BANK_BUTTON']);
    expect((await call<ProductList>(productList.path, 'admin', { country: 'PE' })).data.list).toEqual([]);
  });
});

describe('unread messages', () => {
  test('counts what was published to every merchant or to the caller’s, up to now, and not yet read by the caller', async () => {
    await f.clearMessages();
    const all = await f.message(null, new Date(NOW.getTime() - 3 * DAY_MS), 'ANNOUNCEMENT');
    const mine = await f.message('ANDES-DEMO', new Date(NOW.getTime() - DAY_MS));
    await f.message('ANDES-DEMO', new Date(NOW.getTime() + DAY_MS));
    await f.message('CONDOR', new Date(NOW.getTime() - DAY_MS));
    const count = async (who: 'admin' | 'condor') => (await call<UnreadCount>(unreadMessageCount.path, who, {})).data.count;
    expect(await count('admin')).toBe(2);
    expect(await count('condor')).toBe(2);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.admin.username));
    await f.markRead(mine, admin?.id ?? 0, NOW);
    expect(await count('admin')).toBe(1);
    await f.markRead(all, admin?.id ?? 0, NOW);
    expect(await count('admin')).toBe(0);
    // Another user's reads are theirs.
    expect(await count('condor')).toBe(2);
  });
});
