import { login } from '@andes/contract/auth/endpoints';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { globalAccountInfo, globalStatementPage } from '@andes/contract/global/endpoints';
import type { GlobalAccountInfo, GlobalStatementLine, GlobalStatementRequest } from '@andes/contract/global/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MINUTE_MS } from '../../src/clock.ts';
import { accounts } from '../../src/db/schema/ledger.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import { type StatementFilter, statementPageQuery } from '../../src/modules/global/global.repository.ts';
import { GLOBAL_MESSAGES } from '../../src/modules/global/global.service.ts';
import { MoneyFixture } from '../fixtures/money.ts';
import { createTestApp, DEMO, type Envelope, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let f: MoneyFixture;
const token: Record<'admin' | 'finance' | 'market' | 'condor', string> = { admin: '', finance: '', market: '', condor: '' };
const ids = { brPayout: 0, mxMarket: 0 };

const info = (who: keyof typeof token) =>
  post(t.app, globalAccountInfo.path, {}, { token: token[who] }).then((r) => envelope<GlobalAccountInfo>(r) as Envelope<GlobalAccountInfo>);
const statement = (who: keyof typeof token, body: Partial<GlobalStatementRequest>) =>
  post(t.app, globalStatementPage.path, body, { token: token[who] }).then(
    (r) => envelope<Page<GlobalStatementLine>>(r) as Envelope<Page<GlobalStatementLine>>,
  );

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  f = await MoneyFixture.create(t.db);
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await signIn(t.app, login.path, who);
});
afterAll(async () => t?.close());

describe('the global account', () => {
  test('a merchant whose global account was never used gets it opened, empty, once', async () => {
    const first = await info('condor');
    expect(first.code).toBe(ResultCode.OK);
    expect(first.data).toMatchObject({
      accountNo: 'CONDOR.GLOBAL.USD',
      currency: 'USD',
      balance: 0,
      available: 0,
      unavailable: 0,
      last30Days: { topup: 0, transferOut: 0 },
      asOf: NOW.toISOString(),
    });
    const again = await info('condor');
    expect(again.data.accountId).toBe(first.data.accountId);
    const rows = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.kind, 'GLOBAL'), eq(accounts.holderId, f.merchantId('CONDOR'))));
    expect(rows).toEqual([{ id: first.data.accountId }]);
  });

  test('where funds can go: each authorised country with the accounts that can be topped up', async () => {
    const admin = await info('admin');
    expect(admin.data.options).toHaveLength(14);
    expect(admin.data.options.slice(0, 4)).toEqual([
      { countryCode: 'US', transactionTypeCode: 'PAY_OUT' },
      { countryCode: 'US', transactionTypeCode: 'MARKET_PLACE' },
      { countryCode: 'BR', transactionTypeCode: 'PAY_OUT' },
      { countryCode: 'BR', transactionTypeCode: 'MARKET_PLACE' },
    ]);
    // demo.finance is authorised in BR, MX and CO only.
    const finance = await info('finance');
    expect(finance.data.options.map((o) => `${o.countryCode}.${o.transactionTypeCode}`)).toEqual([
      'BR.PAY_OUT',
      'BR.MARKET_PLACE',
      'MX.PAY_OUT',
      'MX.MARKET_PLACE',
      'CO.PAY_OUT',
      'CO.MARKET_PLACE',
    ]);
  });

  test('sub-merchant users have no global balance, even holding the permission', async () => {
    const [role] = await t.db
      .insert(roles)
      .values({ merchantId: f.merchantId('ANDES-DEMO'), name: 'Global viewer' })
      .returning({ id: roles.id });
    await t.db.insert(rolePermissions).values({ roleId: role?.id ?? 0, code: 'global-balance' });
    const [market] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.market.username));
    await t.db.insert(userRoles).values({ userId: market?.id ?? 0, roleId: role?.id ?? 0 });
    expect(await info('market')).toMatchObject({ code: ResultCode.FORBIDDEN, msg: GLOBAL_MESSAGES.merchantOnly });
    expect(await statement('market', {})).toMatchObject({ code: ResultCode.FORBIDDEN, msg: GLOBAL_MESSAGES.merchantOnly });
  });
});

describe('with money moved', () => {
  beforeAll(async () => {
    ids.brPayout = await f.localAccount('ANDES-DEMO', 'BR', 'PAY_OUT');
    ids.mxMarket = await f.localAccount('ANDES-DEMO', 'MX', 'MARKET_PLACE');
    await f.globalTopup('ANDES-DEMO', 100_000, at('2026-01-20T12:00:00Z'), 'TOPUP-JAN');
    await f.globalTopup('ANDES-DEMO', 50_000, at('2026-02-25T12:00:00Z'), 'TOPUP-FEB');
    // 01:00 UTC on 5 March is still 4 March in São Paulo.
    await f.globalTransferOut('ANDES-DEMO', ids.brPayout, 30_000, 150_000, '5.0000', at('2026-03-05T01:00:00Z'), 'TRANSFER-BR');
    // Twenty small top-ups on 6 March, two at each half hour (equal times are ordered by id).
    for (let i = 0; i < 20; i += 1) {
      await f.globalTopup(
        'ANDES-DEMO',
        100,
        new Date(at('2026-03-06T12:00:00Z').getTime() + Math.floor(i / 2) * 30 * MINUTE_MS),
        `SMALL-${i}`,
      );
    }
    await f.globalTransferOut('ANDES-DEMO', ids.mxMarket, 10_000, 170_000, '17.00', at('2026-03-08T12:00:00Z'), 'TRANSFER-MX');
    await f.globalTopup('ANDES-DEMO', 5_000, at('2026-03-09T12:00:00Z'), 'TOPUP-MAR');
  });

  test('balance, available and the last 30 days', async () => {
    const res = await info('admin');
    expect(res.data).toMatchObject({
      accountNo: 'ANDES-DEMO.GLOBAL.USD',
      currency: 'USD',
      balance: 100_000 + 50_000 - 30_000 - 10_000 + 5_000 + 2_000,
      available: 117_000,
      unavailable: 0,
      // January's top-up is older than 30 days.
      last30Days: { topup: 50_000 + 5_000 + 2_000, transferOut: 40_000 },
    });
    // CONDOR's stays empty.
    expect((await info('condor')).data).toMatchObject({ balance: 0, last30Days: { topup: 0, transferOut: 0 } });
  });

  test('the statement of the last week by default, newest first, with what each line did to the balance', async () => {
    const res = await statement('admin', {});
    expect(res.code).toBe(ResultCode.OK);
    // 3 to 10 March (UTC): the two transfers, March's top-up and the twenty small ones.
    expect(res.data).toMatchObject({ total: 23, totalCapped: false });
    expect(res.data.list).toHaveLength(20);
    expect(res.data.list[0]).toMatchObject({
      reference: 'TOPUP-MAR',
      businessType: 'TOPUP',
      amount: 5_000,
      startBalance: 112_000,
      endBalance: 117_000,
    });
    expect(res.data.list[1]).toEqual({
      id: expect.any(Number),
      businessType: 'TRANSFER_OUT',
      reference: 'TRANSFER-MX',
      targetAccountNo: 'ANDES-DEMO.MX.MARKET_PLACE',
      targetAccountType: 'MARKET_PLACE',
      targetCountry: 'MX',
      amount: -10_000,
      targetAmount: 170_000,
      targetCurrency: 'MXN',
      exchangeRate: '17.00',
      startBalance: 122_000,
      endBalance: 112_000,
      createdAt: '2026-03-08T12:00:00.000Z',
    });
    expect(res.data.list.slice(2).every((l) => l.reference.startsWith('SMALL-'))).toBe(true);
  });

  test('paging walks every line once, newest first, equal times by id', async () => {
    const range = { from: '2026-01-01', to: '2026-03-10' };
    const seen: GlobalStatementLine[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const res = await statement('admin', { range, pageSize: 10, ...(cursor ? { cursor } : {}) });
      expect(res.data.total).toBe(25);
      seen.push(...res.data.list);
      if (res.data.nextCursor === null) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((l) => l.id)).size).toBe(25);
    const order = seen.map((l) => [Date.parse(l.createdAt), l.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
    expect(seen.at(-1)?.reference).toBe('TOPUP-JAN');
    // Each line starts where the one before it (in time) ended.
    const oldestFirst = [...seen].reverse();
    for (let i = 1; i < oldestFirst.length; i += 1) expect(oldestFirst[i]?.startBalance).toBe(oldestFirst[i - 1]?.endBalance);
  });

  test('filters: business type, target country, and dates in the given time zone', async () => {
    const range = { from: '2026-01-01', to: '2026-03-10' };
    const transfers = await statement('admin', { range, businessType: 'TRANSFER_OUT' });
    expect(transfers.data.list.map((l) => l.reference)).toEqual(['TRANSFER-MX', 'TRANSFER-BR']);
    expect(transfers.data).toMatchObject({ total: 2, nextCursor: null });
    const brazil = await statement('admin', { range, targetCountry: 'BR' });
    expect(brazil.data.list.map((l) => [l.reference, l.targetCurrency, l.targetAmount, l.startBalance, l.endBalance])).toEqual([
      ['TRANSFER-BR', 'BRL', 150_000, 150_000, 120_000],
    ]);
    const topups = await statement('admin', { range, businessType: 'TOPUP', pageSize: 50 });
    expect(topups.data.total).toBe(23);
    const fifth = { from: '2026-03-05', to: '2026-03-05' };
    expect((await statement('admin', { range: fifth })).data.list.map((l) => l.reference)).toEqual(['TRANSFER-BR']);
    expect((await statement('admin', { range: fifth, timezoneName: 'America/Sao_Paulo' })).data.list).toEqual([]);
    const fourth = { from: '2026-03-04', to: '2026-03-04' };
    expect((await statement('admin', { range: fourth, timezoneName: 'America/Sao_Paulo' })).data.list.map((l) => l.reference)).toEqual([
      'TRANSFER-BR',
    ]);
  });

  test("CONDOR's statement holds none of ANDES-DEMO's lines", async () => {
    const res = await statement('condor', { range: { from: '2026-01-01', to: '2026-03-10' } });
    expect(res.data).toEqual({ list: [], total: 0, totalCapped: false, nextCursor: null });
  });

  test('a cursor or a time zone that is not one is refused', async () => {
    const bad = await statement('admin', { cursor: Buffer.from('g:yesterday|1').toString('base64url') });
    expect(bad).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: `cursor: ${GLOBAL_MESSAGES.invalidCursor}` });
    const zone = await statement('admin', { timezoneName: 'Mars/Olympus_Mons' });
    expect(zone).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: `timezoneName: ${GLOBAL_MESSAGES.unknownTimeZone}` });
  });

  test('the page query is served by the (merchant, occurred_at, id) index scanned backward, without a sort', async () => {
    const scope = { merchantId: f.merchantId('ANDES-DEMO'), subMerchantId: null };
    const filters: StatementFilter[] = [
      { start: at('2026-01-01T00:00:00Z'), end: at('2026-03-11T00:00:00Z') },
      { start: at('2026-01-01T00:00:00Z'), end: at('2026-03-11T00:00:00Z'), businessType: 'TOPUP' },
    ];
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const filter of filters) {
        for (const after of [null, { at: '2026-03-06T02:00:00.000000Z', id: 1_000_000 }]) {
          const res = await tx.execute(sql`explain ${statementPageQuery(tx, scope, filter, after, 21)}`);
          plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
        }
      }
    });
    for (const plan of plans) {
      expect(plan).toContain('Index Scan Backward using global_movements_statement_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  test(`the total is exact up to ${MAX_EXACT_TOTAL}, then capped`, async () => {
    const condor = f.merchantId('CONDOR');
    const [global] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.kind, 'GLOBAL'), eq(accounts.holderId, condor)));
    // Statement lines only (the count is what is tested), one cent each.
    await t.db.execute(sql`
      insert into global_movements (merchant_id, account_id, business_type, reference, amount, start_balance, end_balance, occurred_at)
      select ${condor}, ${global?.id ?? 0}, 'TOPUP', 'BULK-' || g, 1, g - 1, g, '2026-03-09T12:00:00Z'::timestamptz
      from generate_series(1, ${MAX_EXACT_TOTAL + 5}) as g`);
    const res = await statement('condor', {});
    expect(res.data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: true });
    expect(res.data.list).toHaveLength(20);
    expect(res.data.list[0]?.reference).toBe(`BULK-${MAX_EXACT_TOTAL + 5}`);
    expect(res.data.nextCursor).not.toBeNull();
  });
});
