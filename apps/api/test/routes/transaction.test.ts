import { login } from '@andes/contract/auth/endpoints';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import {
  transactionAdvancedPage,
  transactionPage,
  transactionQuery,
  transactionSubMerchantQuery,
} from '@andes/contract/transaction/endpoints';
import {
  AMOUNT_RANGE_MESSAGE,
  productTypeCountryMessage,
  SUB_MERCHANT_FORBIDDEN_MESSAGE,
  TRANSACTION_MESSAGES,
  type TransactionAdvancedPageRequest,
  type TransactionDetail,
  type TransactionListItem,
  transactionTypeListMessage,
} from '@andes/contract/transaction/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { type TransactionFilter, transactionListQuery } from '../../src/modules/transaction/transaction.repository.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { addDailyStatsOf, EventFactory, merchantId, sendAll, withPlatformToken } from '../ledger/support.ts';

// 15:00 UTC on 10 March 2026 is 12:00 in São Paulo (UTC-3): today in BR is 2026-03-10.
const NOW = new Date('2026-03-10T15:00:00Z');

let t: TestApp;
let admin: string;
let market: string;
let condor: string;
let demoId: number;
let subBr: number;
let subCo: number;
const f = new EventFactory('tx');
const ids: Record<string, string> = {};

type Answer<T> = { code: number; msg: string; data: T };
type ListBody = Partial<TransactionAdvancedPageRequest>;

const send = (events: PlatformEventInput[]) => sendAll(t.app, events);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  demoId = await merchantId(t.db, 'ANDES-DEMO');
  subBr = await merchantId(t.db, 'ANDES-DEMO-BR');
  subCo = await merchantId(t.db, 'ANDES-DEMO-CO');
  for (const k of ['pix', 'card', 'sub', 'payout', 'held', 'refunded', 'condor']) ids[k] = f.uniqueId(k);
  await send([
    f.created({
      uniqueId: ids.pix as string,
      merchantReference: 'ORDER-PIX-1',
      payer: { name: 'Ana Lima', document: '11122233344', e2eId: 'E2E0001', pixKey: 'ana@example.com', pixKeyType: 'EMAIL' },
      accountName: 'Loja Ana',
    }),
    f.statusChanged(ids.pix as string, 'IN_PROGRESS'),
    f.settled(ids.pix as string, { fee: 150, vat: 0 }),
    f.created({
      uniqueId: ids.card as string,
      productType: 'CARD',
      amount: 25_000,
      card: { brand: 'VISA', bin: '411111', last4: '1234', holder: 'ANA LIMA' },
    }),
    f.statusChanged(ids.card as string, 'FAILED'),
    f.created({ uniqueId: ids.sub as string, subMerchantCode: 'ANDES-DEMO-BR', amount: 5_000 }),
    f.payout({ uniqueId: ids.payout as string, amount: 3_000 }),
    f.created({ uniqueId: ids.held as string, amount: 7_000 }),
    f.settled(ids.held as string),
    f.held(ids.held as string),
    f.created({ uniqueId: ids.refunded as string, amount: 9_000 }),
    f.settled(ids.refunded as string, { availableInDays: 0 }),
  ]);
  await send([f.created({ uniqueId: ids.condor as string, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 4_000 }, 'CONDOR')]);
  admin = await signIn(t.app, login.path, 'admin');
  market = await signIn(t.app, login.path, 'market');
  condor = await signIn(t.app, login.path, 'condor');
});
afterAll(async () => t?.close());

const call = <T>(path: string, token: string, body: object) => post(t.app, path, body, { token }).then((r) => envelope<T>(r) as Answer<T>);
const list = (token: string, body: ListBody) =>
  call<Page<TransactionListItem>>(transactionAdvancedPage.path, token, { list: 'payin', country: 'BR', pageSize: 100, ...body });
const uniqueIds = async (body: ListBody, token = admin) => {
  const page = await list(token, body);
  if (page.code !== 200) throw new Error(`${page.code} ${page.msg}`);
  return page.data.list.map((r) => r.uniqueId);
};
const issues = (a: Answer<unknown>) => (a.data as { issues: { path: string; message: string }[] }).issues;

describe('the lists', () => {
  test('a list shows its own type, newest first, with the fields of a row', async () => {
    expect(await uniqueIds({})).toEqual([ids.refunded, ids.held, ids.sub, ids.card, ids.pix]);
    expect(await uniqueIds({ list: 'payout' })).toEqual([ids.payout]);
    const page = await list(admin, {});
    expect(page.data).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });
    expect(page.data.list.find((r) => r.uniqueId === ids.pix)).toEqual({
      id: expect.any(Number),
      uniqueId: ids.pix,
      merchantReference: 'ORDER-PIX-1',
      accountName: 'Loja Ana',
      subMerchantId: null,
      subMerchantName: null,
      transactionType: 'PAY_IN',
      productType: 'PIX',
      country: 'BR',
      currency: 'BRL',
      amount: 10_000,
      fee: 150,
      vat: 0,
      status: 'SETTLED',
      holdStatus: 2,
      refundStatus: 'NONE',
      refundedAmount: 0,
      createdAt: '2026-03-02T15:01:00.000Z',
      settledAt: '2026-03-02T15:03:00.000Z',
      counterpartyName: 'Ana Lima',
      document: '11122233344',
      e2eId: 'E2E0001',
      cardBrand: null,
      cardBin: null,
      cardLast4: null,
      paymentLinkId: null,
      storeOrder: null,
    });
    expect(page.data.list.find((r) => r.uniqueId === ids.sub)).toMatchObject({
      subMerchantId: subBr,
      subMerchantName: 'Andes Demo Marketplace',
    });
    // The simple search answers the same rows.
    const simple = await call<Page<TransactionListItem>>(transactionPage.path, admin, { list: 'payin', country: 'BR' });
    expect(simple.data.list.map((r) => r.uniqueId)).toEqual([ids.refunded, ids.held, ids.sub, ids.card, ids.pix]);
  });

  test('each filter narrows the list', async () => {
    expect(await uniqueIds({ statuses: ['FAILED'] })).toEqual([ids.card]);
    expect(await uniqueIds({ statuses: ['FAILED', 'CREATED'] })).toEqual([ids.sub, ids.card]);
    expect(await uniqueIds({ productTypes: ['CARD'] })).toEqual([ids.card]);
    expect(await uniqueIds({ amountMin: 9_000, amountMax: 10_000 })).toEqual([ids.refunded, ids.pix]);
    expect(await uniqueIds({ amountMin: 25_000 })).toEqual([ids.card]);
    expect(await uniqueIds({ uniqueId: ids.held })).toEqual([ids.held]);
    expect(await uniqueIds({ merchantReference: 'ORDER-PIX-1' })).toEqual([ids.pix]);
    expect(await uniqueIds({ e2eId: 'E2E0001' })).toEqual([ids.pix]);
    expect(await uniqueIds({ document: '11122233344' })).toEqual([ids.pix]);
    expect(await uniqueIds({ cardBin: '411111' })).toEqual([ids.card]);
    expect(await uniqueIds({ cardLast4: '1234' })).toEqual([ids.card]);
    expect(await uniqueIds({ cardLast4: '9999' })).toEqual([]);
    expect(await uniqueIds({ holdStatus: 1 })).toEqual([ids.held]);
    expect(await uniqueIds({ subMerchantIds: [subBr] })).toEqual([ids.sub]);
    // 15:01 to 15:05 UTC on 2 March: the PIX pay-in (15:01) and the card pay-in (15:05), end exclusive.
    expect(await uniqueIds({ createdAt: { start: '2026-03-02T15:01:00.000Z', end: '2026-03-02T15:06:00.000Z' } })).toEqual([
      ids.card,
      ids.pix,
    ]);
    expect(await uniqueIds({ list: 'holding-page' })).toEqual([ids.held]);
  });

  test('a refund is a row of its own on the pay-in list, and the pay-in shows its refund status', async () => {
    // The settled money becomes available (the release job), so the refund is covered.
    await releaseDue(t.db, t.clock);
    await send([f.refunded(ids.refunded as string, 4_000, 'tx-refund-1')]);
    expect(await uniqueIds({ transactionType: 'REFUND' })).toEqual(['tx-refund-1']);
    expect(await uniqueIds({ refundStatus: 'PARTIAL' })).toEqual([ids.refunded]);
    expect(await uniqueIds({ refundStatus: 'FULL' })).toEqual([]);
  });

  test('another merchant’s rows never appear; a sub-merchant user sees only their own', async () => {
    expect(await uniqueIds({ country: 'MX' }, condor)).toEqual([ids.condor]);
    expect(await uniqueIds({ country: 'MX' })).toEqual([]);
    expect(await uniqueIds({}, market)).toEqual([ids.sub]);
    expect(await uniqueIds({ subMerchantIds: [subBr] }, market)).toEqual([ids.sub]);
  });

  test('naming a sub-merchant the caller may not see is refused', async () => {
    const foreign = await list(condor, { country: 'MX', subMerchantIds: [subBr] });
    expect(foreign).toEqual({ code: ResultCode.FORBIDDEN, msg: SUB_MERCHANT_FORBIDDEN_MESSAGE, data: null });
    // A sub-merchant user naming a sibling sub-merchant.
    expect((await list(market, { subMerchantIds: [subCo] })).code).toBe(ResultCode.FORBIDDEN);
    expect((await list(condor, { country: 'MX', subMerchantIds: [2_000_000] })).msg).toBe(SUB_MERCHANT_FORBIDDEN_MESSAGE);
  });

  test('a list needs its own permission, and the country must be authorised', async () => {
    // demo.market holds the pay-in list (role "Marketplace staff") but not the payout list nor the deep query.
    expect((await list(market, { list: 'payout' })).code).toBe(ResultCode.FORBIDDEN);
    expect((await list(market, { deep: true, uniqueId: ids.sub })).code).toBe(ResultCode.FORBIDDEN);
    const co = await list(condor, { country: 'BR' });
    expect(co).toMatchObject({ code: ResultCode.FORBIDDEN, msg: 'Country BR is not one of your authorised countries' });
  });

  test('the created-at window: nothing beyond today, nothing older than five months, except the deep query', async () => {
    const future = await list(admin, { createdAt: { start: '2026-03-10T00:00:00.000Z', end: '2026-03-12T00:00:00.000Z' } });
    expect(future.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(issues(future)).toEqual([{ path: 'createdAt', message: TRANSACTION_MESSAGES.rangeInFuture }]);
    // The end of today in São Paulo (03:00 UTC on the 11th) is allowed.
    expect((await list(admin, { createdAt: { start: '2026-03-01T03:00:00.000Z', end: '2026-03-11T03:00:00.000Z' } })).code).toBe(200);
    const old = await list(admin, { createdAt: { start: '2025-10-01T03:00:00.000Z', end: '2026-03-01T03:00:00.000Z' } });
    expect(issues(old)).toEqual([{ path: 'createdAt', message: TRANSACTION_MESSAGES.rangeTooOld }]);
    // 10 October 2025 00:00 in São Paulo is the first instant of the window.
    expect((await list(admin, { createdAt: { start: '2025-10-10T03:00:00.000Z', end: '2026-03-01T03:00:00.000Z' } })).code).toBe(200);

    const deep = await list(admin, { deep: true });
    expect(issues(deep)).toEqual([{ path: 'uniqueId', message: TRANSACTION_MESSAGES.deepNeedsIdentifier }]);
    // A deep query reaches all time: the 100-year range, its end beyond 2099 meaning now.
    expect(
      await uniqueIds({
        deep: true,
        merchantReference: 'ORDER-PIX-1',
        createdAt: { start: '2000-01-01T00:00:00.000Z', end: '2126-03-01T03:00:00.000Z' },
      }),
    ).toEqual([ids.pix]);
  });

  test('requests are checked field by field', async () => {
    const amounts = await list(admin, { amountMin: 500, amountMax: 100 });
    expect(issues(amounts)).toEqual([{ path: 'amountMax', message: AMOUNT_RANGE_MESSAGE }]);
    const product = await list(admin, { productTypes: ['SPEI'] });
    expect(issues(product)).toEqual([{ path: 'productTypes.0', message: productTypeCountryMessage('SPEI', 'BR') }]);
    const type = await list(admin, { list: 'payout', transactionType: 'PAY_IN' });
    expect(issues(type)).toEqual([{ path: 'transactionType', message: transactionTypeListMessage('PAY_IN', 'payout') }]);
    expect(issues(await list(admin, { cardBin: '41' }))[0]?.path).toBe('cardBin');
    expect(issues(await list(admin, { statuses: ['FAILED', 'FAILED'] }))[0]?.path).toBe('statuses');
    const cursor = await list(admin, { cursor: Buffer.from('tx:yesterday|1').toString('base64url') });
    expect(issues(cursor)).toEqual([{ path: 'cursor', message: TRANSACTION_MESSAGES.invalidCursor }]);
  });
});

describe('paging', () => {
  test('pages follow one another without gaps or repeats, ties on the created time broken by id', async () => {
    const at = '2026-03-04T12:00:00.000Z';
    const events: PlatformEventInput[] = [];
    for (let i = 0; i < 25; i += 1) {
      const e = f.created({ uniqueId: f.uniqueId('page'), productType: 'TED', amount: 1_000 + i });
      events.push(i % 3 === 0 ? e : { ...e, occurredAt: at });
    }
    await send(events);
    const filter = { productTypes: ['TED' as const] };
    const whole = (await list(admin, filter)).data.list.map((r) => r.id);
    expect(whole).toHaveLength(25);
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i += 1) {
      const p = await list(admin, { ...filter, pageSize: 10, ...(cursor ? { cursor } : {}) });
      expect(p.data.total).toBe(25);
      seen.push(...p.data.list.map((r) => r.id));
      if (p.data.nextCursor === null) break;
      cursor = p.data.nextCursor;
    }
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(25);
  });

  test(`the total is exact up to ${MAX_EXACT_TOTAL}, then capped`, async () => {
    await t.db.execute(
      sql`insert into transactions (unique_id, merchant_id, account_id, transaction_type, product, product_type, country, currency,
            amount, status, merchant_reference, created_at, created_date, status_at)
          select 'bulk-' || g, merchant_id, account_id, transaction_type, product, 'BOLETO', country, currency,
            amount, status, 'bulk-' || g, created_at, created_date, status_at
          from transactions, generate_series(1, ${MAX_EXACT_TOTAL + 1}) g
          where unique_id = ${ids.pix}`,
    );
    // The daily figures move with every transaction (the lists' totals read them).
    await addDailyStatsOf(t.db, 'bulk-');
    const p = await list(admin, { productTypes: ['BOLETO'], pageSize: 20 });
    expect(p.data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: true });
    expect(p.data.list).toHaveLength(20);
    expect(p.data.nextCursor).not.toBeNull();
  });
});

describe('the detail', () => {
  const idOf = async (uniqueId: string) => {
    const rows = await list(admin, { deep: true, uniqueId, transactionType: uniqueId.startsWith('tx-refund-') ? 'REFUND' : 'PAY_IN' });
    const id = rows.data.list[0]?.id;
    if (id === undefined) throw new Error(`no ${uniqueId}`);
    return id;
  };
  const detail = (token: string, id: number) => call<TransactionDetail>(transactionQuery.path, token, { id });

  test('shows every field, the refunds and the history in order', async () => {
    await send([f.unheld(ids.held as string), f.held(ids.held as string)]);
    const held = await detail(admin, await idOf(ids.held as string));
    expect(held.code).toBe(200);
    expect(held.data).toMatchObject({ uniqueId: ids.held, status: 'SETTLED', holdStatus: 1, transferStatus: 'ON_HOLD', heldAmount: 7_000 });
    expect(held.data.history.map((h) => [h.event, h.status, h.holdStatus])).toEqual([
      ['CREATED', 'CREATED', null],
      ['SETTLED', 'SETTLED', null],
      ['HELD', null, 1],
      ['UNHELD', null, 2],
      ['HELD', null, 1],
    ]);
    const times = held.data.history.map((h) => h.at);
    expect([...times].sort()).toEqual(times);

    const pix = await detail(admin, await idOf(ids.pix as string));
    expect(pix.data).toMatchObject({
      payer: { name: 'Ana Lima', document: '11122233344', e2eId: 'E2E0001', pixKey: 'ana@example.com', pixKeyType: 'EMAIL' },
      beneficiary: null,
      card: null,
      fee: 150,
      transferStatus: 'AVAILABLE',
      original: null,
      related: [],
      attachments: [],
    });
    expect(pix.data.history.map((h) => h.event)).toEqual(['CREATED', 'STATUS_CHANGED', 'SETTLED']);

    const card = await detail(admin, await idOf(ids.card as string));
    expect(card.data.card).toEqual({ brand: 'VISA', bin: '411111', last4: '1234', holder: 'ANA LIMA' });
    expect(card.data.history.map((h) => h.status)).toEqual(['CREATED', 'FAILED']);

    const refundedId = await idOf(ids.refunded as string);
    const refunded = await detail(admin, refundedId);
    expect(refunded.data).toMatchObject({ refundStatus: 'PARTIAL', refundedAmount: 4_000, refundTime: expect.any(String) });
    expect(refunded.data.related).toEqual([
      expect.objectContaining({ uniqueId: 'tx-refund-1', transactionType: 'REFUND', amount: 4_000, status: 'REFUNDED' }),
    ]);
    expect(refunded.data.history.at(-1)).toMatchObject({ event: 'REFUNDED', status: null, amount: 4_000, reference: 'tx-refund-1' });
    const refund = await detail(admin, await idOf('tx-refund-1'));
    expect(refund.data.original).toEqual({ id: refundedId, uniqueId: ids.refunded, transactionType: 'PAY_IN' });
    expect(refund.data.history).toEqual([expect.objectContaining({ event: 'REFUNDED', amount: 4_000, reference: 'tx-refund-1' })]);
  });

  test('another merchant’s transaction answers like one that does not exist; a sub-merchant user sees only their own', async () => {
    const pixId = await idOf(ids.pix as string);
    const foreign = await detail(condor, pixId);
    const missing = await detail(condor, 9_000_000);
    expect(foreign).toEqual({ code: ResultCode.NOT_FOUND, msg: TRANSACTION_MESSAGES.notFound, data: null });
    expect(missing).toEqual(foreign);
    expect((await detail(market, pixId)).code).toBe(ResultCode.NOT_FOUND);
    expect((await detail(market, await idOf(ids.sub as string))).code).toBe(200);
  });
});

describe('sub-merchant options', () => {
  test('a merchant user gets its sub-merchants, a sub-merchant user its own, another merchant id is not found', async () => {
    const mine = await call<{ subMerchantId: number }[]>(transactionSubMerchantQuery.path, admin, { merchantId: demoId });
    expect(mine.data.map((s) => s.subMerchantId).sort()).toEqual([subBr, subCo].sort());
    const own = await call<{ subMerchantId: number }[]>(transactionSubMerchantQuery.path, market, { merchantId: demoId });
    expect(own.data).toEqual([{ subMerchantId: subBr, subMerchantName: 'Andes Demo Marketplace' }]);
    expect((await call(transactionSubMerchantQuery.path, condor, { merchantId: demoId })).code).toBe(ResultCode.NOT_FOUND);
  });
});

describe('query plans', () => {
  const plan = async (db: Db, scope: { merchantId: number; subMerchantId: number | null }, filter: Partial<TransactionFilter>) => {
    const full: TransactionFilter = {
      country: 'BR',
      transactionTypes: ['PAY_IN'],
      createdFrom: new Date('2025-10-10T03:00:00Z'),
      createdTo: new Date('2026-03-11T03:00:00Z'),
      statuses: [],
      productTypes: [],
      subMerchantIds: [],
      ...filter,
    };
    const out: string[] = [];
    // Fresh statistics: the table now holds the 10,000+ rows of the capped-total test.
    await db.execute(sql`analyze transactions`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      for (const after of [null, { at: '2026-03-05T10:00:00.000000Z', id: 1_000_000 }]) {
        const res = await tx.execute(sql`explain ${transactionListQuery(tx, scope, full, after, 21)}`);
        out.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    });
    return out;
  };
  const merchant = () => ({ merchantId: demoId, subMerchantId: null });

  test.each([
    ['the bare list', {}, 'transactions_merchant_list_idx'],
    ['a status filter', { statuses: ['SETTLED' as const] }, 'transactions_merchant_status_list_idx'],
    ['the holding page', { holdStatus: 1 as const }, 'transactions_held_list_idx'],
    ['the payment-link list', { paymentLink: true }, 'transactions_payment_link_list_idx'],
    ['a store list', { storePlatform: 'SHOPIFY' as const }, 'transactions_store_list_idx'],
  ])('%s is served in order by its index, scanned backward, without a sort', async (_name, filter, index) => {
    for (const p of await plan(t.db, merchant(), filter)) {
      expect(p).toContain(`Index Scan Backward using ${index}`);
      expect(p).not.toMatch(/\bSort\b/);
    }
  });

  test('a sub-merchant user’s list is served by the sub-merchant index without a sort', async () => {
    for (const p of await plan(t.db, { merchantId: demoId, subMerchantId: subBr }, {})) {
      expect(p).toContain('Index Scan Backward using transactions_sub_merchant_list_idx');
      expect(p).not.toMatch(/\bSort\b/);
    }
  });

  test.each([
    ['uniqueId', { uniqueId: 'x' }, 'transactions_unique_id_key'],
    ['merchant reference', { merchantReference: 'x' }, 'transactions_merchant_reference_idx'],
    ['e2e id', { e2eId: 'x' }, 'transactions_e2e_id_idx'],
    ['document', { document: 'x' }, 'transactions_document_idx'],
    ['card BIN', { cardBin: '411111' }, 'transactions_card_bin_idx'],
    ['card last 4', { cardLast4: '1234' }, 'transactions_card_last4_idx'],
  ])('a search by %s finds its rows through its index', async (_name, filter, index) => {
    for (const p of await plan(t.db, merchant(), filter)) expect(p).toContain(index);
  });
});
