import {
  contractConfirm,
  exchangeAmount,
  exchangeCancel,
  exchangeConfig,
  exchangeCreate,
  exchangePage,
  exchangeProofSubmit,
  exchangeQuery,
} from '@andes/contract/accounting/endpoints';
import {
  ACCOUNTING_MESSAGES,
  type AccountingRequestDetail,
  type ExchangeAmountAnswer,
  type ExchangeConfigAnswer,
  type RequestPage,
} from '@andes/contract/accounting/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { globalMovements } from '../../src/db/schema/ledger.ts';
import { listQuery } from '../../src/modules/accounting/accounting.repository.ts';
import { expireDueQuotes } from '../../src/modules/accounting/exchange.service.ts';
import {
  accountingApp,
  call,
  created,
  entriesOf,
  expectApplied,
  globalBuckets,
  newRequestId,
  requestCount,
  requestEvent,
  uploadProof,
} from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, localBalances, merchantId, sendEvent, systemBalance } from '../ledger/support.ts';

/**
 * Exchanges (docs/decisions/0027): the indicative rate and its publication, the amounts rounded
 * against the merchant, creation per mode, the provider's quote and its expiry (on confirmation
 * and by the job), the contract's confirmation reserving the money sold, settlement into the
 * bought account (and the global account's statement), OFFLINE's proof, and the list's plan.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('acc-fx', START);
let t: TestApp;
let admin: PayoutActor;
let viewer: PayoutActor;
let condor: PayoutActor;

beforeAll(async () => {
  t = await accountingApp(f, START, { global: 1_000_000, payin: 2_000_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  viewer = await payoutUser(t, 'acc.fx.viewer', ['accounting:exchange', 'accounting:exchange-detail']);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const body = (mode: string, side: string, amount: number) => ({ requestId: newRequestId(), country: 'BR', mode, side, amount });
const minutesFromNow = (m: number) => new Date(t.clock().getTime() + m * 60_000).toISOString();
const quote = (requestNo: string, rate: string, minutes = 10) =>
  sendEvent(t.app, requestEvent(f, 'request.rate_quoted', { requestNo, rate, expiresAt: minutesFromNow(minutes) }));
const query = (id: number, token = admin.token) => call<AccountingRequestDetail>(t, exchangeQuery.path, token, { id });

describe('rates and amounts', () => {
  test('the indicative rate: the default, then the provider’s latest', async () => {
    const before = await call<ExchangeConfigAnswer>(t, exchangeConfig.path, admin.token, { country: 'BR', mode: 'PAY_IN' });
    expect(before.data).toMatchObject({
      sellCurrency: 'BRL',
      buyCurrency: 'USD',
      indicativeRate: '5.0',
      minSellAmount: 50_000,
      receivingAccount: null,
      sellBalance: { accountType: 'PAY_IN', currency: 'BRL', available: 2_000_000 },
      buyBalance: { accountType: null, currency: 'USD', available: 1_000_000 },
    });
    const published = {
      ...f.next(),
      type: 'fx.rate_published' as const,
      merchantCode: 'ANDES-DEMO',
      data: { currency: 'BRL' as const, rate: '5.25' },
    };
    expectApplied(await sendEvent(t.app, published));
    // An older publication delivered late changes nothing.
    const older = {
      ...published,
      eventId: `${published.eventId}-old`,
      occurredAt: START.toISOString(),
      data: { currency: 'BRL' as const, rate: '4.0' },
    };
    expectApplied(await sendEvent(t.app, older));
    const after = await call<ExchangeConfigAnswer>(t, exchangeConfig.path, admin.token, { country: 'BR', mode: 'PAY_OUT' });
    expect(after.data).toMatchObject({
      sellCurrency: 'USD',
      buyCurrency: 'BRL',
      indicativeRate: '5.25',
      indicativeRateAt: published.occurredAt,
    });
    const offline = await call<ExchangeConfigAnswer>(t, exchangeConfig.path, admin.token, { country: 'BR', mode: 'OFFLINE' });
    expect(offline.data).toMatchObject({ sellBalance: null, receivingAccount: { currency: 'USD' } });
    expect(await call(t, exchangeConfig.path, admin.token, { country: 'US', mode: 'PAY_IN' })).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: ACCOUNTING_MESSAGES.notOffered('Exchange', 'US'),
    });
  });

  test('the other side, rounded against the merchant; too small refused', async () => {
    const sellUsd = await call<ExchangeAmountAnswer>(t, exchangeAmount.path, admin.token, {
      country: 'BR',
      mode: 'PAY_OUT',
      side: 'SELL',
      amount: 10_001,
    });
    expect(sellUsd.data).toMatchObject({
      sellCurrency: 'USD',
      buyCurrency: 'BRL',
      sellAmount: 10_001,
      buyAmount: 52_505, // 10,001 × 5.25 = 52,505.25 → down
      rate: '5.25',
      rateKind: 'INDICATIVE',
      sellAvailableBefore: 1_000_000,
      sellAvailableAfter: 989_999,
      problem: null,
    });
    const buyUsd = await call<ExchangeAmountAnswer>(t, exchangeAmount.path, admin.token, {
      country: 'BR',
      mode: 'PAY_IN',
      side: 'BUY',
      amount: 10_001,
    });
    expect(buyUsd.data).toMatchObject({ sellAmount: 52_506, buyAmount: 10_001 }); // 52,505.25 → up
    const tiny = await call(t, exchangeAmount.path, admin.token, { country: 'BR', mode: 'PAY_IN', side: 'SELL', amount: 5 });
    expect(tiny).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: ACCOUNTING_MESSAGES.tooSmallToExchange });
    const below = await call<ExchangeAmountAnswer>(t, exchangeAmount.path, admin.token, {
      country: 'BR',
      mode: 'PAY_OUT',
      side: 'SELL',
      amount: 9_999,
    });
    expect(below.data.problem).toBe(ACCOUNTING_MESSAGES.belowMinimum('100.00 USD'));
  });
});

describe('PAY_OUT: USD of the global account for local money', () => {
  test('create, quote, confirm (reserved), complete: the global account’s transfer out', async () => {
    const r = await created(t, exchangeCreate.path, admin.token, body('PAY_OUT', 'SELL', 100_000));
    expect(r).toMatchObject({
      status: 'WAIT_EXCHANGE_RATE',
      currency: 'USD',
      accountType: 'PAY_OUT',
      side: 'SELL',
      sellCurrency: 'USD',
      buyCurrency: 'BRL',
      sellAmount: 100_000,
      buyAmount: null,
      actions: ['CANCEL'],
    });
    expect(r.requestNo).toMatch(/^EX261126[0-9]{7}$/);
    expect(await globalBuckets(t)).toEqual({ AVAILABLE: 1_000_000, RESERVED: 0 });

    expectApplied(await quote(r.requestNo, '5.4'));
    const quoted = await query(r.id);
    expect(quoted.data).toMatchObject({ status: 'WAIT_CONFIRM_CONTRACT', exchangeRate: '5.4', sellAmount: 100_000, buyAmount: 540_000 });
    expect(quoted.data.actions.sort()).toEqual(['CANCEL', 'CONFIRM_CONTRACT']);
    expect((await query(r.id, viewer.token)).data.actions).toEqual([]);
    const atQuote = await call<ExchangeAmountAnswer>(t, exchangeAmount.path, admin.token, {
      country: 'BR',
      mode: 'PAY_OUT',
      side: 'SELL',
      amount: 100_000,
      id: r.id,
    });
    expect(atQuote.data).toMatchObject({ rate: '5.4', rateKind: 'QUOTED', buyAmount: 540_000 });

    const changed = await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '5.3' });
    expect(changed).toMatchObject({ code: ResultCode.VALIDATION_FAILED });
    expect((await call(t, contractConfirm.path.replace(':id', String(r.id)), viewer.token, { rate: '5.4' })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const confirmed = await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '5.40' });
    expect(confirmed.data).toMatchObject({
      status: 'PROCESSING',
      contractConfirmedBy: 'Ana Admin',
      deductionAmount: 100_000,
      receiptAmount: 540_000,
      finalAmount: 540_000,
      actions: [],
    });
    expect(await globalBuckets(t)).toEqual({ AVAILABLE: 900_000, RESERVED: 100_000 });
    expect(await call(t, exchangeCancel.path, admin.token, { id: r.id })).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: ACCOUNTING_MESSAGES.notAllowed('PROCESSING'),
    });

    const local = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    const fxUsd = await systemBalance(t.db, 'FX', 'USD');
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })));
    expect(await globalBuckets(t)).toEqual({ AVAILABLE: 900_000, RESERVED: 0 });
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).AVAILABLE).toBe(local.AVAILABLE + 540_000);
    expect(await systemBalance(t.db, 'FX', 'USD')).toBe(fxUsd + 100_000);
    const [movement] = await t.db.select().from(globalMovements).where(eq(globalMovements.reference, r.requestNo));
    expect(movement).toMatchObject({
      businessType: 'TRANSFER_OUT',
      amount: -100_000,
      targetAmount: 540_000,
      targetCurrency: 'BRL',
      exchangeRate: '5.4',
      startBalance: 1_000_000,
      endBalance: 900_000,
    });
    expect((await query(r.id)).data.history.map((h) => h.event)).toEqual(['CREATED', 'RATE_QUOTED', 'CONTRACT_CONFIRMED', 'COMPLETED']);
    expect(await entriesOf(t, r.id, 'EXCHANGE_SETTLED')).toBe(1);
  });

  test('selling more than is available is refused at creation; a confirm the balance does not cover changes nothing', async () => {
    const count = await requestCount(t);
    expect((await call(t, exchangeCreate.path, admin.token, body('PAY_OUT', 'SELL', 900_001))).code).toBe(ResultCode.INSUFFICIENT_BALANCE);
    expect(await requestCount(t)).toBe(count);
    // BUY side: the amount sold is only known with the quote.
    const r = await created(t, exchangeCreate.path, admin.token, body('PAY_OUT', 'BUY', 4_000_000));
    expectApplied(await quote(r.requestNo, '4.0'));
    const res = await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '4.0' });
    expect(res).toMatchObject({
      code: ResultCode.INSUFFICIENT_BALANCE,
      msg: ACCOUNTING_MESSAGES.insufficient('9,000.00 USD', '10,000.00 USD'),
    });
    expect((await query(r.id)).data.status).toBe('WAIT_CONFIRM_CONTRACT');
    expect(await globalBuckets(t)).toEqual({ AVAILABLE: 900_000, RESERVED: 0 });
    const cancel = await call(t, exchangeCancel.path, admin.token, { id: r.id });
    expect(cancel.data).toMatchObject({ status: 'CANCELED' });
  });

  test('limits at creation', async () => {
    expect(await call(t, exchangeCreate.path, admin.token, body('PAY_OUT', 'SELL', 9_999))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: ACCOUNTING_MESSAGES.belowMinimum('100.00 USD'),
    });
    expect((await call(t, exchangeCreate.path, admin.token, body('PAY_OUT', 'SELL', 1.5))).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('PAY_IN: local pay-in money for USD', () => {
  test('BUY side: the amount sold is rounded up and reserved at confirmation; completed, a top-up of the global account', async () => {
    const payin = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    const r = await created(t, exchangeCreate.path, admin.token, body('PAY_IN', 'BUY', 20_001));
    expect(r).toMatchObject({
      currency: 'USD',
      accountType: 'PAY_IN',
      sellCurrency: 'BRL',
      buyCurrency: 'USD',
      buyAmount: 20_001,
      sellAmount: null,
    });
    expectApplied(await quote(r.requestNo, '5.00000001'));
    expect((await query(r.id)).data).toMatchObject({ sellAmount: 100_006, buyAmount: 20_001 }); // 100,005.0000…2 → up
    await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '5.00000001' });
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).RESERVED).toBe(payin.RESERVED + 100_006);
    const global = await globalBuckets(t);
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })));
    expect((await globalBuckets(t)).AVAILABLE).toBe(global.AVAILABLE + 20_001);
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).AVAILABLE).toBe(payin.AVAILABLE - 100_006);
    const [movement] = await t.db.select().from(globalMovements).where(eq(globalMovements.reference, r.requestNo));
    expect(movement).toMatchObject({ businessType: 'TOPUP', amount: 20_001 });
  });

  test('rejected after confirmation: the reservation comes back', async () => {
    const payin = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    const r = await created(t, exchangeCreate.path, admin.token, body('PAY_IN', 'SELL', 100_000));
    expectApplied(await quote(r.requestNo, '5.0'));
    await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '5.0' });
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.rejected', { requestNo: r.requestNo, reason: 'Compliance review' })));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).toEqual(payin);
    expect((await query(r.id)).data).toMatchObject({ status: 'REJECTED', statusReason: 'Compliance review' });
  });
});

describe('quotes expire', () => {
  test('a confirm after the expiry sends the request back for a new rate; the job does the same', async () => {
    const r = await created(t, exchangeCreate.path, admin.token, body('PAY_OUT', 'SELL', 10_000));
    // At most an hour ahead, and in the future.
    expect((await quote(r.requestNo, '5.1', 61)).code).toBe(ResultCode.VALIDATION_FAILED);
    expect((await quote(r.requestNo, '5.1', -1)).code).toBe(ResultCode.VALIDATION_FAILED);
    expectApplied(await quote(r.requestNo, '5.1', 1));
    t.clock.advance(61_000);
    expect((await query(r.id)).data.actions).toEqual(['CANCEL']);
    const late = await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '5.1' });
    expect(late).toMatchObject({ code: ResultCode.CONFLICT, msg: ACCOUNTING_MESSAGES.quoteExpired });
    const back = await query(r.id);
    expect(back.data).toMatchObject({ status: 'WAIT_EXCHANGE_RATE', exchangeRate: null, rateExpiresAt: null, buyAmount: null });
    expect(back.data.history.at(-1)).toMatchObject({ event: 'QUOTE_EXPIRED', status: 'WAIT_EXCHANGE_RATE', by: null });

    expectApplied(await quote(r.requestNo, '5.2', 5));
    expect(await expireDueQuotes(t.db, t.clock())).toBe(0);
    t.clock.advance(5 * 60_000 + 1);
    expect(await expireDueQuotes(t.db, t.clock())).toBe(1);
    expect((await query(r.id)).data.status).toBe('WAIT_EXCHANGE_RATE');
    expect(await expireDueQuotes(t.db, t.clock())).toBe(0);
    await call(t, exchangeCancel.path, admin.token, { id: r.id });
  });
});

describe('OFFLINE: USD wired outside Andes', () => {
  test('proof first, then the rate; nothing reserved; completed from the provider’s clearing', async () => {
    const r = await created(t, exchangeCreate.path, admin.token, body('OFFLINE', 'SELL', 50_000));
    expect(r).toMatchObject({ status: 'WAIT_PROOF', accountType: 'PAY_OUT' });
    expect(r.actions.sort()).toEqual(['CANCEL', 'SUBMIT_PROOF']);
    expect((await quote(r.requestNo, '5.0')).code).toBe(ResultCode.CONFLICT);
    const proof = {
      id: r.id,
      remittingBank: 'Chase',
      transferTime: '2026-11-26T12:00:00.000Z',
      proofFileIds: [await uploadProof(t, admin.token)],
    };
    const submitted = await call(t, exchangeProofSubmit.path, admin.token, proof);
    expect(submitted.data).toMatchObject({ status: 'WAIT_EXCHANGE_RATE', remittingBank: 'Chase' });
    expect(submitted.data.proofFiles).toHaveLength(1);
    expect(await call(t, exchangeProofSubmit.path, admin.token, proof)).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: ACCOUNTING_MESSAGES.notAllowed('WAIT_EXCHANGE_RATE'),
    });
    expectApplied(await quote(r.requestNo, '5.0'));
    const global = await globalBuckets(t);
    const confirmed = await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: '5' });
    expect(confirmed.data).toMatchObject({ status: 'PROCESSING', deductionAmount: null, receiptAmount: 250_000 });
    expect(await entriesOf(t, r.id)).toBe(0);
    const clearing = await systemBalance(t.db, 'CLEARING', 'USD');
    const local = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })));
    expect(await systemBalance(t.db, 'CLEARING', 'USD')).toBe(clearing - 50_000);
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).AVAILABLE).toBe(local.AVAILABLE + 250_000);
    expect(await globalBuckets(t)).toEqual(global);
  });
});

describe('list, scope and plan', () => {
  test('other merchants see nothing; the list reads its index without sorting', async () => {
    const list = await call<RequestPage>(t, exchangePage.path, admin.token, { country: 'BR', mode: 'PAY_IN' });
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((r) => r.mode === 'PAY_IN')).toBe(true);
    const id = list.data.list[0]?.id ?? 0;
    expect((await query(id, condor.token)).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, contractConfirm.path.replace(':id', String(id)), condor.token, { rate: '5.0' })).code).toBe(ResultCode.NOT_FOUND);

    const andes = await merchantId(t.db, 'ANDES-DEMO');
    const scope = { merchantId: andes, subMerchantId: null };
    const base = {
      kind: 'EXCHANGE' as const,
      country: 'BR',
      start: new Date('2026-11-19T03:00:00Z'),
      end: new Date('2026-11-27T03:00:00Z'),
    };
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const filter of [base, { ...base, status: 'COMPLETED' as const }, { ...base, keyword: 'EX2611' }]) {
        for (const after of [null, { createdAt: new Date('2026-11-25T12:00:00Z'), id: 1_000_000 }]) {
          const res = await tx.execute(sql`explain ${listQuery(tx, scope, filter, after, 21)}`);
          plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
        }
      }
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index Scan Backward using accounting_requests_(status_)?list_idx/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
    expect(plans[2]).toContain('accounting_requests_status_list_idx');
  });
});
