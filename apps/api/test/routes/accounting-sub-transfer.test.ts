import {
  subTransferCalculate,
  subTransferCancel,
  subTransferCreate,
  subTransferPage,
  subTransferQuery,
} from '@andes/contract/accounting/endpoints';
import {
  ACCOUNTING_MESSAGES,
  type AccountingRequestDetail,
  type RequestPage,
  type SubTransferCalculateAnswer,
} from '@andes/contract/accounting/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  accountingApp,
  call,
  created,
  entriesOf,
  expectApplied,
  newRequestId,
  requestCount,
  requestEvent,
} from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, fundPayoutAccount, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, localBalances, merchantId, sendEvent } from '../ledger/support.ts';

/**
 * Sub-merchant transfers (docs/decisions/0027): SUB from the merchant to a sub-merchant, SELF
 * back, the same account type and country on both sides, reserved at creation, settled by the
 * provider, revoked by the merchant (REJECTED "Revoked by …"); a sub-merchant user sees the
 * transfers of their own sub-merchant only, and moves nothing.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('acc-st', START);
let t: TestApp;
let admin: PayoutActor;
let clerk: PayoutActor;
let condor: PayoutActor;
let marketUser: PayoutActor;
let market: number;
let travel: number;

beforeAll(async () => {
  t = await accountingApp(f, START, { payout: 3_000_000 });
  await fundPayoutAccount(t, f, 'CO', 400_000_000, '4000.0');
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  clerk = await payoutUser(t, 'acc.st.clerk', ['setting:sub-merchant', 'setting:sub-merchant-detail', 'setting:sub-merchant:add']);
  marketUser = await payoutUser(
    t,
    'acc.st.market',
    ['setting:sub-merchant', 'setting:sub-merchant-detail', 'setting:sub-merchant:add', 'setting:sub-merchant:revoke'],
    {
      subMerchant: 'ANDES-DEMO-BR',
    },
  );
  market = await merchantId(t.db, 'ANDES-DEMO-BR');
  travel = await merchantId(t.db, 'ANDES-DEMO-CO');
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const body = (target: 'SUB' | 'SELF', subMerchantId: number, amount: number, extra: Record<string, unknown> = {}) => ({
  requestId: newRequestId(),
  country: 'BR',
  target,
  subMerchantId,
  accountType: 'PAY_OUT',
  amount,
  ...extra,
});
const mine = () => localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
const theirs = () => localBalances(t.db, 'ANDES-DEMO-BR', 'BR', 'PAY_OUT');

describe('before creating', () => {
  test('both sides’ available balances before and after, what the creation then does, and the problem when short', async () => {
    const [m, s] = [await mine(), await theirs()];
    const { requestId: _, ...ask } = body('SUB', market, 120_000);
    const figures = await call<SubTransferCalculateAnswer>(t, subTransferCalculate.path, clerk.token, ask);
    expect(figures.data).toEqual({
      currency: 'BRL',
      amount: 120_000,
      sourceAvailableBefore: m.AVAILABLE,
      sourceAvailableAfter: m.AVAILABLE - 120_000,
      targetAvailableBefore: s.AVAILABLE,
      targetAvailableAfter: s.AVAILABLE + 120_000,
      problem: null,
    });
    // What the creation reserves and the completion credits are the figures shown.
    const r = await created(t, subTransferCreate.path, clerk.token, { ...ask, requestId: newRequestId() });
    expect((await mine()).AVAILABLE).toBe(figures.data.sourceAvailableAfter);
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })));
    expect((await theirs()).AVAILABLE).toBe(figures.data.targetAvailableAfter);

    // SELF: the sub-merchant's account is the source; more than it holds is named as the problem.
    const back = await call<SubTransferCalculateAnswer>(t, subTransferCalculate.path, clerk.token, {
      ...ask,
      target: 'SELF',
      amount: figures.data.targetAvailableAfter + 1,
    });
    expect(back.data).toMatchObject({
      sourceAvailableBefore: figures.data.targetAvailableAfter,
      targetAvailableBefore: (await mine()).AVAILABLE,
    });
    expect(back.data.problem).toMatch(/^The available balance \(.+\) does not cover this request/);
    // Not a sub-merchant of the caller's merchant; a sub-merchant user; another merchant.
    expect((await call(t, subTransferCalculate.path, clerk.token, { ...ask, subMerchantId: 999_999 })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
    expect((await call(t, subTransferCalculate.path, marketUser.token, ask)).code).toBe(ResultCode.FORBIDDEN);
    expect((await call(t, subTransferCalculate.path, condor.token, { ...ask, country: 'MX' })).code).toBe(ResultCode.VALIDATION_FAILED);
    // Back as it was for the tests below.
    const undo = await created(t, subTransferCreate.path, admin.token, { ...ask, target: 'SELF', requestId: newRequestId() });
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: undo.requestNo })));
    const money = (b: { AVAILABLE: number; RESERVED: number }) => [b.AVAILABLE, b.RESERVED];
    expect([money(await mine()), money(await theirs())]).toEqual([money(m), money(s)]);
  });
});

describe('SUB and SELF', () => {
  test('to the sub-merchant: reserved at creation, credited on completion; and back', async () => {
    const before = await mine();
    const r = await created(t, subTransferCreate.path, admin.token, body('SUB', market, 500_000, { remark: 'Float' }));
    expect(r).toMatchObject({
      kind: 'SUB_TRANSFER',
      status: 'PROCESSING',
      target: 'SUB',
      subMerchantId: market,
      subMerchantName: 'Andes Demo Marketplace',
      mode: null,
      requestAmount: 500_000,
      deductionAmount: 500_000,
      receiptAmount: 500_000,
      actions: ['CANCEL'],
    });
    expect(r.requestNo).toMatch(/^ST261126[0-9]{7}$/);
    expect((await mine()).RESERVED).toBe(before.RESERVED + 500_000);
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })));
    expect((await mine()).AVAILABLE).toBe(before.AVAILABLE - 500_000);
    expect((await mine()).RESERVED).toBe(before.RESERVED);
    expect((await theirs()).AVAILABLE).toBe(500_000);
    expect(await entriesOf(t, r.id, 'SUB_TRANSFER_SETTLED')).toBe(1);

    const back = await created(t, subTransferCreate.path, admin.token, body('SELF', market, 200_000));
    expect((await theirs()).RESERVED).toBe(200_000);
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: back.requestNo })));
    expect((await theirs()).AVAILABLE).toBe(300_000);
    expect((await mine()).AVAILABLE).toBe(before.AVAILABLE - 300_000);
  });

  test('revoked: REJECTED “Revoked by …”, the reservation returned; then nothing more', async () => {
    const before = await mine();
    const r = await created(t, subTransferCreate.path, admin.token, body('SUB', market, 100_000));
    const revoked = await call(t, subTransferCancel.path, admin.token, { id: r.id });
    expect(revoked.data).toMatchObject({ status: 'REJECTED', statusReason: ACCOUNTING_MESSAGES.revokedBy('Ana Admin'), actions: [] });
    expect(revoked.data.history.at(-1)).toMatchObject({ event: 'REJECTED', status: 'REJECTED', by: 'Ana Admin' });
    expect(await mine()).toEqual(before);
    expect((await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo }))).code).toBe(ResultCode.CONFLICT);
    expect(await call(t, subTransferCancel.path, admin.token, { id: r.id })).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: ACCOUNTING_MESSAGES.notAllowed('REJECTED'),
    });
  });

  test('rejected and failed by the provider give the money back', async () => {
    const before = await mine();
    const a = await created(t, subTransferCreate.path, admin.token, body('SUB', market, 10_000));
    const b = await created(t, subTransferCreate.path, admin.token, body('SUB', market, 10_000));
    expectApplied(
      await sendEvent(t.app, requestEvent(f, 'request.rejected', { requestNo: a.requestNo, reason: 'Sub-merchant suspended' })),
    );
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.failed', { requestNo: b.requestNo, reason: 'Timeout' })));
    expect(await mine()).toEqual(before);
  });

  test('refusals: the balance, another merchant’s sub-merchant, a country it is not set up in', async () => {
    const count = await requestCount(t);
    const before = await theirs();
    const short = await call(t, subTransferCreate.path, admin.token, body('SELF', market, before.AVAILABLE + 1));
    expect(short.code).toBe(ResultCode.INSUFFICIENT_BALANCE);
    expect(await theirs()).toEqual(before);
    const condorId = await merchantId(t.db, 'CONDOR');
    expect(await call(t, subTransferCreate.path, admin.token, body('SUB', condorId, 10_000))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: ACCOUNTING_MESSAGES.noSubMerchant,
    });
    expect(await call(t, subTransferCreate.path, admin.token, body('SUB', travel, 10_000))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'The sub-merchant is not set up in BR',
    });
    expect((await call(t, subTransferCreate.path, admin.token, body('SUB', market, 10_000, { accountType: 'GLOBAL' }))).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
    expect(await requestCount(t)).toBe(count);
  });
});

describe('who sees and does what', () => {
  test('a sub-merchant user sees their sub-merchant’s transfers, read only; not another’s', async () => {
    const toTravel = await created(t, subTransferCreate.path, admin.token, { ...body('SUB', travel, 2_000_000), country: 'CO' });
    const toMarket = await created(t, subTransferCreate.path, admin.token, body('SUB', market, 10_000));
    const page = await call<RequestPage>(t, subTransferPage.path, marketUser.token, { country: 'BR' });
    expect(page.data.total).toBeGreaterThan(0);
    expect(page.data.list.every((r) => r.subMerchantId === market && r.actions.length === 0)).toBe(true);
    const seen = await call<AccountingRequestDetail>(t, subTransferQuery.path, marketUser.token, { id: toMarket.id });
    expect(seen.data).toMatchObject({ id: toMarket.id, actions: [] });
    expect((await call(t, subTransferQuery.path, marketUser.token, { id: toTravel.id })).code).toBe(ResultCode.NOT_FOUND);
    expect(await call(t, subTransferCancel.path, marketUser.token, { id: toMarket.id })).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: ACCOUNTING_MESSAGES.subMerchantUserCannotTransfer,
    });
    expect((await call(t, subTransferCreate.path, marketUser.token, body('SELF', market, 1_000))).code).toBe(ResultCode.FORBIDDEN);
    // The merchant filters by sub-merchant; another merchant finds nothing.
    const filtered = await call<RequestPage>(t, subTransferPage.path, admin.token, { country: 'CO', subMerchantId: travel });
    expect(filtered.data.list.map((r) => r.id)).toEqual([toTravel.id]);
    expect((await call(t, subTransferQuery.path, condor.token, { id: toTravel.id })).code).toBe(ResultCode.NOT_FOUND);
    // A user without the revoke button.
    expect((await call<AccountingRequestDetail>(t, subTransferQuery.path, clerk.token, { id: toMarket.id })).data.actions).toEqual([]);
    expect((await call(t, subTransferCancel.path, clerk.token, { id: toMarket.id })).code).toBe(ResultCode.FORBIDDEN);
    for (const r of [toTravel, toMarket]) await call(t, subTransferCancel.path, admin.token, { id: r.id });
  });
});
