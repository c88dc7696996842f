import {
  approvalFileDownload,
  topupCancel,
  topupConfig,
  topupCreate,
  topupFee,
  topupPage,
  topupQuery,
} from '@andes/contract/accounting/endpoints';
import {
  ACCOUNTING_MESSAGES,
  type FeeCalculateAnswer,
  type FeeConfigAnswer,
  PROOF_FILE_MESSAGES,
  type RequestCreated,
  type RequestPage,
} from '@andes/contract/accounting/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { accountingFeeConfigs, accountingRequests } from '../../src/db/schema/accounting.ts';
import {
  accountingApp,
  call,
  created,
  entriesOf,
  expectApplied,
  newRequestId,
  PNG,
  requestCount,
  requestEvent,
  uploadProof,
} from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import { envelope, post, type TestApp } from '../helper.ts';
import { EventFactory, localBalances, merchantId, sendEvent, systemBalance } from '../ledger/support.ts';

/**
 * Top-ups (payout funding; docs/decisions/0027): the configuration and fee, creation with its
 * proof (idempotent by request id, within limits), the list and one top-up, cancel, the provider's
 * verification crediting the account less the fee, permissions and scope. Every test ends with
 * the ledger consistent.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('acc-topup', START);
let t: TestApp;
let admin: PayoutActor;
let operator: PayoutActor;
let finance: PayoutActor;
let condor: PayoutActor;

beforeAll(async () => {
  t = await accountingApp(f, START);
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  // A clerk who announces top-ups but may not revoke them.
  operator = await payoutUser(t, 'acc.topup.clerk', ['accounting:payout-funding', 'accounting:funding-detail', 'accounting:funding:add'], {
    countries: ['BR', 'MX'],
  });
  finance = await demoActor(t, 'finance', 'fernando.finance@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

async function topupBody(token: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    requestId: newRequestId(),
    country: 'BR',
    mode: 'PAY_OUT',
    amount,
    remittingBank: 'Banco do Brasil',
    transferTime: '2026-11-26T14:00:00.000Z',
    proofFileIds: [await uploadProof(t, token)],
    ...extra,
  };
}

describe('configuration and fee', () => {
  test('the defaults: no top-up fee, limits, the receiving account and the balance', async () => {
    const res = await call<FeeConfigAnswer>(t, topupConfig.path, admin.token, { country: 'BR', mode: 'PAY_OUT' });
    expect(res.code).toBe(ResultCode.OK);
    expect(res.data).toMatchObject({
      country: 'BR',
      mode: 'PAY_OUT',
      currency: 'BRL',
      perRequestFee: 0,
      minAmount: 1_000,
      approvalThreshold: null,
      receivingAccount: { currency: 'BRL', bankName: 'Banco Andes S.A.', referenceHint: expect.stringContaining('ANDES-DEMO') },
      balance: { accountType: 'PAY_OUT', currency: 'BRL', available: 0, reserved: 0 },
    });
    const payIn = await call(t, topupConfig.path, admin.token, { country: 'BR', mode: 'PAY_IN' });
    expect(payIn).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: ACCOUNTING_MESSAGES.notOffered('A PAY_IN top-up', 'BR') });
  });

  test('the merchant’s configuration replaces the defaults; the fee comes out of the amount', async () => {
    const andes = await merchantId(t.db, 'ANDES-DEMO');
    await t.db.insert(accountingFeeConfigs).values({
      merchantId: andes,
      country: 'MX',
      kind: 'TOPUP',
      perRequestFee: 300,
      smallTransferThreshold: 50_000,
      smallTransferFee: 100,
      minAmount: 5_000,
      maxAmount: 10_000_000,
    });
    const fee = await call<FeeCalculateAnswer>(t, topupFee.path, admin.token, { country: 'MX', mode: 'PAY_OUT', amount: 10_000 });
    expect(fee.data).toEqual({
      currency: 'MXN',
      amount: 10_000,
      lines: [
        { item: 'TOPUP_FEE', amount: 300 },
        { item: 'SMALL_TRANSFER_FEE', amount: 100 },
      ],
      fee: 400,
      total: 9_600,
      availableBefore: 0,
      availableAfter: 9_600,
      needsApproval: false,
      problem: null,
    });
    const large = await call<FeeCalculateAnswer>(t, topupFee.path, admin.token, { country: 'MX', mode: 'PAY_OUT', amount: 60_000 });
    expect(large.data.lines).toEqual([{ item: 'TOPUP_FEE', amount: 300 }]);
    const small = await call<FeeCalculateAnswer>(t, topupFee.path, admin.token, { country: 'MX', mode: 'PAY_OUT', amount: 4_999 });
    expect(small.data.problem).toBe(ACCOUNTING_MESSAGES.belowMinimum('50.00 MXN'));
    const over = await call<FeeCalculateAnswer>(t, topupFee.path, admin.token, { country: 'MX', mode: 'PAY_OUT', amount: 10_000_001 });
    expect(over.data.problem).toBe(ACCOUNTING_MESSAGES.aboveMaximum('100,000.00 MXN'));
  });
});

describe('creation', () => {
  test('a top-up with its proof: PROCESSING, numbered, waiting for the provider, nothing posted', async () => {
    const body = await topupBody(admin.token, 250_000, { remark: 'November funding' });
    const res = await call<RequestCreated>(t, topupCreate.path, admin.token, body);
    expect(res.code).toBe(ResultCode.OK);
    const r = res.data.request;
    expect(res.data.duplicate).toBe(false);
    expect(r).toMatchObject({
      kind: 'TOPUP',
      status: 'PROCESSING',
      country: 'BR',
      currency: 'BRL',
      accountType: 'PAY_OUT',
      mode: 'PAY_OUT',
      requestAmount: 250_000,
      verifiedAmount: null,
      fee: null,
      remittingBank: 'Banco do Brasil',
      transferTime: '2026-11-26T14:00:00.000Z',
      remark: 'November funding',
      approvalState: 'NONE',
      createdBy: 'Ana Admin',
      actions: ['CANCEL'],
    });
    expect(r.requestNo).toBe(`TU261126${String(r.id).padStart(7, '0')}`);
    expect(r.proofFiles).toHaveLength(1);
    expect(r.history).toEqual([{ event: 'CREATED', status: 'PROCESSING', at: START.toISOString(), by: 'Ana Admin', reason: null }]);
    expect(await entriesOf(t, r.id)).toBe(0);
    const [row] = await t.db
      .select({ awaiting: accountingRequests.awaitingProvider })
      .from(accountingRequests)
      .where(eq(accountingRequests.id, r.id));
    expect(row?.awaiting).toBe(true);
  });

  test('idempotent by request id: the same content answers the same request; other content is refused', async () => {
    const body = await topupBody(admin.token, 50_000);
    const first = await call<RequestCreated>(t, topupCreate.path, admin.token, body);
    const before = await requestCount(t);
    const again = await call<RequestCreated>(t, topupCreate.path, admin.token, body);
    expect(again.data).toMatchObject({ duplicate: true, request: { id: first.data.request.id } });
    const other = await call(t, topupCreate.path, admin.token, { ...body, amount: 50_001 });
    expect(other).toMatchObject({ code: ResultCode.CONFLICT, msg: ACCOUNTING_MESSAGES.requestReused });
    // Two submissions at once create one request.
    const body2 = await topupBody(admin.token, 60_000);
    const both = await Promise.all([
      call<RequestCreated>(t, topupCreate.path, admin.token, body2),
      call<RequestCreated>(t, topupCreate.path, admin.token, body2),
    ]);
    expect(both.map((b) => b.code)).toEqual([ResultCode.OK, ResultCode.OK]);
    expect(both[0]?.data.request.id).toBe(both[1]?.data.request.id);
    expect(await requestCount(t)).toBe(before + 1);
  });

  test('refusals: the proof, the limits, fractions and amounts beyond the bound', async () => {
    const before = await requestCount(t);
    const noProof = await call(t, topupCreate.path, admin.token, { ...(await topupBody(admin.token, 50_000)), proofFileIds: [] });
    expect(noProof).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: `proofFileIds: ${ACCOUNTING_MESSAGES.proofRequired}` });
    const small = await call(t, topupCreate.path, admin.token, await topupBody(admin.token, 999));
    expect(small).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: ACCOUNTING_MESSAGES.belowMinimum('10.00 BRL') });
    const fraction = await call(t, topupCreate.path, admin.token, await topupBody(admin.token, 1_000.5));
    expect(fraction.code).toBe(ResultCode.VALIDATION_FAILED);
    const huge = await call(t, topupCreate.path, admin.token, await topupBody(admin.token, 1e26));
    expect(huge.code).toBe(ResultCode.VALIDATION_FAILED);
    // Another user's upload is not the caller's to name.
    const othersFile = await call(t, topupCreate.path, operator.token, await topupBody(admin.token, 50_000));
    expect(othersFile.code).toBe(ResultCode.NOT_FOUND);
    expect(await requestCount(t)).toBe(before);
  });
});

describe('the provider verifies; the merchant cancels', () => {
  test('verified: COMPLETED, credited less the fee, once', async () => {
    const andes = await merchantId(t.db, 'ANDES-DEMO');
    await t.db
      .insert(accountingFeeConfigs)
      .values({
        merchantId: andes,
        country: 'BR',
        kind: 'TOPUP',
        perRequestFee: 150,
        smallTransferThreshold: 0,
        smallTransferFee: 0,
        minAmount: 1_000,
        maxAmount: 1_000_000_000,
      })
      .onConflictDoNothing();
    const r = await created(t, topupCreate.path, admin.token, await topupBody(admin.token, 100_000));
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    const clearing = await systemBalance(t.db, 'CLEARING', 'BRL');
    const verified = requestEvent(f, 'request.verified', { requestNo: r.requestNo, verifiedAmount: 99_000 });
    expectApplied(await sendEvent(t.app, verified));
    const after = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    expect(after.AVAILABLE - before.AVAILABLE).toBe(98_850);
    expect(await systemBalance(t.db, 'CLEARING', 'BRL')).toBe(clearing - 99_000);
    const detail = await call(t, topupQuery.path, admin.token, { id: r.id });
    expect(detail.data).toMatchObject({
      status: 'COMPLETED',
      verifiedAmount: 99_000,
      fee: 150,
      feeLines: [{ item: 'TOPUP_FEE', amount: 150 }],
      finalAmount: 98_850,
      receiptAmount: 98_850,
      actions: [],
    });
    expect(detail.data.history.map((h) => [h.event, h.status, h.by])).toEqual([
      ['CREATED', 'PROCESSING', 'Ana Admin'],
      ['VERIFIED', 'COMPLETED', null],
    ]);
    // The same event again is a duplicate; another verification is refused.
    expect((await sendEvent(t.app, verified)).data).toMatchObject({ duplicate: true });
    const twice = await sendEvent(t.app, requestEvent(f, 'request.verified', { requestNo: r.requestNo, verifiedAmount: 99_000 }));
    expect(twice.code).toBe(ResultCode.CONFLICT);
    expect(await entriesOf(t, r.id, 'TOPUP_CREDITED')).toBe(1);
    const cancel = await call(t, topupCancel.path, admin.token, { id: r.id });
    expect(cancel).toMatchObject({ code: ResultCode.CONFLICT, msg: ACCOUNTING_MESSAGES.notAllowed('COMPLETED') });
  });

  test('cancelled while PROCESSING; then neither cancelled again nor verified', async () => {
    const r = await created(t, topupCreate.path, admin.token, await topupBody(admin.token, 40_000));
    const cancel = await call(t, topupCancel.path, admin.token, { id: r.id });
    expect(cancel.data).toMatchObject({ status: 'CANCELED', actions: [] });
    expect(cancel.data.history.at(-1)).toMatchObject({ event: 'CANCELED', status: 'CANCELED', by: 'Ana Admin' });
    expect(await call(t, topupCancel.path, admin.token, { id: r.id })).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: ACCOUNTING_MESSAGES.notAllowed('CANCELED'),
    });
    const late = await sendEvent(t.app, requestEvent(f, 'request.verified', { requestNo: r.requestNo, verifiedAmount: 40_000 }));
    expect(late.code).toBe(ResultCode.CONFLICT);
    expect(await entriesOf(t, r.id)).toBe(0);
  });

  test('rejected and failed by the provider, with the reason', async () => {
    const a = await created(t, topupCreate.path, admin.token, await topupBody(admin.token, 40_000));
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.rejected', { requestNo: a.requestNo, reason: 'No wire received' })));
    const b = await created(t, topupCreate.path, admin.token, await topupBody(admin.token, 40_000));
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.failed', { requestNo: b.requestNo, reason: 'Bank unavailable' })));
    expect((await call(t, topupQuery.path, admin.token, { id: a.id })).data).toMatchObject({
      status: 'REJECTED',
      statusReason: 'No wire received',
    });
    expect((await call(t, topupQuery.path, admin.token, { id: b.id })).data).toMatchObject({
      status: 'FAILED',
      statusReason: 'Bank unavailable',
    });
  });
});

describe('the list', () => {
  test('newest first, keyset pages, filters by status, number and dates', async () => {
    while ((await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR' })).data.total < 11) {
      await created(t, topupCreate.path, admin.token, await topupBody(admin.token, 20_000));
    }
    const first = await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR', pageSize: 10 });
    expect(first.code).toBe(ResultCode.OK);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.nextCursor).not.toBeNull();
    const second = await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR', pageSize: 10, cursor: first.data.nextCursor });
    const ids = [...first.data.list, ...second.data.list].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(first.data.total);
    const completed = await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR', status: 'COMPLETED' });
    expect(completed.data.list.every((r) => r.status === 'COMPLETED')).toBe(true);
    expect(completed.data.total).toBe(1);
    const one = first.data.list[0];
    const exact = await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR', keyword: one?.requestNo.toLowerCase() });
    expect(exact.data.list.map((r) => r.id)).toEqual([one?.id]);
    const prefix = await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR', keyword: 'TU261126' });
    expect(prefix.data.total).toBe(first.data.total);
    const old = await call<RequestPage>(t, topupPage.path, admin.token, { country: 'BR', range: { from: '2026-10-01', to: '2026-10-31' } });
    expect(old.data).toMatchObject({ list: [], total: 0 });
    const bad = await call(t, topupPage.path, admin.token, { country: 'BR', cursor: 'nonsense' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('proofs', () => {
  test('the proof reads back to who may read the top-up; other files, other merchants a reader of other kinds is refused', async () => {
    const body = await topupBody(operator.token, 25_000);
    const r = await created(t, topupCreate.path, operator.token, body);
    const fileId = r.proofFiles[0]?.fileId as string;
    expect(r.proofFiles).toEqual([{ fileId, name: 'proof.png', size: PNG.length, contentType: 'image/png' }]);
    const read = await post(t.app, approvalFileDownload.path, { id: r.id, fileId }, { token: admin.token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-disposition']).toMatch(/^inline;/);
    expect(Buffer.compare(read.rawPayload, PNG)).toBe(0);
    // A file uploaded but named by no request (or by another request) is not this request's proof.
    const stray = await uploadProof(t, operator.token, 'stray.png');
    expect(envelope(await post(t.app, approvalFileDownload.path, { id: r.id, fileId: stray }, { token: admin.token }))).toMatchObject({
      code: ResultCode.NOT_FOUND,
      msg: PROOF_FILE_MESSAGES.notFound,
    });
    // Another merchant gets what an unknown request gets; a reader of exchanges only may not read a top-up's proofs.
    expect(envelope(await post(t.app, approvalFileDownload.path, { id: r.id, fileId }, { token: condor.token })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    const exchangesOnly = await payoutUser(t, 'acc.topup.ex-reader', ['accounting:exchange', 'accounting:exchange-detail']);
    expect(envelope(await post(t.app, approvalFileDownload.path, { id: r.id, fileId }, { token: exchangesOnly.token })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    await call(t, topupCancel.path, admin.token, { id: r.id });
  });
});

describe('permissions and scope', () => {
  test('a role without the revoke button sees no CANCEL and may not cancel; without the menu, nothing', async () => {
    const r = await created(t, topupCreate.path, operator.token, await topupBody(operator.token, 30_000));
    expect(r.actions).toEqual([]);
    expect((await call(t, topupCancel.path, operator.token, { id: r.id })).code).toBe(ResultCode.FORBIDDEN);
    expect((await call(t, topupPage.path, finance.token, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
    // The admin sees the operator's top-up with its CANCEL.
    expect((await call(t, topupQuery.path, admin.token, { id: r.id })).data.actions).toEqual(['CANCEL']);
    // Not an authorised country of the operator (BR, MX).
    expect((await call(t, topupConfig.path, operator.token, { country: 'CO', mode: 'PAY_OUT' })).code).toBe(ResultCode.FORBIDDEN);
  });

  test('another merchant’s top-up is not found; a sub-merchant user sees none and creates none', async () => {
    const r = await created(t, topupCreate.path, admin.token, await topupBody(admin.token, 30_000));
    expect(await call(t, topupQuery.path, condor.token, { id: r.id })).toMatchObject({
      code: ResultCode.NOT_FOUND,
      msg: ACCOUNTING_MESSAGES.notFound,
    });
    expect((await call(t, topupCancel.path, condor.token, { id: r.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call<RequestPage>(t, topupPage.path, condor.token, { country: 'MX' })).data.total).toBe(0);
    const sub = await payoutUser(
      t,
      'acc.topup.sub',
      ['accounting:payout-funding', 'accounting:funding-detail', 'accounting:funding:add', 'accounting:funding:revoke'],
      {
        subMerchant: 'ANDES-DEMO-BR',
      },
    );
    expect((await call<RequestPage>(t, topupPage.path, sub.token, { country: 'BR' })).data).toMatchObject({ list: [], total: 0 });
    expect((await call(t, topupQuery.path, sub.token, { id: r.id })).code).toBe(ResultCode.NOT_FOUND);
    expect(await call(t, topupCreate.path, sub.token, await topupBody(admin.token, 30_000))).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: ACCOUNTING_MESSAGES.subMerchantUserCannotTransfer,
    });
  });
});
