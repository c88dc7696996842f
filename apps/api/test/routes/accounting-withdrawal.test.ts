import {
  withdrawalApprove,
  withdrawalCancel,
  withdrawalConfig,
  withdrawalCreate,
  withdrawalFee,
  withdrawalPage,
  withdrawalQuery,
  withdrawalRefuse,
  withdrawalThresholdUpdate,
} from '@andes/contract/accounting/endpoints';
import {
  ACCOUNTING_MESSAGES,
  type AccountingRequestDetail,
  type FeeCalculateAnswer,
  type FeeConfigAnswer,
  type RequestCreated,
  type RequestPage,
} from '@andes/contract/accounting/schemas';
import { activityPage } from '@andes/contract/activity/endpoints';
import type { ActivityEntry } from '@andes/contract/activity/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  accountingApp,
  call,
  claim,
  created,
  entriesOf,
  expectApplied,
  newRequestId,
  requestCount,
  requestEvent,
} from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, localBalances, sendEvent, systemBalance } from '../ledger/support.ts';

/**
 * Withdrawals (transfer out; docs/decisions/0027): the fee on top of the amount, the reservation
 * of both at creation (refused whole when the balance is short), the provider's transfer and
 * settlement, cancel, failures that give the money back, and four eyes above the merchant's
 * threshold. Every test ends with the ledger consistent.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('acc-wd', START);
const FUNDED = 5_000_000;
let t: TestApp;
let admin: PayoutActor;
let clerk: PayoutActor;
let checker: PayoutActor;
let condor: PayoutActor;

beforeAll(async () => {
  t = await accountingApp(f, START, { payout: FUNDED, payin: 1_000_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  clerk = await payoutUser(t, 'acc.wd.clerk', ['accounting:withdrawal', 'accounting:withdraws-detail', 'accounting:withdrawal:add']);
  checker = await payoutUser(t, 'acc.wd.checker', [
    'accounting:withdrawal',
    'accounting:withdraws-detail',
    'accounting:withdrawal:approve',
  ]);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const beneficiaryAccount = { holderName: 'Andes Demo Store Ltda', bankName: 'Itaú', accountNumber: '3412-0099887-1' };
const body = (amount: number, extra: Record<string, unknown> = {}) => ({
  requestId: newRequestId(),
  country: 'BR',
  mode: 'PAY_OUT',
  amount,
  beneficiaryAccount,
  ...extra,
});
const payout = () => localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');

describe('configuration and fee', () => {
  test('the defaults, the fee on top of the amount and the balance after', async () => {
    const config = await call<FeeConfigAnswer>(t, withdrawalConfig.path, admin.token, { country: 'BR', mode: 'PAY_OUT' });
    expect(config.data).toMatchObject({
      perRequestFee: 500,
      smallTransferThreshold: 100_000,
      smallTransferFee: 200,
      minAmount: 1_000,
      maxAmount: 100_000_000,
      approvalThreshold: null,
      receivingAccount: null,
      balance: { accountType: 'PAY_OUT', available: FUNDED, reserved: 0 },
    });
    const small = await call<FeeCalculateAnswer>(t, withdrawalFee.path, admin.token, { country: 'BR', mode: 'PAY_OUT', amount: 99_999 });
    expect(small.data).toEqual({
      currency: 'BRL',
      amount: 99_999,
      lines: [
        { item: 'WITHDRAWAL_FEE', amount: 500 },
        { item: 'SMALL_TRANSFER_FEE', amount: 200 },
      ],
      fee: 700,
      total: 100_699,
      availableBefore: FUNDED,
      availableAfter: FUNDED - 100_699,
      needsApproval: false,
      problem: null,
    });
    const atThreshold = await call<FeeCalculateAnswer>(t, withdrawalFee.path, admin.token, {
      country: 'BR',
      mode: 'PAY_OUT',
      amount: 100_000,
    });
    expect(atThreshold.data.lines).toEqual([{ item: 'WITHDRAWAL_FEE', amount: 500 }]);
    const short = await call<FeeCalculateAnswer>(t, withdrawalFee.path, admin.token, { country: 'BR', mode: 'PAY_OUT', amount: FUNDED });
    expect(short.data.problem).toBe(ACCOUNTING_MESSAGES.insufficient('50,000.00 BRL', '50,005.00 BRL'));
    const market = await call(t, withdrawalConfig.path, admin.token, { country: 'BR', mode: 'MARKET_PLACE' });
    expect(market.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('the approval threshold is set by a holder of the approve button', async () => {
    expect((await call(t, withdrawalThresholdUpdate.path, clerk.token, { country: 'MX', approvalThreshold: 1 })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const set = await call<FeeConfigAnswer>(t, withdrawalThresholdUpdate.path, checker.token, {
      country: 'MX',
      approvalThreshold: 2_000_000,
    });
    expect(set.data).toMatchObject({ country: 'MX', approvalThreshold: 2_000_000, perRequestFee: 1_500 });
    const fee = await call<FeeCalculateAnswer>(t, withdrawalFee.path, admin.token, { country: 'MX', mode: 'PAY_OUT', amount: 2_000_001 });
    expect(fee.data.needsApproval).toBe(true);
    const cleared = await call<FeeConfigAnswer>(t, withdrawalThresholdUpdate.path, checker.token, {
      country: 'MX',
      approvalThreshold: null,
    });
    expect(cleared.data.approvalThreshold).toBeNull();
    expect((await call(t, withdrawalThresholdUpdate.path, checker.token, { country: 'MX', approvalThreshold: -1 })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
  });
});

describe('creation and the provider', () => {
  test('withdrawals from one account at once are each created and each reserve their own amount + fee', async () => {
    // Each creation inserts a request naming the account, then locks the account to reserve: the
    // lock must not wait on the other requests' inserts (PostgreSQL answered one of two with a deadlock).
    const before = await payout();
    const answers = await Promise.all([0, 1, 2, 3].map(() => call<RequestCreated>(t, withdrawalCreate.path, clerk.token, body(10_000))));
    expect(answers.map((a) => a.msg)).toEqual(['success', 'success', 'success', 'success']);
    const after = await payout();
    expect(after.AVAILABLE).toBe(before.AVAILABLE - 4 * 10_700);
    expect(after.RESERVED).toBe(before.RESERVED + 4 * 10_700);
    for (const a of answers) {
      const cancelled = await call(t, withdrawalCancel.path, admin.token, { id: a.data.request.id });
      expect(cancelled.data.status).toBe('CANCELED');
    }
    expect(await payout()).toEqual(before);
  });

  test('amount + fee reserved at once; transfer started, then completed: paid out once', async () => {
    const before = await payout();
    const r = await created(t, withdrawalCreate.path, clerk.token, body(200_000, { remark: 'Dividends' }));
    expect(r).toMatchObject({
      kind: 'WITHDRAWAL',
      status: 'PROCESSING',
      requestAmount: 200_000,
      fee: 500,
      feeLines: [{ item: 'WITHDRAWAL_FEE', amount: 500 }],
      finalAmount: 200_000,
      deductionAmount: 200_500,
      beneficiaryAccount,
      approvalState: 'NONE',
      actions: [],
    });
    expect(r.requestNo).toMatch(/^WD261126[0-9]{7}$/);
    const reserved = await payout();
    expect(reserved.AVAILABLE).toBe(before.AVAILABLE - 200_500);
    expect(reserved.RESERVED).toBe(before.RESERVED + 200_500);
    expect(await entriesOf(t, r.id, 'REQUEST_RESERVED')).toBe(1);

    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: r.requestNo })));
    expect((await call(t, withdrawalCancel.path, admin.token, { id: r.id })).msg).toBe(ACCOUNTING_MESSAGES.notAllowed('IN_TRANSFER'));
    const clearing = await systemBalance(t.db, 'CLEARING', 'BRL');
    const fees = await systemBalance(t.db, 'FEES', 'BRL');
    expectApplied(
      await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo, transferTime: '2026-11-26T18:00:00.000Z' })),
    );
    expect(await systemBalance(t.db, 'CLEARING', 'BRL')).toBe(clearing + 200_000);
    expect(await systemBalance(t.db, 'FEES', 'BRL')).toBe(fees + 500);
    const after = await payout();
    expect(after.RESERVED).toBe(before.RESERVED);
    expect(after.AVAILABLE).toBe(before.AVAILABLE - 200_500);
    const done = await call(t, withdrawalQuery.path, admin.token, { id: r.id });
    expect(done.data).toMatchObject({ status: 'COMPLETED', transferTime: '2026-11-26T18:00:00.000Z', actions: [] });
    expect(done.data.history.map((h) => h.event)).toEqual(['CREATED', 'IN_TRANSFER', 'COMPLETED']);
    expect(await entriesOf(t, r.id, 'WITHDRAWAL_SETTLED')).toBe(1);
    const again = await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo }));
    expect(again.code).toBe(ResultCode.CONFLICT);
  });

  test('from the pay-in account too', async () => {
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    const r = await created(t, withdrawalCreate.path, admin.token, body(300_000, { mode: 'PAY_IN' }));
    expect(r).toMatchObject({ accountType: 'PAY_IN', mode: 'PAY_IN', actions: ['CANCEL'] });
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).AVAILABLE).toBe(before.AVAILABLE - 300_500);
    const cancel = await call(t, withdrawalCancel.path, admin.token, { id: r.id });
    expect(cancel.data).toMatchObject({ status: 'CANCELED' });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).toEqual(before);
  });

  test('insufficient balance: refused whole, nothing created or reserved', async () => {
    const before = await payout();
    const count = await requestCount(t);
    const res = await call(t, withdrawalCreate.path, admin.token, body(before.AVAILABLE));
    expect(res).toMatchObject({
      code: ResultCode.INSUFFICIENT_BALANCE,
      msg: ACCOUNTING_MESSAGES.insufficient(
        `${(before.AVAILABLE / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} BRL`,
        `${((before.AVAILABLE + 500) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} BRL`,
      ),
    });
    expect(await payout()).toEqual(before);
    expect(await requestCount(t)).toBe(count);
  });

  test('limits, fractions and the beneficiary account are checked', async () => {
    expect(await call(t, withdrawalCreate.path, admin.token, body(999))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: ACCOUNTING_MESSAGES.belowMinimum('10.00 BRL'),
    });
    expect(await call(t, withdrawalCreate.path, admin.token, body(100_000_001))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: ACCOUNTING_MESSAGES.aboveMaximum('1,000,000.00 BRL'),
    });
    expect((await call(t, withdrawalCreate.path, admin.token, body(10_000.25))).code).toBe(ResultCode.VALIDATION_FAILED);
    const badAccount = await call(
      t,
      withdrawalCreate.path,
      admin.token,
      body(10_000, { beneficiaryAccount: { ...beneficiaryAccount, accountNumber: '12' } }),
    );
    expect(badAccount.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('a failed transfer, a rejection and a failure give the money back', async () => {
    const before = await payout();
    const a = await created(t, withdrawalCreate.path, admin.token, body(10_000));
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: a.requestNo })));
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_failed', { requestNo: a.requestNo, reason: 'Account closed' })));
    const b = await created(t, withdrawalCreate.path, admin.token, body(10_000));
    expectApplied(
      await sendEvent(t.app, requestEvent(f, 'request.rejected', { requestNo: b.requestNo, reason: 'Beneficiary not verified' })),
    );
    const c = await created(t, withdrawalCreate.path, admin.token, body(10_000));
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.failed', { requestNo: c.requestNo, reason: 'Bank down' })));
    expect(await payout()).toEqual(before);
    const failed = await call(t, withdrawalQuery.path, admin.token, { id: a.id });
    expect(failed.data).toMatchObject({ status: 'PAYMENT_FAILED', statusReason: 'Account closed' });
    for (const r of [a, b, c]) expect(await entriesOf(t, r.id, 'REQUEST_RETURNED')).toBe(1);
    // Nothing more happens to a finished request.
    expect((await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: b.requestNo }))).code).toBe(
      ResultCode.CONFLICT,
    );
  });
});

describe('four eyes', () => {
  test('above the threshold: reserved, not offered until someone else approves', async () => {
    await call(t, withdrawalThresholdUpdate.path, checker.token, { country: 'BR', approvalThreshold: 100_000 });
    const before = await payout();
    const r = await created(t, withdrawalCreate.path, admin.token, body(150_000));
    expect(r).toMatchObject({ approvalState: 'PENDING', actions: ['CANCEL'] });
    expect(r.history.map((h) => h.event)).toEqual(['CREATED', 'APPROVAL_REQUESTED']);
    expect((await payout()).RESERVED).toBe(before.RESERVED + 150_500);
    expect((await claim(t, { limit: 100 })).data.list.map((o) => o.requestNo)).not.toContain(r.requestNo);
    expect((await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: r.requestNo }))).code).toBe(
      ResultCode.CONFLICT,
    );

    expect(await call(t, withdrawalApprove.path, admin.token, { id: r.id })).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: ACCOUNTING_MESSAGES.ownWithdrawal,
    });
    expect((await call<AccountingRequestDetail>(t, withdrawalQuery.path, checker.token, { id: r.id })).data.actions).toEqual([
      'APPROVE',
      'REFUSE',
    ]);
    expect((await call(t, withdrawalApprove.path, clerk.token, { id: r.id })).code).toBe(ResultCode.FORBIDDEN);
    const approved = await call(t, withdrawalApprove.path, checker.token, { id: r.id });
    expect(approved.data).toMatchObject({
      approvalState: 'APPROVED',
      approvedBy: 'Fixture acc.wd.checker',
      status: 'PROCESSING',
      actions: [],
    });
    expect(approved.data.history.at(-1)).toMatchObject({ event: 'APPROVED', status: 'PROCESSING', by: 'Fixture acc.wd.checker' });
    expect(await call(t, withdrawalApprove.path, checker.token, { id: r.id })).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: ACCOUNTING_MESSAGES.notAwaitingApproval,
    });
    const offered = (await claim(t, { limit: 100 })).data.list.find((o) => o.requestNo === r.requestNo);
    expect(offered).toMatchObject({ kind: 'WITHDRAWAL', task: 'TRANSFER', beneficiaryAccount });
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: r.requestNo })));
  });

  test('refused: REJECTED with who and why, the money released; twice at once decides once', async () => {
    const before = await payout();
    const r = await created(t, withdrawalCreate.path, admin.token, body(120_000));
    const [one, two] = await Promise.all([
      call(t, withdrawalRefuse.path, checker.token, { id: r.id, reason: 'Not budgeted' }),
      call(t, withdrawalRefuse.path, checker.token, { id: r.id, reason: 'Not budgeted' }),
    ]);
    expect([one.code, two.code].sort()).toEqual([ResultCode.OK, ResultCode.CONFLICT].sort());
    const done = await call(t, withdrawalQuery.path, admin.token, { id: r.id });
    expect(done.data).toMatchObject({
      status: 'REJECTED',
      approvalState: 'REFUSED',
      statusReason: ACCOUNTING_MESSAGES.refusedBy('Fixture acc.wd.checker', 'Not budgeted'),
    });
    expect(await payout()).toEqual(before);
    expect(await entriesOf(t, r.id, 'REQUEST_RETURNED')).toBe(1);
    await call(t, withdrawalThresholdUpdate.path, checker.token, { country: 'BR', approvalThreshold: null });
  });

  test('the activity log records who requested, approved and refused, and the threshold changes', async () => {
    await call(t, withdrawalThresholdUpdate.path, checker.token, { country: 'BR', approvalThreshold: 100_000 });
    const approvedOne = await created(t, withdrawalCreate.path, clerk.token, body(130_000));
    await call(t, withdrawalApprove.path, checker.token, { id: approvedOne.id });
    const refusedOne = await created(t, withdrawalCreate.path, clerk.token, body(140_000));
    await call(t, withdrawalRefuse.path, checker.token, { id: refusedOne.id, reason: 'Duplicate' });
    await call(t, withdrawalThresholdUpdate.path, checker.token, { country: 'BR', approvalThreshold: null });
    const log = await call<Page<ActivityEntry>>(t, activityPage.path, admin.token, {
      timeZone: 'America/Sao_Paulo',
      objectType: 'APPROVAL',
      pageSize: 100,
    });
    const of = (requestNo: string) =>
      log.data.list.filter((e) => e.objectId === requestNo).map((e) => [e.event, e.actorUsername, e.details.status]);
    expect(of(approvedOne.requestNo).reverse()).toEqual([
      ['APPROVAL_CREATED', 'acc.wd.clerk', 'PROCESSING'],
      ['WITHDRAWAL_APPROVED', 'acc.wd.checker', 'PROCESSING'],
    ]);
    expect(of(refusedOne.requestNo).reverse()).toEqual([
      ['APPROVAL_CREATED', 'acc.wd.clerk', 'PROCESSING'],
      ['WITHDRAWAL_REFUSED', 'acc.wd.checker', 'REJECTED'],
    ]);
    expect(log.data.list.find((e) => e.objectId === refusedOne.requestNo && e.event === 'WITHDRAWAL_REFUSED')?.details).toMatchObject({
      kind: 'WITHDRAWAL',
      country: 'BR',
      amount: '1400.00 BRL',
      reason: ACCOUNTING_MESSAGES.refusedBy('Fixture acc.wd.checker', 'Duplicate'),
    });
    const settings = await call<Page<ActivityEntry>>(t, activityPage.path, admin.token, {
      timeZone: 'America/Sao_Paulo',
      events: ['WITHDRAWAL_THRESHOLD_CHANGED'],
    });
    expect(settings.data.list.slice(0, 2).map((e) => e.details)).toEqual([
      { country: 'BR', from: '1000.00 BRL', to: 'none' },
      { country: 'BR', from: 'none', to: '1000.00 BRL' },
    ]);
  });
});

describe('list and scope', () => {
  test('the beneficiary account number finds a withdrawal; other merchants and sub-merchant users see none', async () => {
    const r = await created(
      t,
      withdrawalCreate.path,
      admin.token,
      body(10_000, { beneficiaryAccount: { ...beneficiaryAccount, accountNumber: 'ZX-77001' } }),
    );
    const found = await call<RequestPage>(t, withdrawalPage.path, admin.token, { country: 'BR', keyword: 'ZX-77001' });
    expect(found.data.list.map((x) => x.id)).toEqual([r.id]);
    const byMode = await call<RequestPage>(t, withdrawalPage.path, admin.token, { country: 'BR', mode: 'PAY_IN' });
    expect(byMode.data.list.every((x) => x.mode === 'PAY_IN')).toBe(true);
    expect((await call(t, withdrawalQuery.path, condor.token, { id: r.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, withdrawalApprove.path, condor.token, { id: r.id })).code).toBe(ResultCode.NOT_FOUND);
    const sub = await payoutUser(t, 'acc.wd.sub', ['accounting:withdrawal', 'accounting:withdraws-detail', 'accounting:withdrawal:add'], {
      subMerchant: 'ANDES-DEMO-BR',
    });
    expect((await call<RequestPage>(t, withdrawalPage.path, sub.token, { country: 'BR' })).data.total).toBe(0);
    expect((await call(t, withdrawalCreate.path, sub.token, body(10_000))).code).toBe(ResultCode.FORBIDDEN);
    expect((await call(t, withdrawalConfig.path, sub.token, { country: 'BR', mode: 'PAY_OUT' })).code).toBe(ResultCode.FORBIDDEN);
    await call(t, withdrawalCancel.path, admin.token, { id: r.id });
  });
});
