import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { paymentLinkPage, paymentLinkQuery } from '@andes/contract/payment-link/endpoints';
import { shopifyPage, shopifyQuery } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage, shoplazzaQuery } from '@andes/contract/shoplazza/endpoints';
import { SUB_MERCHANT_FORBIDDEN_MESSAGE, type TransactionDetail, type TransactionListItem } from '@andes/contract/transaction/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';

let t: TestApp;
let admin: string;
let condor: string;
let subBr: number;
const f = new EventFactory('pl');
const u = { link: '', link2: '', shopify: '', shoplazza: '', plain: '' };

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(new Date('2026-03-10T15:00:00Z')) });
  await withPlatformToken(t.db);
  subBr = await merchantId(t.db, 'ANDES-DEMO-BR');
  u.link = f.uniqueId('link');
  u.link2 = f.uniqueId('link');
  u.shopify = f.uniqueId('shopify');
  u.shoplazza = f.uniqueId('shoplazza');
  u.plain = f.uniqueId('plain');
  for (const e of [
    f.created({ uniqueId: u.link, paymentLinkId: 'PL-1', amount: 1_500 }),
    f.created({ uniqueId: u.link2, paymentLinkId: 'PL-2', subMerchantCode: 'ANDES-DEMO-BR' }),
    f.created({
      uniqueId: u.shopify,
      storeOrder: { platform: 'SHOPIFY', shopDomain: 'andes.myshopify.com', orderId: '1001', orderName: '#1001' },
    }),
    f.created({ uniqueId: u.shoplazza, storeOrder: { platform: 'SHOPLAZZA', shopDomain: 'andes.myshoplaza.com', orderId: '2001' } }),
    f.created({ uniqueId: u.plain }),
  ]) {
    const ack = await sendEvent(t.app, e);
    if (ack.code !== 200) throw new Error(`${ack.code} ${ack.msg}`);
  }
  admin = await signIn(t.app, login.path, 'admin');
  condor = await signIn(t.app, login.path, 'condor');
});
afterAll(async () => t?.close());

const page = (path: string, body: object, token = admin) =>
  post(t.app, path, { country: 'BR', ...body }, { token }).then((r) => envelope<Page<TransactionListItem>>(r));
const detail = (path: string, id: number, token = admin) =>
  post(t.app, path, { id }, { token }).then((r) => envelope<TransactionDetail>(r));
const idOf = async (uniqueId: string) => (await transactionRow(t.db, uniqueId))?.id ?? 0;

describe('payment links', () => {
  test('the list shows only payments made through a link, newest first, and searches by link id', async () => {
    const all = await page(paymentLinkPage.path, {});
    expect(all.data.list.map((r) => [r.uniqueId, r.paymentLinkId])).toEqual([
      [u.link2, 'PL-2'],
      [u.link, 'PL-1'],
    ]);
    expect(all.data).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });
    expect((await page(paymentLinkPage.path, { paymentLinkId: 'PL-1' })).data.list.map((r) => r.uniqueId)).toEqual([u.link]);
    expect((await page(paymentLinkPage.path, { subMerchantIds: [subBr] })).data.list.map((r) => r.uniqueId)).toEqual([u.link2]);
    expect((await page(paymentLinkPage.path, { amountMax: 2_000 })).data.list.map((r) => r.uniqueId)).toEqual([u.link]);
  });

  test('the detail answers only payment-link payments of the caller’s merchant', async () => {
    const ok = await detail(paymentLinkQuery.path, await idOf(u.link));
    expect(ok.data).toMatchObject({ uniqueId: u.link, paymentLinkId: 'PL-1', history: [{ event: 'CREATED', status: 'CREATED' }] });
    expect((await detail(paymentLinkQuery.path, await idOf(u.plain))).code).toBe(ResultCode.NOT_FOUND);
    expect((await detail(paymentLinkQuery.path, await idOf(u.link), condor)).code).toBe(ResultCode.NOT_FOUND);
  });

  test('another merchant’s sub-merchant is refused', async () => {
    const r = await page(paymentLinkPage.path, { country: 'MX', subMerchantIds: [subBr] }, condor);
    expect(r).toEqual({ code: ResultCode.FORBIDDEN, msg: SUB_MERCHANT_FORBIDDEN_MESSAGE, data: null });
  });
});

describe('store orders', () => {
  test('each store list shows its own platform’s orders with the order', async () => {
    const shopify = await page(shopifyPage.path, {});
    expect(shopify.data.list.map((r) => [r.uniqueId, r.storeOrder])).toEqual([
      [u.shopify, { platform: 'SHOPIFY', shopDomain: 'andes.myshopify.com', orderId: '1001', orderName: '#1001' }],
    ]);
    const shoplazza = await page(shoplazzaPage.path, {});
    expect(shoplazza.data.list.map((r) => r.uniqueId)).toEqual([u.shoplazza]);
    expect((await page(shopifyPage.path, { storeOrderId: '9999' })).data.list).toEqual([]);
    expect((await page(shopifyPage.path, { storeOrderId: '1001', shopDomain: 'andes.myshopify.com' })).data.total).toBe(1);
  });

  test('a store detail answers only its platform’s orders', async () => {
    expect((await detail(shopifyQuery.path, await idOf(u.shopify))).data.storeOrder?.orderId).toBe('1001');
    expect((await detail(shopifyQuery.path, await idOf(u.shoplazza))).code).toBe(ResultCode.NOT_FOUND);
    expect((await detail(shoplazzaQuery.path, await idOf(u.shoplazza))).data.storeOrder?.platform).toBe('SHOPLAZZA');
    expect((await detail(shoplazzaQuery.path, await idOf(u.shopify))).code).toBe(ResultCode.NOT_FOUND);
  });
});
