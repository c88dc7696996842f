import { login } from '@andes/contract/auth/endpoints';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Page } from '@andes/contract/common/page';
import { paymentLinkPage } from '@andes/contract/payment-link/endpoints';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { shopifyPage } from '@andes/contract/shopify/endpoints';
import { transactionAdvancedPage } from '@andes/contract/transaction/endpoints';
import type { TransactionAdvancedPageRequest, TransactionListItem } from '@andes/contract/transaction/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { countPlanOf } from '../../src/modules/transaction/transaction-count.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { addDailyStatsOf, EventFactory, merchantId, sendAll, withPlatformToken } from '../ledger/support.ts';

/**
 * The lists' totals (issue 5 item 8): exact for every filter kind, whether counted from the daily
 * figures (whole local days and months), with partial edge days counted from the rows, or counted
 * from the rows alone (filters the figures cannot answer); capped past 10,000.
 */

// 15:00 UTC on 10 March 2026 is 12:00 in São Paulo (UTC-3): today in BR is 2026-03-10.
const NOW = new Date('2026-03-10T15:00:00Z');
const MINUTE = 60_000;

let t: TestApp;
let admin: string;
let market: string;
let condor: string;
let demoId: number;
let subBr: number;
const f = new EventFactory('count');
const u: Record<string, string> = {};

type Answer<T> = { code: number; msg: string; data: T };
type ListBody = Partial<TransactionAdvancedPageRequest>;

/** The event at a given instant (its follow-ups a minute apart after it). */
const at = (event: PlatformEventInput, iso: string, minutes = 0): PlatformEventInput => ({
  ...event,
  occurredAt: new Date(Date.parse(iso) + minutes * MINUTE).toISOString(),
});

const send = (events: PlatformEventInput[]) => sendAll(t.app, events);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  demoId = await merchantId(t.db, 'ANDES-DEMO');
  subBr = await merchantId(t.db, 'ANDES-DEMO-BR');
  for (const k of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'o1', 'condor']) u[k] = f.uniqueId(k);
  const id = (k: string) => u[k] as string;
  await send([
    // 23:59:59.999 on 1 March in São Paulo, and local midnight of 2 March one millisecond later.
    at(f.created({ uniqueId: id('p1') }), '2026-03-02T02:59:59.999Z'),
    at(f.settled(id('p1'), { fee: 100 }), '2026-03-02T02:59:59.999Z', 1),
    at(f.created({ uniqueId: id('p2') }), '2026-03-02T03:00:00.000Z'),
    at(f.statusChanged(id('p2'), 'FAILED'), '2026-03-02T03:00:00.000Z', 1),
    at(
      f.created({ uniqueId: id('p3'), productType: 'CARD', card: { brand: 'VISA', bin: '411111', last4: '1234' } }),
      '2026-03-05T12:00:00Z',
    ),
    at(f.created({ uniqueId: id('p4'), productType: 'BOLETO', subMerchantCode: 'ANDES-DEMO-BR' }), '2026-03-05T20:00:00Z'),
    at(f.statusChanged(id('p4'), 'EXPIRED'), '2026-03-05T20:00:00Z', 1),
    at(f.created({ uniqueId: id('p5'), subMerchantCode: 'ANDES-DEMO-BR' }), '2026-02-20T10:00:00Z'),
    at(f.settled(id('p5'), { availableInDays: 0 }), '2026-02-20T10:00:00Z', 1),
    at(f.created({ uniqueId: id('p6'), paymentLinkId: 'pl-count-1' }), '2026-01-15T15:00:00Z'),
    at(f.settled(id('p6')), '2026-01-15T15:00:00Z', 1),
    at(
      f.created({
        uniqueId: id('p7'),
        productType: 'CARD',
        storeOrder: { platform: 'SHOPIFY', shopDomain: 'andes.myshopify.com', orderId: '5001' },
      }),
      '2026-01-15T16:00:00Z',
    ),
    at(f.created({ uniqueId: id('p8'), amount: 123_456 }), '2026-03-09T23:00:00Z'),
    at(f.payout({ uniqueId: id('o1'), amount: 1_000 }), '2026-03-04T12:00:00Z'),
    at(f.created({ uniqueId: id('condor'), country: 'MX', currency: 'MXN', productType: 'SPEI' }, 'CONDOR'), '2026-03-04T12:00:00Z'),
  ]);
  await releaseDue(t.db, t.clock);
  // A full refund 30 s after local midnight of 3 March: REFUNDED pay-in, and a REFUND row of that day.
  await send([at(f.refunded(id('p5'), 10_000), '2026-03-03T03:00:30Z')]);
  admin = await signIn(t.app, login.path, 'admin');
  market = await signIn(t.app, login.path, 'market');
  condor = await signIn(t.app, login.path, 'condor');
});
afterAll(async () => t?.close());

const call = <T>(path: string, token: string, body: object) => post(t.app, path, body, { token }).then((r) => envelope<T>(r) as Answer<T>);
const list = (body: ListBody, token = admin) =>
  call<Page<TransactionListItem>>(transactionAdvancedPage.path, token, { list: 'payin', country: 'BR', pageSize: 100, ...body });

/** The page's total and whether it is capped, checked against the rows the list itself shows. */
async function totalOf(body: ListBody, token = admin): Promise<number> {
  const page = await list(body, token);
  if (page.code !== 200) throw new Error(`${page.code} ${page.msg}`);
  expect(page.data.totalCapped).toBe(false);
  expect(page.data.nextCursor).toBeNull();
  expect(page.data.total, 'the total is the number of rows the list shows').toBe(page.data.list.length);
  return page.data.total;
}

const range = (start: string, end: string) => ({ createdAt: { start, end } });

describe('totals from the daily figures', () => {
  test.each<[string, () => ListBody, number]>([
    ['the bare list (the whole window)', () => ({}), 8],
    ['one status', () => ({ statuses: ['SETTLED'] }), 2],
    ['several statuses', () => ({ statuses: ['REFUNDED', 'FAILED'] }), 2],
    ['a product type', () => ({ productTypes: ['CARD'] }), 2],
    ['a product type and a status', () => ({ productTypes: ['PIX'], statuses: ['SETTLED'] }), 2],
    ['a sub-merchant', () => ({ subMerchantIds: [subBr] }), 2],
    ['the refund list', () => ({ transactionType: 'REFUND' }), 1],
    ['the payout list', () => ({ list: 'payout' }), 1],
    ['whole local days (midnight to midnight)', () => range('2026-03-02T03:00:00.000Z', '2026-03-06T03:00:00.000Z'), 3],
    ['whole months and days across them', () => range('2026-01-15T03:00:00.000Z', '2026-03-03T03:00:00.000Z'), 5],
  ])('%s', async (_name, body, expected) => {
    expect(await totalOf(body())).toBe(expected);
  });

  test('partial days at both edges count only the rows inside the window', async () => {
    // From 1 ms before local midnight of 2 March (p1) to 12:00 local of 5 March (p3 at 09:00 local, not p4 at 17:00).
    expect(await totalOf(range('2026-03-02T02:59:59.999Z', '2026-03-05T15:00:00.000Z'))).toBe(3);
    // From 1 ms after local midnight of 2 March: p2 (exactly at midnight) is out.
    expect(await totalOf(range('2026-03-02T03:00:00.001Z', '2026-03-06T03:00:00.000Z'))).toBe(2);
    // The refund 30 s after midnight, inside and outside a window ending at 00:00:30 / 00:00:31.
    expect(await totalOf({ transactionType: 'REFUND', ...range('2026-03-01T03:00:00Z', '2026-03-03T03:00:30.000Z') })).toBe(0);
    expect(await totalOf({ transactionType: 'REFUND', ...range('2026-03-01T03:00:00Z', '2026-03-03T03:00:30.001Z') })).toBe(1);
    // A window inside one day has no whole day: counted from the rows.
    expect(await totalOf(range('2026-03-05T11:00:00Z', '2026-03-05T21:00:00Z'))).toBe(2);
  });

  test("a sub-merchant user's total covers only their own rows", async () => {
    expect(await totalOf({}, market)).toBe(2);
    expect(await totalOf({ statuses: ['EXPIRED'] }, market)).toBe(1);
  });

  test("another merchant's total covers only its own rows", async () => {
    expect(await totalOf({ country: 'MX' }, condor)).toBe(1);
    expect(await totalOf({ country: 'MX' })).toBe(0);
  });
});

describe('totals counted from the rows (filters the figures cannot answer)', () => {
  test.each<[string, () => ListBody, number]>([
    ['an amount range', () => ({ amountMin: 100_000 }), 1],
    ['a refund status', () => ({ refundStatus: 'FULL' }), 1],
    ['a unique id', () => ({ uniqueId: u.p3 }), 1],
    ['a card BIN', () => ({ cardBin: '411111' }), 1],
    ['the deep query', () => ({ deep: true, uniqueId: u.p3 }), 1],
  ])('%s', async (_name, body, expected) => {
    expect(await totalOf(body())).toBe(expected);
  });

  test('the payment-link and Shopify lists', async () => {
    const links = await call<Page<TransactionListItem>>(paymentLinkPage.path, admin, { country: 'BR', pageSize: 100 });
    expect(links.data).toMatchObject({ total: 1, totalCapped: false });
    expect(links.data.list.map((r) => r.uniqueId)).toEqual([u.p6]);
    const shop = await call<Page<TransactionListItem>>(shopifyPage.path, admin, { country: 'BR', pageSize: 100 });
    expect(shop.data).toMatchObject({ total: 1, totalCapped: false });
    expect(shop.data.list.map((r) => r.uniqueId)).toEqual([u.p7]);
  });
});

describe(`past ${MAX_EXACT_TOTAL} rows`, () => {
  /**
   * `n` settled TED pay-ins of ANDES-DEMO in Brazil written straight to the table, one every
   * `stepSeconds` from `start`, with their daily figures (as the event handlers would keep them).
   */
  async function bulk(prefix: string, n: number, start: string, stepSeconds: number): Promise<void> {
    await t.db.execute(sql`
      insert into transactions (unique_id, merchant_id, account_id, transaction_type, product, product_type, country, currency,
                                amount, status, merchant_reference, created_at, created_date, status_at)
      select ${prefix} || g, a.merchant_id, a.id, 'PAY_IN', 'payin', 'TED', 'BR', 'BRL', 5000, 'SETTLED', ${prefix} || g,
             x.at, to_char(x.at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'), x.at
        from accounts a
       cross join generate_series(1, ${n}) g
       cross join lateral (select ${start}::timestamptz + (g - 1) * ${stepSeconds} * interval '1 second' as at) x
       where a.kind = 'MERCHANT' and a.holder_id = ${demoId} and a.country = 'BR' and a.account_type = 'PAY_IN'`);
    await addDailyStatsOf(t.db, prefix);
  }

  const rowsIn = async (from: string, to: string) => {
    const result = (await t.db.execute(
      sql`select count(*)::int8 as n from transactions
           where merchant_id = ${demoId} and country = 'BR' and transaction_type = 'PAY_IN' and product_type = 'TED'
             and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`,
    )) as unknown as { rows: { n: string | number }[] };
    return Number(result.rows[0]?.n);
  };

  test('exactly 10,000 is exact; one more is "10,000+"; a partial window over them stays exact', async () => {
    // 10,000 rows from 1 February (00:00 local) every 241 s: to 28 February, across 28 local days.
    await bulk('bulk-a-', MAX_EXACT_TOTAL, '2026-02-01T03:00:00Z', 241);
    const ted = { productTypes: ['TED' as const], pageSize: 20 as const };
    expect((await list(ted)).data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: false });

    await bulk('bulk-b-', 1, '2026-03-01T12:00:00Z', 1);
    const capped = await list(ted);
    expect(capped.data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: true });
    expect(capped.data.list).toHaveLength(20);
    expect((await list({ pageSize: 20 })).data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: true });

    // 09:00 local on 10 February to 15:00 local on 20 February: whole days from the figures, two partial ones from the rows.
    const from = '2026-02-10T12:00:00.000Z';
    const to = '2026-02-20T18:00:00.000Z';
    const expected = await rowsIn(from, to);
    expect(expected).toBeGreaterThan(3_000);
    const partial = await list({ ...ted, ...range(from, to) });
    expect(partial.data).toMatchObject({ total: expected, totalCapped: false });
  });

  test('a window whose partial edge days alone hold more than 10,000 rows is capped', async () => {
    // 10,001 rows from 18:00 local on 7 March, 2 s apart (to 23:33), and a window from 18:00 local on
    // 7 March to 12:00 local on 9 March: 8 March whole, the rows all in the partial first day.
    await bulk('bulk-c-', MAX_EXACT_TOTAL + 1, '2026-03-07T21:00:00Z', 2);
    const body = { productTypes: ['TED' as const], ...range('2026-03-07T21:00:00.000Z', '2026-03-09T15:00:00.000Z') };
    const plan = countPlanOf(
      { merchantId: demoId, subMerchantId: null },
      {
        country: 'BR',
        transactionTypes: ['PAY_IN'],
        createdFrom: new Date(body.createdAt.start),
        createdTo: new Date(body.createdAt.end),
        statuses: [],
        productTypes: ['TED'],
        subMerchantIds: [],
      },
    );
    expect(plan?.edges).toHaveLength(2);
    expect((await list({ ...body, pageSize: 20 })).data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: true });
  });
});
