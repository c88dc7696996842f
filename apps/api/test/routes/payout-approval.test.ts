import { randomUUID } from 'node:crypto';
import { PAYOUT_APPROVAL_EXPIRY_DAYS } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { payoutApprove, payoutCreate, payoutPage, payoutRefuse } from '@andes/contract/payout/endpoints';
import { PAYOUT_MESSAGES, type Payout, type PayoutDecisionAnswer, type PayoutPage } from '@andes/contract/payout/schemas';
import { transactionQuery } from '@andes/contract/transaction/endpoints';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { payouts } from '../../src/db/schema/payouts.ts';
import { payoutExpiryJob } from '../../src/jobs/payout-expiry.job.ts';
import { expireDuePayouts } from '../../src/modules/payout/payout.service.ts';
import { MoneyFixture } from '../fixtures/money.ts';
import {
  createPayout,
  demoActor,
  expectLedgerConsistent,
  fundedPayoutApp,
  json,
  type PayoutActor,
  payoutUser,
  pixPayout,
  sendCode,
  speiPayout,
} from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { claim, EventFactory, localBalances, sendEvent, systemBalance, transactionRow } from '../ledger/support.ts';

/**
 * Approving and refusing payouts (four eyes), the platform's part (claim, progress, outcome), and
 * the expiry of payouts nobody decided. Every decision is conditional on PENDING: double clicks and
 * races apply once. The ledger and the daily figures hold after every test.
 */

const START = new Date('2026-05-11T14:00:00.000Z');
let t: TestApp;
let admin: PayoutActor;
let operator: PayoutActor;
let checker: PayoutActor;
let checker2: PayoutActor;
let condor: PayoutActor;
let clerk: PayoutActor;
let clerk2: PayoutActor;
const f = new EventFactory('payout-approval', START);

beforeAll(async () => {
  t = await fundedPayoutApp(f, START, { BR: 20_000_000, MX: 20_000_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  operator = await demoActor(t, 'payout', 'paula.payout@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  checker = await payoutUser(t, 'payout.checker', ['payment:payout', 'payment:payout:approve']);
  checker2 = await payoutUser(t, 'payout.checker2', ['payment:payout', 'payment:payout:approve']);
  const both: ['payment:payout', 'payment:payout:create', 'payment:payout:approve'] = [
    'payment:payout',
    'payment:payout:create',
    'payment:payout:approve',
  ];
  clerk = await payoutUser(t, 'market.clerk', both, { subMerchant: 'ANDES-DEMO-BR', countries: ['BR'] });
  clerk2 = await payoutUser(t, 'market.clerk2', both, { subMerchant: 'ANDES-DEMO-BR', countries: ['BR'] });
  // The sub-merchant's own BR payout account (sub-merchants have no global account).
  const money = await MoneyFixture.create(t.db);
  await money.account('ANDES-DEMO-BR', 'BR', 'PAY_OUT', { AVAILABLE: 1_000_000 }, START);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const approve = (actor: PayoutActor, body: unknown) => json<PayoutDecisionAnswer>(t, payoutApprove.path, actor.token, body);
const refuse = (actor: PayoutActor, body: unknown) => json<PayoutDecisionAnswer>(t, payoutRefuse.path, actor.token, body);
const page = (actor: PayoutActor, body: unknown) => json<PayoutPage>(t, payoutPage.path, actor.token, body);
let serial = 0;
/** A new BR PIX payout of `actor` (a beneficiary of its own each time: never a duplicate). */
async function newPayout(actor: PayoutActor, amount = 100_000, country: 'BR' | 'MX' = 'BR'): Promise<Payout> {
  serial += 1;
  const body = country === 'BR' ? pixPayout(amount, {}, `b${serial}@example.com`) : speiPayout(amount, { confirmDuplicates: true });
  const res = await createPayout(t, actor, body);
  if (res.code !== ResultCode.OK || !res.data.payout) throw new Error(`payout not created: ${res.code} ${res.msg}`);
  return res.data.payout;
}
const detailOf = async (actor: PayoutActor, p: Payout) => (await page(actor, { country: p.country, id: p.id })).data.detail;

describe('four eyes', () => {
  test('approving needs payment:payout:approve; the creator can never decide their own payout', async () => {
    const mine = await newPayout(admin);
    expect((await approve(operator, { country: 'BR', ids: [mine.id] })).code).toBe(ResultCode.FORBIDDEN);
    expect((await refuse(operator, { country: 'BR', ids: [mine.id] })).code).toBe(ResultCode.FORBIDDEN);
    const own = await approve(admin, { country: 'BR', ids: [mine.id] });
    expect(own).toMatchObject({ code: ResultCode.FORBIDDEN, msg: PAYOUT_MESSAGES.ownPayout });
    expect(await refuse(admin, { country: 'BR', ids: [mine.id], reason: 'mine' })).toMatchObject({ msg: PAYOUT_MESSAGES.ownPayout });
    // With someone else's in the selection, the other is approved and the own one skipped.
    const theirs = await newPayout(operator);
    const mixed = await approve(admin, { country: 'BR', ids: [mine.id, theirs.id] });
    expect(mixed).toMatchObject({
      code: ResultCode.OK,
      data: { decided: 1, amount: theirs.amount, skipped: [{ id: mine.id, uniqueId: mine.uniqueId, reason: 'OWN_PAYOUT' }] },
    });
    expect(await detailOf(admin, mine)).toMatchObject({ status: 'PENDING', approvalStatus: 'PENDING' });
  });
});

describe('approval', () => {
  let approved: Payout;

  test('approved: WAITING in the Approved tab, offered to the platform with its quoted fee and VAT, in the activity log', async () => {
    const p = await newPayout(operator, 250_000, 'MX');
    expect(p).toMatchObject({ fee: 700, vat: 112 });
    const res = await approve(checker, { country: 'MX', ids: [p.id] });
    expect(res).toMatchObject({ code: ResultCode.OK, data: { decided: 1, amount: 250_000, skipped: [] } });
    const detail = await detailOf(checker, p);
    expect(detail).toMatchObject({ status: 'WAITING', approvalStatus: 'APPROVED', approvedBy: 'Fixture payout.checker' });
    expect(detail?.history.map((h) => h.event)).toEqual(['CREATED', 'APPROVED']);
    const tabs = await page(checker, { country: 'MX', tab: 'APPROVED' });
    expect(tabs.data.list.map((x) => x.id)).toContain(p.id);
    expect((await page(checker, { country: 'MX', tab: 'PENDING' })).data.list.map((x) => x.id)).not.toContain(p.id);
    const offered = (await claim(t.app, { limit: 100 })).data.list.find((o) => o.uniqueId === p.uniqueId);
    expect(offered).toMatchObject({
      amount: 250_000,
      fee: 700,
      vat: 112,
      merchantCode: 'ANDES-DEMO',
      beneficiary: { accountNo: '032180000118359719' },
    });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'PAYOUT_APPROVED'))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorUsername: 'payout.checker', objectId: p.uniqueId });
    approved = p;
  });

  test('a second click, or a refusal after it, changes nothing: NOT_PENDING', async () => {
    expect((await approve(checker, { country: 'MX', ids: [approved.id] })).data).toEqual({
      decided: 0,
      amount: 0,
      skipped: [{ id: approved.id, uniqueId: approved.uniqueId, reason: 'NOT_PENDING' }],
    });
    expect((await refuse(checker2, { country: 'MX', ids: [approved.id] })).data.skipped).toMatchObject([{ reason: 'NOT_PENDING' }]);
  });

  test('the platform takes it: IN_PROGRESS, then SETTLED with the offered fee and VAT; the reservation leaves exactly', async () => {
    const before = await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT');
    const fees = await systemBalance(t.db, 'FEES', 'MXN');
    const tax = await systemBalance(t.db, 'TAX', 'MXN');
    const clearing = await systemBalance(t.db, 'CLEARING', 'MXN');
    t.clock.advance(60_000);
    expect((await sendEvent(t.app, f.payoutStatus(approved.uniqueId, 'IN_PROGRESS'))).data.outcome).toBe('APPLIED');
    expect(await detailOf(admin, approved)).toMatchObject({ status: 'IN_PROGRESS' });
    expect((await sendEvent(t.app, f.payoutStatus(approved.uniqueId, 'SETTLED', { fee: 700, vat: 112 }))).data.outcome).toBe('APPLIED');
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE,
      RESERVED: before.RESERVED - 250_812,
    });
    expect(await systemBalance(t.db, 'FEES', 'MXN')).toBe(fees + 700);
    expect(await systemBalance(t.db, 'TAX', 'MXN')).toBe(tax + 112);
    expect(await systemBalance(t.db, 'CLEARING', 'MXN')).toBe(clearing + 250_000);
    const detail = await detailOf(admin, approved);
    expect(detail).toMatchObject({ status: 'SETTLED', fee: 700, vat: 112, settledAt: expect.any(String) });
    expect(detail?.history.map((h) => [h.event, h.transactionStatus])).toEqual([
      ['CREATED', 'CREATED'],
      ['APPROVED', 'CREATED'],
      ['IN_PROGRESS', 'IN_PROGRESS'],
      ['SETTLED', 'SETTLED'],
    ]);
    const tx = await json<{ status: string; fee: number }>(t, transactionQuery.path, admin.token, { id: approved.transactionId });
    expect(tx.data).toMatchObject({ status: 'SETTLED', fee: 700 });
  });

  test('a platform fee above the quote is taken from AVAILABLE; below it, the rest comes back', async () => {
    const a = await newPayout(operator, 300_000, 'MX');
    const b = await newPayout(operator, 300_000, 'MX');
    await approve(checker, { country: 'MX', ids: [a.id, b.id] });
    const before = await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT');
    await sendEvent(t.app, f.payoutStatus(a.uniqueId, 'IN_PROGRESS'));
    await sendEvent(t.app, f.payoutStatus(a.uniqueId, 'SETTLED', { fee: 1_000, vat: 160 }));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - (1_160 - 812),
      RESERVED: before.RESERVED - 300_812,
    });
    await sendEvent(t.app, f.payoutStatus(b.uniqueId, 'SETTLED', { fee: 0, vat: 0 }));
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - (1_160 - 812) + 812,
      RESERVED: before.RESERVED - 2 * 300_812,
    });
  });

  test('FAILED gives the whole reservation (amount, fee and VAT) back', async () => {
    const p = await newPayout(operator, 400_000, 'MX');
    await approve(checker, { country: 'MX', ids: [p.id] });
    const before = await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT');
    await sendEvent(t.app, f.payoutStatus(p.uniqueId, 'IN_PROGRESS'));
    const failed = f.payoutStatus(p.uniqueId, 'FAILED');
    await sendEvent(t.app, { ...failed, data: { ...(failed.data as object), reason: 'Account closed' } } as typeof failed);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE + 400_812,
      RESERVED: before.RESERVED - 400_812,
    });
    expect(await detailOf(admin, p)).toMatchObject({ status: 'FAILED', statusReason: 'Account closed' });
  });

  test('the platform cannot move a payout nobody approved', async () => {
    const p = await newPayout(operator);
    const ack = await sendEvent(t.app, f.payoutStatus(p.uniqueId, 'IN_PROGRESS'));
    expect(ack).toMatchObject({ code: ResultCode.CONFLICT });
    expect(ack.msg).toContain('not approved');
    expect(await transactionRow(t.db, p.uniqueId)).toMatchObject({ status: 'CREATED' });
    expect((await claim(t.app, { limit: 100 })).data.list.map((o) => o.uniqueId)).not.toContain(p.uniqueId);
  });
});

describe('refusal', () => {
  test('refused: REJECTED with who and why, the reservation returned, the figures moved, in the history', async () => {
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    const p = await newPayout(operator, 123_400);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({ AVAILABLE: before.AVAILABLE - 123_550 });
    const res = await refuse(checker, { country: 'BR', ids: [p.id], reason: 'Wrong beneficiary' });
    expect(res).toMatchObject({ code: ResultCode.OK, data: { decided: 1, amount: 123_400, skipped: [] } });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE,
      RESERVED: before.RESERVED,
    });
    expect(await transactionRow(t.db, p.uniqueId)).toMatchObject({
      status: 'REJECTED',
      statusReason: 'Refused by Fixture payout.checker: Wrong beneficiary',
    });
    const detail = await detailOf(admin, p);
    expect(detail).toMatchObject({
      status: 'REJECTED',
      approvalStatus: 'REJECTED',
      statusReason: 'Refused by Fixture payout.checker: Wrong beneficiary',
    });
    expect(detail?.history.at(-1)).toMatchObject({ event: 'REFUSED', by: 'Fixture payout.checker', reason: 'Wrong beneficiary' });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'PAYOUT_REFUSED'))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUsername: 'payout.checker',
      objectId: p.uniqueId,
      details: { reason: 'Wrong beneficiary', count: '1' },
    });
    expect((await claim(t.app, { limit: 100 })).data.list.map((o) => o.uniqueId)).not.toContain(p.uniqueId);
  });

  test('another merchant’s payout is NOT_FOUND, exactly like one that does not exist; beside one of the caller’s, a NOT_FOUND skip', async () => {
    const p = await newPayout(operator);
    const foreign = await refuse(condor, { country: 'MX', ids: [p.id] });
    const missing = await refuse(condor, { country: 'MX', ids: [2_147_483_647] });
    expect(foreign).toMatchObject({ code: ResultCode.NOT_FOUND });
    expect(foreign).toEqual(missing);
    const mixed = await refuse(checker, { country: 'BR', ids: [p.id, 2_147_483_647], reason: 'both' });
    expect(mixed.data).toEqual({ decided: 1, amount: p.amount, skipped: [{ id: 2_147_483_647, uniqueId: null, reason: 'NOT_FOUND' }] });
    expect((await approve(condor, { country: 'MX', batchId: p.batchId })).code).toBe(ResultCode.NOT_FOUND);
    expect(await approve(condor, { country: 'MX', batchId: 2_147_483_647 })).toEqual(
      await approve(condor, { country: 'MX', batchId: p.batchId }),
    );
  });
});

describe('races', () => {
  test('two approvers at once: applied once, offered once', async () => {
    const p = await newPayout(operator);
    const [a, b] = await Promise.all([approve(checker, { country: 'BR', ids: [p.id] }), approve(checker2, { country: 'BR', ids: [p.id] })]);
    expect([a.data.decided, b.data.decided].sort()).toEqual([0, 1]);
    const offers = (await claim(t.app, { limit: 100 })).data.list.filter((o) => o.uniqueId === p.uniqueId);
    expect(offers).toHaveLength(1);
    expect(await t.db.select({ by: payouts.decidedByName }).from(payouts).where(eq(payouts.id, p.id))).toHaveLength(1);
  });

  test('approve and refuse at once: exactly one wins, and the money follows the winner', async () => {
    for (let i = 0; i < 4; i += 1) {
      const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
      const p = await newPayout(operator, 50_000);
      const [a, r] = await Promise.all([
        approve(checker, { country: 'BR', ids: [p.id] }),
        refuse(checker2, { country: 'BR', ids: [p.id] }),
      ]);
      expect(a.data.decided + r.data.decided).toBe(1);
      const after = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
      expect(after.AVAILABLE).toBe(a.data.decided === 1 ? before.AVAILABLE - 50_150 : before.AVAILABLE);
      expect((await detailOf(admin, p))?.approvalStatus).toBe(a.data.decided === 1 ? 'APPROVED' : 'REJECTED');
    }
  });
});

describe('batches and sub-merchants', () => {
  test('a whole batch is decided at once (its PENDING payouts), its pending figures summed for the approval view', async () => {
    const p = await newPayout(operator, 70_000);
    const pending = await page(checker, { country: 'BR', tab: 'PENDING', batchId: p.batchId, pageSize: 10 });
    expect(pending.data.batchPending).toEqual({ batchId: p.batchId, currency: 'BRL', count: 1, amount: 70_000, fee: p.fee, vat: p.vat });
    // Another merchant's view of the batch holds nothing.
    expect((await page(condor, { country: 'MX', batchId: p.batchId })).data.batchPending).toBeNull();
    const res = await approve(checker, { country: 'BR', batchId: p.batchId });
    expect(res.data).toEqual({ decided: 1, amount: 70_000, skipped: [] });
    expect((await page(checker, { country: 'BR', batchId: p.batchId })).data.batchPending).toBeNull();
    expect((await page(checker, { country: 'BR' })).data.batchPending).toBeNull();
  });

  test('a sub-merchant’s clerk pays from the sub-merchant’s account and sees only its payouts; the merchant sees them too', async () => {
    const before = await localBalances(t.db, 'ANDES-DEMO-BR', 'BR', 'PAY_OUT');
    const p = await newPayout(clerk, 10_000);
    expect(p).toMatchObject({ fee: 150 });
    expect(await localBalances(t.db, 'ANDES-DEMO-BR', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - 10_150,
      RESERVED: 10_150,
    });
    const theirs = await page(clerk, { country: 'BR', tab: 'PENDING', pageSize: 100 });
    expect(theirs.data.list.map((x) => x.id)).toEqual([p.id]);
    expect(theirs.data.balance).toEqual({ currency: 'BRL', available: before.AVAILABLE - 10_150, reserved: 10_150 });
    expect((await page(admin, { country: 'BR', tab: 'PENDING', pageSize: 100 })).data.list.map((x) => x.id)).toContain(p.id);
    // The merchant's payouts are not theirs to decide.
    const merchants = await newPayout(operator);
    expect((await approve(clerk, { country: 'BR', ids: [merchants.id] })).code).toBe(ResultCode.NOT_FOUND);
    // Four eyes within the sub-merchant: the other clerk approves.
    expect((await approve(clerk, { country: 'BR', ids: [p.id] })).msg).toBe(PAYOUT_MESSAGES.ownPayout);
    expect((await approve(clerk2, { country: 'BR', ids: [p.id] })).data.decided).toBe(1);
    const offer = (await claim(t.app, { limit: 100 })).data.list.find((o) => o.uniqueId === p.uniqueId);
    expect(offer).toMatchObject({ merchantCode: 'ANDES-DEMO', subMerchantCode: 'ANDES-DEMO-BR', fee: 150 });
    await sendEvent(t.app, f.payoutStatus(p.uniqueId, 'IN_PROGRESS'));
    await sendEvent(t.app, f.payoutStatus(p.uniqueId, 'SETTLED', { fee: 150, vat: 0 }));
    expect(await localBalances(t.db, 'ANDES-DEMO-BR', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - 10_150,
      RESERVED: 0,
    });
  });
});

describe('expiry', () => {
  test(`a payout nobody decided within ${PAYOUT_APPROVAL_EXPIRY_DAYS} days is cancelled and its money released, once`, async () => {
    const p = await newPayout(operator, 80_000);
    const pendingBefore = (await t.db.select().from(payouts).where(eq(payouts.approvalStatus, 'PENDING'))).length;
    // A second before its time, the older undecided payouts expire, not this one.
    t.clock.advance(PAYOUT_APPROVAL_EXPIRY_DAYS * 86_400_000 - 1_000);
    expect(await expireDuePayouts(t.db, t.clock)).toBe(pendingBefore - 1);
    expect(await detailOf(admin, p)).toMatchObject({ status: 'PENDING' });
    const beforeIt = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    t.clock.advance(1_000);
    // Two workers at once: each payout expires once.
    const [first, second] = await Promise.all([expireDuePayouts(t.db, t.clock), expireDuePayouts(t.db, t.clock)]);
    expect(first + second).toBe(1);
    expect(await expireDuePayouts(t.db, t.clock)).toBe(0);
    expect(await transactionRow(t.db, p.uniqueId)).toMatchObject({ status: 'CANCELLED', statusReason: PAYOUT_MESSAGES.approvalExpired });
    const detail = await detailOf(admin, p);
    expect(detail).toMatchObject({
      status: 'CANCELLED',
      approvalStatus: 'REJECTED',
      approvedBy: null,
      statusReason: 'Not approved within 7 days',
    });
    expect(detail?.history.at(-1)).toMatchObject({
      event: 'EXPIRED',
      by: null,
      transactionStatus: 'CANCELLED',
      reason: 'Not approved within 7 days',
    });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: beforeIt.AVAILABLE + 80_150,
      RESERVED: beforeIt.RESERVED - 80_150,
    });
    expect((await approve(checker, { country: 'BR', ids: [p.id] })).data.skipped).toMatchObject([{ reason: 'NOT_PENDING' }]);
  });

  test('the payout-expiry job does it on its schedule', async () => {
    const job = payoutExpiryJob({ db: t.db, clock: t.clock, log: t.app.log });
    expect(job).toMatchObject({ name: 'payout-expiry', cron: '*/5 * * * *', singleton: true });
    const p = await newPayout(operator, 60_000);
    t.clock.advance(PAYOUT_APPROVAL_EXPIRY_DAYS * 86_400_000);
    await job.run({}, { id: 'test', retryCount: 0 });
    expect(await detailOf(admin, p)).toMatchObject({ status: 'CANCELLED', approvalStatus: 'REJECTED' });
  });

  test('a code and a request id are needed again for a new payout after all this', async () => {
    const verifyCode = await sendCode(t, operator, 'BR', 1, 9_000);
    const res = await json(t, payoutCreate.path, operator.token, {
      ...pixPayout(9_000, {}, 'last@example.com'),
      verifyCode,
      requestId: randomUUID(),
    });
    expect(res.code).toBe(ResultCode.OK);
  });
});
