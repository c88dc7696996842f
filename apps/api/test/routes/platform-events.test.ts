import { ResultCode } from '@andes/contract/common/envelope';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { globalMovements, ledgerEntries, pendingReleases } from '../../src/db/schema/ledger.ts';
import { platformEvents } from '../../src/db/schema/platform.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import {
  allBalances,
  dailyStatsAndRecount,
  EventFactory,
  globalBalances,
  localBalances,
  postingCount,
  sendEvent,
  systemBalance,
  transactionRow,
  withPlatformToken,
} from '../ledger/support.ts';

/**
 * The ingestion API through HTTP with the service token: what each event does to balances (the
 * accounts' bucket columns, proven equal to the postings by ledger-check after every test) and to
 * the transaction rows, idempotency, ordering, refusals and concurrency.
 */

const START = new Date('2026-03-02T15:00:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START) });
  await withPlatformToken(t.db);
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

/** Sends and expects success; returns the outcome. */
async function ok(event: Parameters<typeof sendEvent>[1]) {
  const res = await sendEvent(t.app, event);
  expect(res.code, res.msg).toBe(ResultCode.OK);
  return res.data;
}

async function eventRecorded(eventId: string): Promise<boolean> {
  const [row] = await t.db.select({ n: count() }).from(platformEvents).where(eq(platformEvents.eventId, eventId));
  return (row?.n ?? 0) > 0;
}

/** Runs the release job at `at`. */
async function releaseAt(at: Date) {
  t.clock.set(at);
  return releaseDue(t.db, t.clock);
}

describe('pay-ins', () => {
  const f = new EventFactory('payin', START);

  test('created: the row has every field; no money moves; the PAY_IN account is opened', async () => {
    const uniqueId = f.uniqueId();
    const created = f.created({
      uniqueId,
      country: 'CL',
      currency: 'CLP',
      productType: 'CARD',
      amount: 2_500_000,
      accountName: 'Andes Demo Store CL',
      payer: { name: 'Camila Rojas', document: '12.345.678-5', documentType: 'RUT', email: 'camila@example.cl', e2eId: 'E2E-CL-1' },
      card: { brand: 'VISA', bin: '455636', last4: '4242', expiry: '09/29', issuer: 'Banco de Chile' },
      storeOrder: { platform: 'SHOPIFY', shopDomain: 'andes-demo.myshopify.com', orderId: '#1001', orderName: 'Order 1001' },
      paymentLinkId: 'plink_1',
      description: 'Two tickets',
    });
    const before = await postingCount(t.db);
    // A pay-in's acknowledgement carries its risk decision: no rule of the merchant's, so ALLOW.
    expect(await ok(created)).toEqual({
      eventId: created.eventId,
      outcome: 'APPLIED',
      duplicate: false,
      risk: expect.objectContaining({ decision: 'ALLOW', finalDecision: 'ALLOW', rules: [], rulesEvaluated: 0, review: null }),
    });
    const row = await transactionRow(t.db, uniqueId);
    expect(row).toMatchObject({
      transactionType: 'PAY_IN',
      product: 'payin',
      productType: 'CARD',
      country: 'CL',
      currency: 'CLP',
      amount: 2_500_000,
      status: 'CREATED',
      holdStatus: 2,
      refundStatus: 'NONE',
      cardBin: '455636',
      cardLast4: '4242',
      e2eId: 'E2E-CL-1',
      storePlatform: 'SHOPIFY',
      storeOrderId: '#1001',
      paymentLinkId: 'plink_1',
      accountName: 'Andes Demo Store CL',
      merchantReference: `order-${uniqueId}`,
      subMerchantId: null,
    });
    expect(row?.card).toEqual({ brand: 'VISA', bin: '455636', last4: '4242', expiry: '09/29', issuer: 'Banco de Chile' });
    // 15:01 UTC is 12:01 in Santiago (UTC-3 in March): the same calendar date.
    expect(row?.createdDate).toBe('2026-03-02');
    expect(row?.createdAt.toISOString()).toBe(created.occurredAt);
    expect(await postingCount(t.db)).toBe(before);
    const account = await localBalances(t.db, 'ANDES-DEMO', 'CL', 'PAY_IN');
    expect(account.id).not.toBeNull();
    expect(account).toMatchObject({ AVAILABLE: 0, PENDING: 0 });
  });

  test('created_date is the local date of the country', async () => {
    const late = new EventFactory('payin-late', new Date('2026-03-03T01:30:00.000Z'));
    const uniqueId = late.uniqueId();
    await ok(late.created({ uniqueId, country: 'MX', currency: 'MXN', productType: 'OXXO' }));
    // 01:31 UTC on the 3rd is 19:31 on the 2nd in Mexico City.
    expect((await transactionRow(t.db, uniqueId))?.createdDate).toBe('2026-03-02');
  });

  test('settled: net − deposit pending, deposit held, fee and VAT to the provider; releases scheduled on local dates', async () => {
    const uniqueId = f.uniqueId();
    await ok(f.created({ uniqueId, amount: 100_000 }));
    const clearing = await systemBalance(t.db, 'CLEARING', 'BRL');
    const fees = await systemBalance(t.db, 'FEES', 'BRL');
    const tax = await systemBalance(t.db, 'TAX', 'BRL');
    const settled = f.settled(uniqueId, { fee: 1_990, vat: 0, deposit: 4_900, availableInDays: 1, depositInDays: 90 });
    await ok(settled);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).toMatchObject({ PENDING: 93_110, DEPOSIT_HELD: 4_900, AVAILABLE: 0 });
    expect(await systemBalance(t.db, 'CLEARING', 'BRL')).toBe(clearing - 100_000);
    expect(await systemBalance(t.db, 'FEES', 'BRL')).toBe(fees + 1_990);
    expect(await systemBalance(t.db, 'TAX', 'BRL')).toBe(tax);
    const row = await transactionRow(t.db, uniqueId);
    expect(row).toMatchObject({ status: 'SETTLED', fee: 1_990, vat: 0 });
    expect(row?.settledAt?.toISOString()).toBe(settled.occurredAt);
    const releases = await t.db
      .select()
      .from(pendingReleases)
      .where(eq(pendingReleases.transactionId, row?.id ?? 0))
      .orderBy(asc(pendingReleases.id));
    expect(releases.map((r) => [r.bucket, r.amount, r.state, r.availableDate])).toEqual([
      ['PENDING', 93_110, 'SCHEDULED', '2026-03-03'],
      ['DEPOSIT_HELD', 4_900, 'SCHEDULED', '2026-05-31'],
    ]);
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.eventId, settled.eventId));
    expect(entry).toMatchObject({ kind: 'PAYIN_SETTLED', transactionId: row?.id });
  });

  test('the release job makes pending money available on its date, and the deposit on its own', async () => {
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    expect((await releaseAt(new Date(START.getTime() + 12 * 3_600_000))).released).toBe(0);
    const first = await releaseAt(new Date(START.getTime() + 2 * DAY));
    expect(first).toEqual({ released: 1, amount: 93_110 });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).toMatchObject({
      PENDING: before.PENDING - 93_110,
      AVAILABLE: before.AVAILABLE + 93_110,
      DEPOSIT_HELD: before.DEPOSIT_HELD,
    });
    expect((await releaseAt(new Date(START.getTime() + 3 * DAY))).released).toBe(0);
    expect(await releaseAt(new Date(START.getTime() + 91 * DAY))).toEqual({ released: 1, amount: 4_900 });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).toMatchObject({
      DEPOSIT_HELD: 0,
      AVAILABLE: before.AVAILABLE + 98_010,
    });
    t.clock.set(START);
  });

  test('fee and VAT above the amount are refused, and the event id is not recorded', async () => {
    const uniqueId = f.uniqueId();
    await ok(f.created({ uniqueId, amount: 1_000 }));
    const bad = f.settled(uniqueId, { fee: 900, vat: 200 });
    const res = await sendEvent(t.app, bad);
    expect(res.status).toBe(409);
    expect(res.code).toBe(ResultCode.CONFLICT);
    expect(res.msg).toContain('Fee and VAT exceed the amount');
    expect(await eventRecorded(bad.eventId)).toBe(false);
    expect((await transactionRow(t.db, uniqueId))?.status).toBe('CREATED');
  });

  test('status changes follow the state machine; an older one is STALE; a refused one names the status', async () => {
    const uniqueId = f.uniqueId();
    const created = f.created({ uniqueId });
    const inProgress = f.statusChanged(uniqueId, 'IN_PROGRESS');
    const failed = f.statusChanged(uniqueId, 'FAILED');
    await ok(created);
    await ok(failed);
    expect(await ok(inProgress)).toEqual({ eventId: inProgress.eventId, outcome: 'STALE', duplicate: false });
    expect((await transactionRow(t.db, uniqueId))?.status).toBe('FAILED');
    const again = f.statusChanged(uniqueId, 'IN_PROGRESS');
    const res = await sendEvent(t.app, again);
    expect(res.code).toBe(ResultCode.CONFLICT);
    expect(res.msg).toBe(`Transaction ${uniqueId} is FAILED: it cannot become IN_PROGRESS`);
    expect(await eventRecorded(again.eventId)).toBe(false);
    // A late confirmation still settles a FAILED pay-in: the money arrived.
    await ok(f.settled(uniqueId, { fee: 100 }));
    expect((await transactionRow(t.db, uniqueId))?.status).toBe('SETTLED');
  });

  test('pay-in events on a payout are refused', async () => {
    await ok(f.toppedUp(1_000_000));
    await ok(f.transferredOut(100_000, { country: 'BR', accountType: 'PAY_OUT', amount: 500_000 }));
    const payoutId = f.uniqueId('po');
    await ok(f.payout({ uniqueId: payoutId, amount: 1_000 }));
    const wrong = await sendEvent(t.app, f.settled(payoutId));
    expect(wrong.code).toBe(ResultCode.CONFLICT);
    expect(wrong.msg).toMatch(new RegExp(`^Transaction ${payoutId} is a PAY_OUT`));
  });
});

describe('refunds', () => {
  const f = new EventFactory('refund', START);
  const uniqueId = f.uniqueId();

  test('a refund beyond AVAILABLE is INSUFFICIENT_BALANCE, not recorded; the same event id works once money is available', async () => {
    await ok(f.created({ uniqueId, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 50_000 }));
    await ok(f.settled(uniqueId, { fee: 1_000, vat: 160, availableInDays: 1 }));
    const refund = f.refunded(uniqueId, 20_000);
    const postings = await postingCount(t.db);
    const refused = await sendEvent(t.app, refund);
    expect(refused.status).toBe(409);
    expect(refused.code).toBe(ResultCode.INSUFFICIENT_BALANCE);
    expect(refused.msg).toMatch(/available balance \(0\) does not cover the refund of 20000/);
    expect(await eventRecorded(refund.eventId)).toBe(false);
    expect(await postingCount(t.db)).toBe(postings);

    await releaseAt(new Date(START.getTime() + 2 * DAY));
    t.clock.set(START);
    expect(await ok(refund)).toEqual({ eventId: refund.eventId, outcome: 'APPLIED', duplicate: false });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_IN')).toMatchObject({ AVAILABLE: 48_840 - 20_000 });
    const original = await transactionRow(t.db, uniqueId);
    expect(original).toMatchObject({ status: 'SETTLED', refundStatus: 'PARTIAL', refundedAmount: 20_000 });
    expect(original?.refundTime?.toISOString()).toBe(refund.occurredAt);
    const refundRow = await transactionRow(t.db, (refund.data as { refundId: string }).refundId);
    expect(refundRow).toMatchObject({
      transactionType: 'REFUND',
      status: 'REFUNDED',
      amount: 20_000,
      relatedTransactionId: original?.id,
      accountId: original?.accountId,
      productType: 'SPEI',
    });
  });

  test('more than is left to refund is refused; the refund of all that is left makes it REFUNDED', async () => {
    const tooMuch = await sendEvent(t.app, f.refunded(uniqueId, 30_001));
    expect(tooMuch.code).toBe(ResultCode.CONFLICT);
    expect(tooMuch.msg).toBe(`The refund of 30001 exceeds what is left to refund of transaction ${uniqueId} (30000)`);
    await ok(f.refunded(uniqueId, 28_840));
    // AVAILABLE is 0 now (48 840 − 20 000 − 28 840): the last 1 160 wait for money.
    expect((await sendEvent(t.app, f.refunded(uniqueId, 1_160))).code).toBe(ResultCode.INSUFFICIENT_BALANCE);
    const other = f.uniqueId();
    await ok(f.created({ uniqueId: other, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 5_000 }));
    await ok(f.settled(other, { availableInDays: 1 }));
    await releaseAt(new Date(START.getTime() + 2 * DAY));
    t.clock.set(START);
    await ok(f.refunded(uniqueId, 1_160));
    expect(await transactionRow(t.db, uniqueId)).toMatchObject({ status: 'REFUNDED', refundStatus: 'FULL', refundedAmount: 50_000 });
    const after = await sendEvent(t.app, f.refunded(uniqueId, 1));
    expect(after.msg).toBe(`Transaction ${uniqueId} is REFUNDED: it cannot be refunded`);
  });
});

describe('holds and chargebacks', () => {
  const f = new EventFactory('hold', START);
  const chargedBackId = f.uniqueId('cbtx');

  test('a hold while the release waits moves PENDING to ON_HOLD; the release waits for the unhold', async () => {
    const uniqueId = f.uniqueId();
    await ok(f.created({ uniqueId, country: 'PE', currency: 'PEN', productType: 'BCP', amount: 30_000 }));
    await ok(f.settled(uniqueId, { fee: 600, vat: 108, availableInDays: 1 }));
    await ok(f.held(uniqueId));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'PE', 'PAY_IN')).toMatchObject({ PENDING: 0, ON_HOLD: 29_292, AVAILABLE: 0 });
    expect(await transactionRow(t.db, uniqueId)).toMatchObject({ holdStatus: 1, heldAmount: 29_292 });
    expect((await releaseAt(new Date(START.getTime() + 2 * DAY))).released).toBe(0);
    const twice = await sendEvent(t.app, f.held(uniqueId));
    expect(twice.code).toBe(ResultCode.CONFLICT);
    expect(twice.msg).toBe(`Transaction ${uniqueId} is already on hold`);
    const refund = await sendEvent(t.app, f.refunded(uniqueId, 1_000));
    expect(refund.code).toBe(ResultCode.CONFLICT);
    await ok(f.unheld(uniqueId));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'PE', 'PAY_IN')).toMatchObject({ PENDING: 29_292, ON_HOLD: 0 });
    expect(await releaseAt(new Date(START.getTime() + 2 * DAY))).toEqual({ released: 1, amount: 29_292 });
    t.clock.set(START);
    // Released money is held from AVAILABLE, and comes back there.
    await ok(f.held(uniqueId));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'PE', 'PAY_IN')).toMatchObject({ AVAILABLE: 0, ON_HOLD: 29_292 });
    await ok(f.unheld(uniqueId));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'PE', 'PAY_IN')).toMatchObject({ AVAILABLE: 29_292, ON_HOLD: 0 });
    const notHeld = await sendEvent(t.app, f.unheld(uniqueId));
    expect(notHeld.msg).toBe(`Transaction ${uniqueId} is not on hold`);
  });

  test('a chargeback of a held transaction takes its held money, ends the hold, and gives the rest back to PENDING', async () => {
    const uniqueId = chargedBackId;
    await ok(f.created({ uniqueId, country: 'CO', currency: 'COP', productType: 'PSE', amount: 1_000_000 }));
    await ok(f.settled(uniqueId, { fee: 30_000, vat: 5_700, deposit: 50_000, availableInDays: 3 }));
    await ok(f.held(uniqueId));
    const heldAmount = 1_000_000 - 35_700 - 50_000;
    expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({
      PENDING: 0,
      ON_HOLD: heldAmount,
      DEPOSIT_HELD: 50_000,
    });
    const fees = await systemBalance(t.db, 'FEES', 'COP');
    const cb = f.chargedBack(uniqueId, 400_000, 25_000);
    await ok(cb);
    const remainder = heldAmount - 425_000;
    expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({
      ON_HOLD: 0,
      PENDING: remainder,
      DEPOSIT_HELD: 50_000,
      AVAILABLE: 0,
      OWED: 0,
    });
    expect(await systemBalance(t.db, 'FEES', 'COP')).toBe(fees + 25_000);
    const original = await transactionRow(t.db, uniqueId);
    expect(original).toMatchObject({ status: 'CHARGED_BACK', chargedBackAmount: 400_000, holdStatus: 2, heldAmount: 0 });
    const chargeback = await transactionRow(t.db, (cb.data as { chargebackId: string }).chargebackId);
    expect(chargeback).toMatchObject({ transactionType: 'CHARGE_BACK', status: 'CHARGED_BACK', amount: 400_000, fee: 25_000 });
    const [pending] = await t.db
      .select()
      .from(pendingReleases)
      .where(and(eq(pendingReleases.transactionId, original?.id ?? 0), eq(pendingReleases.bucket, 'PENDING')));
    expect(pending).toMatchObject({ state: 'SCHEDULED', amount: remainder });
    expect(await releaseAt(new Date(START.getTime() + 4 * DAY))).toEqual({ released: 1, amount: remainder });
    t.clock.set(START);
  });

  test('a chargeback beyond the money there is takes AVAILABLE, then the deposit, and owes the rest; credits pay OWED first', async () => {
    const uniqueId = chargedBackId;
    const before = await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN');
    expect(before).toMatchObject({ DEPOSIT_HELD: 50_000, OWED: 0 });
    await ok(f.chargedBack(uniqueId, 600_000, 25_000));
    const owed = 625_000 - before.AVAILABLE - 50_000;
    expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({ AVAILABLE: 0, DEPOSIT_HELD: 0, OWED: -owed });
    const nothingLeft = await sendEvent(t.app, f.chargedBack(uniqueId, 1));
    expect(nothingLeft.msg).toBe(`The chargeback of 1 exceeds what is left of transaction ${uniqueId} (0)`);
    // The deposit release finds no deposit left: it releases nothing.
    expect((await releaseAt(new Date(START.getTime() + 100 * DAY))).amount).toBe(0);
    t.clock.set(START);
    const next = f.uniqueId();
    await ok(f.created({ uniqueId: next, country: 'CO', currency: 'COP', productType: 'PSE', amount: owed + 10_000 }));
    await ok(f.settled(next, { availableInDays: 1 }));
    await releaseAt(new Date(START.getTime() + 2 * DAY));
    t.clock.set(START);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({ AVAILABLE: 10_000, OWED: 0 });
  });
});

describe('payouts', () => {
  const f = new EventFactory('payout', START);
  const payoutId = f.uniqueId();

  test('created reserves; a payout beyond AVAILABLE is recorded REJECTED and moves nothing', async () => {
    await ok(f.toppedUp(100_000, undefined, 'CONDOR'));
    await ok(f.transferredOut(20_000, { country: 'MX', accountType: 'PAY_OUT', amount: 400_000, rate: '20.0' }, undefined, 'CONDOR'));
    await ok(f.payout({ uniqueId: payoutId, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 150_000 }, 'CONDOR'));
    expect(await localBalances(t.db, 'CONDOR', 'MX', 'PAY_OUT')).toMatchObject({ AVAILABLE: 250_000, RESERVED: 150_000 });
    const row = await transactionRow(t.db, payoutId);
    expect(row).toMatchObject({ transactionType: 'PAY_OUT', product: 'payout', status: 'CREATED', beneficiary: { name: 'Beatriz Souza' } });

    const tooBig = f.uniqueId();
    const postings = await postingCount(t.db);
    expect(
      (await ok(f.payout({ uniqueId: tooBig, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 250_001 }, 'CONDOR'))).outcome,
    ).toBe('APPLIED');
    expect(await transactionRow(t.db, tooBig)).toMatchObject({ status: 'REJECTED', statusReason: 'Insufficient available balance' });
    expect(await postingCount(t.db)).toBe(postings);
  });

  test('IN_PROGRESS, then SETTLED pays the reserved amount out with fee and VAT from AVAILABLE', async () => {
    await ok(f.payoutStatus(payoutId, 'IN_PROGRESS', {}, 'CONDOR'));
    const clearing = await systemBalance(t.db, 'CLEARING', 'MXN');
    await ok(f.payoutStatus(payoutId, 'SETTLED', { fee: 500, vat: 80 }, 'CONDOR'));
    expect(await localBalances(t.db, 'CONDOR', 'MX', 'PAY_OUT')).toMatchObject({ AVAILABLE: 250_000 - 580, RESERVED: 0 });
    expect(await systemBalance(t.db, 'CLEARING', 'MXN')).toBe(clearing + 150_000);
    expect(await transactionRow(t.db, payoutId)).toMatchObject({ status: 'SETTLED', fee: 500, vat: 80 });
  });

  test('FAILED gives the reserved amount back; a late IN_PROGRESS is STALE; marketplace orders reserve the same way', async () => {
    const failing = f.uniqueId();
    await ok(f.payout({ uniqueId: failing, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 20_000 }, 'CONDOR'));
    const inProgress = f.payoutStatus(failing, 'IN_PROGRESS', {}, 'CONDOR');
    const failed = f.payoutStatus(failing, 'FAILED', {}, 'CONDOR');
    await ok(failed);
    expect(await ok(inProgress)).toMatchObject({ outcome: 'STALE', duplicate: false });
    expect(await transactionRow(t.db, failing)).toMatchObject({ status: 'FAILED' });
    expect(await localBalances(t.db, 'CONDOR', 'MX', 'PAY_OUT')).toMatchObject({ AVAILABLE: 250_000 - 580, RESERVED: 0 });
    const settleFailed = await sendEvent(t.app, f.payoutStatus(failing, 'SETTLED', {}, 'CONDOR'));
    expect(settleFailed.msg).toBe(`Transaction ${failing} is FAILED: it cannot become SETTLED`);

    await ok(f.transferredOut(1_000, { country: 'MX', accountType: 'MARKET_PLACE', amount: 20_000, rate: '20.0' }, undefined, 'CONDOR'));
    const order = f.uniqueId('mkt');
    await ok(
      f.created(
        { uniqueId: order, transactionType: 'MARKET_PLACE_ORDERS', country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 15_000 },
        'CONDOR',
      ),
    );
    expect(await transactionRow(t.db, order)).toMatchObject({ product: 'marketplace' });
    expect(await localBalances(t.db, 'CONDOR', 'MX', 'MARKET_PLACE')).toMatchObject({ AVAILABLE: 5_000, RESERVED: 15_000 });
    await ok(f.payoutStatus(order, 'CANCELLED', {}, 'CONDOR'));
    expect(await localBalances(t.db, 'CONDOR', 'MX', 'MARKET_PLACE')).toMatchObject({ AVAILABLE: 20_000, RESERVED: 0 });
  });

  test('concurrent payouts whose sum exceeds AVAILABLE never overdraw: exactly the affordable ones are reserved', async () => {
    await ok(f.toppedUp(10_000, undefined, 'ANDES-DEMO'));
    await ok(f.transferredOut(10_000, { country: 'ZA', accountType: 'PAY_OUT', amount: 100_000, rate: '10.0' }));
    const events = Array.from({ length: 8 }, () =>
      f.payout({ uniqueId: f.uniqueId(), country: 'ZA', currency: 'ZAR', productType: 'BANK_TRANSFER', amount: 30_000 }),
    );
    const answers = await Promise.all(events.map((e) => sendEvent(t.app, e)));
    expect(answers.map((a) => a.code)).toEqual(events.map(() => ResultCode.OK));
    const rows = await Promise.all(events.map((e) => transactionRow(t.db, (e.data as { uniqueId: string }).uniqueId)));
    expect(rows.filter((r) => r?.status === 'CREATED')).toHaveLength(3);
    expect(rows.filter((r) => r?.status === 'REJECTED')).toHaveLength(5);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'ZA', 'PAY_OUT')).toMatchObject({ AVAILABLE: 10_000, RESERVED: 90_000 });
  });
});

describe('global account', () => {
  const f = new EventFactory('global', START);
  const topupReference = f.uniqueId('topup');

  test('top-up and transfer out write the statement with start and end balances', async () => {
    const before = await globalBalances(t.db, 'ANDES-DEMO');
    const topup = f.toppedUp(500_000, topupReference);
    await ok(topup);
    const transfer = f.transferredOut(200_000, { country: 'BR', accountType: 'MARKET_PLACE', amount: 1_000_000, rate: '5.0' });
    await ok(transfer);
    const after = await globalBalances(t.db, 'ANDES-DEMO');
    expect(after.AVAILABLE).toBe(before.AVAILABLE + 300_000);
    const moves = await t.db
      .select()
      .from(globalMovements)
      .where(inArray(globalMovements.eventId, [topup.eventId, transfer.eventId]))
      .orderBy(asc(globalMovements.id));
    expect(moves.map((m) => [m.businessType, m.amount, m.startBalance, m.endBalance, m.targetAmount, m.targetCurrency])).toEqual([
      ['TOPUP', 500_000, before.AVAILABLE, before.AVAILABLE + 500_000, null, null],
      ['TRANSFER_OUT', -200_000, before.AVAILABLE + 500_000, before.AVAILABLE + 300_000, 1_000_000, 'BRL'],
    ]);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'MARKET_PLACE')).toMatchObject({ AVAILABLE: 1_000_000 });
  });

  test('refusals: too little money, a reused reference, a target that is not a top-up account or not a country of the merchant', async () => {
    const available = (await globalBalances(t.db, 'ANDES-DEMO')).AVAILABLE;
    const tooMuch = f.transferredOut(available + 1, { country: 'BR', accountType: 'PAY_OUT', amount: 10 });
    const res = await sendEvent(t.app, tooMuch);
    expect(res.code).toBe(ResultCode.INSUFFICIENT_BALANCE);
    expect(await eventRecorded(tooMuch.eventId)).toBe(false);
    const reused = await sendEvent(t.app, f.toppedUp(100, topupReference));
    expect(reused.code).toBe(ResultCode.CONFLICT);
    expect(reused.msg).toBe(`Reference ${topupReference} was already used for a global movement of ANDES-DEMO`);
    const payIn = await sendEvent(t.app, f.transferredOut(10, { country: 'BR', accountType: 'PAY_IN', amount: 50 }));
    expect(payIn.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(payIn.msg).toBe('data.targetAccountType: Global funds go to PAY_OUT or MARKET_PLACE accounts (the top-up modes), not PAY_IN');
    const elsewhere = await sendEvent(
      t.app,
      f.transferredOut(10, { country: 'BR', accountType: 'PAY_OUT', amount: 50 }, undefined, 'CONDOR'),
    );
    expect(elsewhere.msg).toBe('data.targetCountry: CONDOR is not set up in BR');
  });
});

describe('idempotency and ordering', () => {
  const f = new EventFactory('idem', START);

  test('a reused event id changes nothing and answers the first outcome', async () => {
    const uniqueId = f.uniqueId();
    const created = f.created({ uniqueId, amount: 7_000 });
    const settled = f.settled(uniqueId, { fee: 70 });
    await ok(created);
    await ok(settled);
    const postings = await postingCount(t.db);
    const balances = await allBalances(t.db);
    const stats = await dailyStatsAndRecount(t.db);
    expect(await ok(settled)).toEqual({ eventId: settled.eventId, outcome: 'APPLIED', duplicate: true });
    expect(await ok(created)).toEqual({
      eventId: created.eventId,
      outcome: 'APPLIED',
      duplicate: true,
      risk: expect.objectContaining({ decision: 'ALLOW', rules: [] }),
    });
    expect(await postingCount(t.db)).toBe(postings);
    expect(await allBalances(t.db)).toEqual(balances);
    expect(await dailyStatsAndRecount(t.db)).toEqual(stats);
  });

  test('a reused event id with another payload is refused', async () => {
    const uniqueId = f.uniqueId();
    const created = f.created({ uniqueId, amount: 7_000 });
    await ok(created);
    const res = await sendEvent(t.app, { ...created, data: { ...(created.data as object), amount: 7_001 } } as typeof created);
    expect(res.status).toBe(409);
    expect(res.msg).toBe(`Event id ${created.eventId} was already used for a different event; send a new id for a new event`);
    expect((await transactionRow(t.db, uniqueId))?.amount).toBe(7_000);
  });

  test('concurrent deliveries of one event apply it once', async () => {
    const uniqueId = f.uniqueId();
    await ok(f.created({ uniqueId, amount: 9_000 }));
    const settled = f.settled(uniqueId, { fee: 90 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendEvent(t.app, settled)));
    expect(answers.map((a) => a.data.duplicate).sort()).toEqual([false, true, true, true, true]);
    const [entries] = await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.eventId, settled.eventId));
    expect(entries?.n).toBe(1);
  });

  test('events before their transaction are PARKED, then applied in time order when it arrives', async () => {
    const uniqueId = f.uniqueId();
    const created = f.created({ uniqueId, amount: 20_000, country: 'US', currency: 'USD', productType: 'CARD' });
    const inProgress = f.statusChanged(uniqueId, 'IN_PROGRESS');
    const settled = f.settled(uniqueId, { fee: 500, availableInDays: 30 });
    const held = f.held(uniqueId);
    expect(await ok(held)).toMatchObject({ outcome: 'PARKED', duplicate: false });
    expect(await ok(settled)).toMatchObject({ outcome: 'PARKED' });
    expect(await ok(inProgress)).toMatchObject({ outcome: 'PARKED' });
    expect(await ok(held)).toMatchObject({ outcome: 'PARKED', duplicate: true });
    expect(await ok(created)).toMatchObject({ outcome: 'APPLIED' });
    expect(await transactionRow(t.db, uniqueId)).toMatchObject({ status: 'SETTLED', fee: 500, holdStatus: 1, heldAmount: 19_500 });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'US', 'PAY_IN')).toMatchObject({ ON_HOLD: 19_500, PENDING: 0 });
    for (const e of [inProgress, settled, held]) expect(await ok(e)).toMatchObject({ outcome: 'APPLIED', duplicate: true });
  });

  test('a parked event its transaction refuses on arrival is recorded STALE', async () => {
    const uniqueId = f.uniqueId();
    const refund = f.refunded(uniqueId, 1_000);
    expect(await ok(refund)).toMatchObject({ outcome: 'PARKED' });
    await ok(f.created({ uniqueId, amount: 5_000 }));
    expect(await ok(refund)).toMatchObject({ outcome: 'STALE', duplicate: true });
    expect(await transactionRow(t.db, (refund.data as { refundId: string }).refundId)).toBeNull();
  });

  test('unknown merchants, foreign sub-merchants, wrong currency, product type or country are refused', async () => {
    const unknown = await sendEvent(t.app, f.created({ uniqueId: f.uniqueId() }, 'NOBODY'));
    expect([unknown.status, unknown.code, unknown.msg]).toEqual([404, ResultCode.NOT_FOUND, 'Merchant NOBODY was not found']);
    const foreign = await sendEvent(t.app, f.created({ uniqueId: f.uniqueId(), subMerchantCode: 'ANDES-DEMO-BR' }, 'CONDOR'));
    expect(foreign.msg).toBe('Sub-merchant ANDES-DEMO-BR of merchant CONDOR was not found');
    const asMerchant = await sendEvent(t.app, f.created({ uniqueId: f.uniqueId() }, 'ANDES-DEMO-BR'));
    expect(asMerchant.code).toBe(ResultCode.VALIDATION_FAILED);
    const currency = await sendEvent(t.app, f.created({ uniqueId: f.uniqueId(), currency: 'USD' }));
    expect(currency.msg).toBe('data.currency: A BR transaction is in BRL, not USD');
    const product = await sendEvent(t.app, f.created({ uniqueId: f.uniqueId(), productType: 'SPEI' }));
    expect(product.msg).toBe('data.productType: SPEI is not a product type of BR');
    const country = await sendEvent(
      t.app,
      f.created({ uniqueId: f.uniqueId(), subMerchantCode: 'ANDES-DEMO-BR', country: 'CO', currency: 'COP', productType: 'PSE' }),
    );
    expect(country.msg).toBe('data.country: ANDES-DEMO-BR is not set up in CO');
    const existing = (await t.db.select().from(transactions).limit(1))[0]?.uniqueId ?? '';
    const duplicate = await sendEvent(t.app, f.created({ uniqueId: existing }));
    expect(duplicate.msg).toBe(`Transaction ${existing} already exists`);
  });

  test("a sub-merchant's transaction is in its own account, under its parent merchant", async () => {
    const uniqueId = f.uniqueId();
    await ok(f.created({ uniqueId, subMerchantCode: 'ANDES-DEMO-BR', amount: 3_000 }));
    await ok(f.settled(uniqueId, { fee: 30 }));
    const row = await transactionRow(t.db, uniqueId);
    expect(row?.subMerchantId).not.toBeNull();
    expect(await localBalances(t.db, 'ANDES-DEMO-BR', 'BR', 'PAY_IN')).toMatchObject({ id: row?.accountId, PENDING: 2_970 });
  });
});

describe('daily figures', () => {
  test('daily_transaction_stats equals the figures counted from the transactions', async () => {
    const { table, recount } = await dailyStatsAndRecount(t.db);
    expect(table.length).toBeGreaterThan(10);
    expect(table).toEqual(recount);
  });
});
