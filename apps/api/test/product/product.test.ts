import { ResultCode } from '@andes/contract/common/envelope';
import { productList } from '@andes/contract/home/endpoints';
import type { ProductList } from '@andes/contract/home/schemas';
import { depositConfigList, productCalculationRules, productConfigDetails, settingProductList } from '@andes/contract/product/endpoints';
import { basisPointsDown, payinSettlement } from '@andes/contract/product/pricing';
import type { CalculationRules, DepositConfigList, ProductConfig } from '@andes/contract/product/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { quoteOf } from '../../src/modules/payout/payout.service.ts';
import { CATALOGUE, feeOf } from '../../src/simulator/catalogue.ts';
import { accountingApp, expectApplied } from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, json, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, sendEvent } from '../ledger/support.ts';

/**
 * Setting's product screens (docs/decisions/0034): the product list is Home's; each product's terms
 * are the provider's (in the demo, the simulator's catalogue); the calculation rules' worked example
 * is what the payment side settles a payment with — the same numbers the simulator reports to the
 * ledger; the deposit screen shows the terms, what is held and when it is released.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('product', START);
let t: TestApp;
let admin: PayoutActor;
let condor: PayoutActor;
let priceViewer: PayoutActor;

beforeAll(async () => {
  t = await accountingApp(f, START);
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  priceViewer = await payoutUser(t, 'product.services', ['setting:services']);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const products = async (country = 'BR') => (await json<ProductList>(t, settingProductList.path, admin.token, { country })).data.list;
const details = (id: number, token = admin.token) => json<ProductConfig>(t, productConfigDetails.path, token, { id });
const rules = (body: Record<string, unknown>, token = admin.token) => json<CalculationRules>(t, productCalculationRules.path, token, body);
const idOf = async (product: string, code: string, country = 'BR') => {
  const found = (await products(country)).find((p) => p.product === product && p.code === code);
  if (!found) throw new Error(`no ${product} ${code} in ${country}`);
  return found.id;
};

describe('the list and the terms', () => {
  test("Setting's product list is Home's", async () => {
    const home = await json<ProductList>(t, productList.path, admin.token, { country: 'BR' });
    expect(await products()).toEqual(home.data.list);
    expect((await products()).length).toBeGreaterThan(3);
  });

  test("a product's terms are the provider's: fee, VAT, settlement days, deposit and limits", async () => {
    const card = CATALOGUE.BR.payins.find((p) => p.productType === 'CARD');
    if (!card) throw new Error('no BR card in the catalogue');
    const answer = await details(await idOf('payin', 'CARD'));
    expect(answer.data).toMatchObject({
      country: 'BR',
      currency: 'BRL',
      product: 'payin',
      code: 'CARD',
      feeBps: card.fee.bps,
      feeFixed: card.fee.fixed,
      vatBps: CATALOGUE.BR.vatBps,
      settlementDays: card.settlementDays,
      depositBps: card.deposit?.bps ?? 0,
      depositDays: card.deposit?.days ?? 0,
      minAmount: card.amount.min,
      maxAmount: card.amount.max,
    });
    // Who may see Services sees the terms too.
    expect((await details(answer.data.id, priceViewer.token)).code).toBe(ResultCode.OK);
  });

  test("another merchant's product answers as one that does not exist; the rules need their own permission", async () => {
    const id = await idOf('payin', 'PIX');
    const foreign = await details(id, condor.token);
    expect(foreign.code).toBe(ResultCode.NOT_FOUND);
    expect(await details(2_147_483_647, condor.token)).toMatchObject({ code: ResultCode.NOT_FOUND, msg: foreign.msg });
    expect((await rules({ id }, priceViewer.token)).code).toBe(ResultCode.FORBIDDEN);
    expect((await rules({ id, amount: 0 })).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('the calculation rules', () => {
  test('every BR pay-in: the worked example is what the payment side settles the payment with', async () => {
    const amount = 123_457;
    for (const p of (await products()).filter((x) => x.product === 'payin')) {
      const r = await rules({ id: p.id, amount });
      expect(r.code).toBe(ResultCode.OK);
      const model = CATALOGUE.BR.payins.find((c) => c.productType === p.code);
      if (!model) throw new Error(`no catalogue entry for ${p.code}`);
      // The simulator's own arithmetic (lifecycle.ts): its fee and VAT, and its deposit of the net.
      const { fee, vat } = feeOf(amount, model.fee, CATALOGUE.BR.vatBps);
      const deposit = model.deposit ? basisPointsDown(amount - fee - vat, model.deposit.bps) : 0;
      expect(r.data.example).toEqual({ amount, fee, vat, net: amount - fee - vat, deposit, pending: amount - fee - vat - deposit });
      expect(r.data.steps).toEqual(['FEE', 'VAT', 'NET', ...(deposit > 0 ? ['DEPOSIT'] : []), 'PENDING', 'AVAILABLE']);
    }
  });

  test('a small payment whose fixed fee would take more than half of it shows the cap', async () => {
    const fixed = (await Promise.all((await products()).map(async (p) => (await details(p.id)).data))).find(
      (c) => c.product === 'payin' && c.feeFixed > 0,
    );
    if (!fixed) throw new Error('no BR pay-in with a fixed fee');
    const amount = fixed.feeFixed; // the fixed fee alone is twice half of it
    const r = await rules({ id: fixed.id, amount });
    expect(r.data.steps).toContain('FEE_CAP');
    expect(r.data.example.fee).toBe(Math.floor(amount / 2));
    expect(r.data.example).toEqual(payinSettlement(amount, fixed));
  });

  test('a payout: fee and VAT on top, taken with the amount — as the payout form quotes it', async () => {
    const id = await idOf('payout', 'PIX');
    const config = (await details(id)).data;
    const r = await rules({ id, amount: 250_000 });
    const quote = quoteOf(250_000, config);
    expect(r.data.steps).toEqual(['FEE', 'VAT', 'PAYOUT_TOTAL']);
    expect(r.data.example).toEqual({
      amount: 250_000,
      fee: quote.fee,
      vat: quote.vat,
      net: 250_000 + quote.fee + quote.vat,
      deposit: 0,
      pending: 0,
    });
    // Without an amount: 1,000.00 within the product's limits.
    expect((await rules({ id })).data.example.amount).toBe(Math.min(Math.max(100_000, config.minAmount ?? 1), config.maxAmount ?? 100_000));
  });
});

describe('the deposit', () => {
  test('the terms, what a settled card pay-in holds, and its release date', async () => {
    const before = await json<DepositConfigList>(t, depositConfigList.path, admin.token, { country: 'BR' });
    expect(before.code).toBe(ResultCode.OK);
    expect(before.data.list.map((p) => p.code)).toContain('CARD');
    expect(before.data.list.every((p) => p.product === 'payin' && p.depositBps > 0 && p.depositDays > 0)).toBe(true);

    const uniqueId = f.uniqueId('card');
    expectApplied(await sendEvent(t.app, f.created({ uniqueId, productType: 'CARD', amount: 200_000 })));
    expectApplied(await sendEvent(t.app, f.settled(uniqueId, { fee: 5_000, deposit: 9_750, depositInDays: 90 })));
    const after = await json<DepositConfigList>(t, depositConfigList.path, admin.token, { country: 'BR' });
    const payin = (list: DepositConfigList) => list.accounts.find((a) => a.accountType === 'PAY_IN' && !a.subMerchant);
    expect((payin(after.data)?.depositHeld ?? 0) - (payin(before.data)?.depositHeld ?? 0)).toBe(9_750);
    // Released on the 90th day (the event's date in Brazil: 12:00 local, the same calendar day as in UTC).
    const releaseDate = f.later(90).slice(0, 10);
    const on = (list: DepositConfigList) => list.releases.find((r) => r.date === releaseDate)?.amount ?? 0;
    expect(on(after.data) - on(before.data)).toBe(9_750);
    // Another merchant sees its own deposits only.
    const other = await json<DepositConfigList>(t, depositConfigList.path, condor.token, { country: 'MX' });
    expect(other.data.accounts.every((a) => a.accountNo.startsWith('CONDOR'))).toBe(true);
  });
});
