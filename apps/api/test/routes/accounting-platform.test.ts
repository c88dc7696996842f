import {
  exchangeCancel,
  exchangeCreate,
  subTransferCancel,
  subTransferCreate,
  topupCreate,
  withdrawalCancel,
  withdrawalCreate,
} from '@andes/contract/accounting/endpoints';
import type { AccountingRequestDetail } from '@andes/contract/accounting/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { claimRequests } from '@andes/contract/platform/endpoints';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  accountingApp,
  call,
  claim,
  created,
  entriesOf,
  expectApplied,
  newRequestId,
  requestEvent,
  uploadProof,
} from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, type PayoutActor } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { callInternal, EventFactory, localBalances, merchantId, sendEvent } from '../ledger/support.ts';

/**
 * The provider's side of the accounting requests (`/internal/v1`; docs/decisions/0027): the claim
 * (lease, task, offered again when the lease runs out, never a request waiting for the merchant),
 * the `request.*` events (idempotent by event id, refused when the machine or the merchant does not
 * match), `fx.rate_published`, and a cancel racing the provider's completion ending in one state.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('acc-plat', START);
let t: TestApp;
let admin: PayoutActor;
let market: number;

beforeAll(async () => {
  t = await accountingApp(f, START, { payout: 5_000_000, global: 500_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  market = await merchantId(t.db, 'ANDES-DEMO-BR');
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const withdrawal = (amount = 10_000) => ({
  requestId: newRequestId(),
  country: 'BR',
  mode: 'PAY_OUT',
  amount,
  beneficiaryAccount: { holderName: 'Andes Demo', bankName: 'Itaú', accountNumber: '1234-5678' },
});
const transfer = (amount = 10_000) => ({
  requestId: newRequestId(),
  country: 'BR',
  target: 'SUB',
  subMerchantId: market,
  accountType: 'PAY_OUT',
  amount,
});

describe('the claim', () => {
  test('leases what waits for the provider, with the task; offers it again once the lease runs out', async () => {
    const topup = await created(t, topupCreate.path, admin.token, {
      requestId: newRequestId(),
      country: 'BR',
      mode: 'PAY_OUT',
      amount: 100_000,
      remittingBank: 'Caixa',
      transferTime: '2026-11-26T10:00:00.000Z',
      proofFileIds: [await uploadProof(t, admin.token)],
    });
    const wd = await created(t, withdrawalCreate.path, admin.token, withdrawal());
    const fx = await created(t, exchangeCreate.path, admin.token, {
      requestId: newRequestId(),
      country: 'BR',
      mode: 'PAY_OUT',
      side: 'SELL',
      amount: 10_000,
    });
    const offline = await created(t, exchangeCreate.path, admin.token, {
      requestId: newRequestId(),
      country: 'BR',
      mode: 'OFFLINE',
      side: 'SELL',
      amount: 10_000,
    });
    const st = await created(t, subTransferCreate.path, admin.token, transfer());

    const first = await claim(t, { limit: 100, leaseSeconds: 60 });
    expect(first.code).toBe(ResultCode.OK);
    const tasks = Object.fromEntries(first.data.list.map((o) => [o.requestNo, o.task]));
    expect(tasks).toEqual({ [topup.requestNo]: 'VERIFY', [wd.requestNo]: 'TRANSFER', [fx.requestNo]: 'QUOTE', [st.requestNo]: 'SETTLE' });
    expect(tasks[offline.requestNo]).toBeUndefined();
    expect(first.data.list.find((o) => o.requestNo === st.requestNo)).toMatchObject({
      kind: 'SUB_TRANSFER',
      merchantCode: 'ANDES-DEMO',
      subMerchantCode: 'ANDES-DEMO-BR',
      target: 'SUB',
      attempts: 0,
    });
    expect(first.data.list.find((o) => o.requestNo === topup.requestNo)).toMatchObject({ remittingBank: 'Caixa', requestAmount: 100_000 });
    // Leased: not offered again until the lease runs out.
    expect((await claim(t)).data.list).toEqual([]);
    // A step the provider reports makes a new task, offered at once.
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: wd.requestNo })));
    expect((await claim(t)).data.list.map((o) => [o.requestNo, o.task])).toEqual([[wd.requestNo, 'SETTLE']]);
    t.clock.advance(61_000);
    const again = await claim(t, { limit: 100 });
    // Every lease has run out, the withdrawal's second one too.
    expect(again.data.list.map((o) => o.requestNo).sort()).toEqual([topup.requestNo, fx.requestNo, st.requestNo, wd.requestNo].sort());
    expect(again.data.list.filter((o) => o.requestNo !== wd.requestNo).every((o) => o.attempts === 1)).toBe(true);
    // Finished requests are offered no more.
    for (const no of [topup.requestNo, fx.requestNo, st.requestNo]) {
      expectApplied(await sendEvent(t.app, requestEvent(f, 'request.rejected', { requestNo: no, reason: 'Test' })));
    }
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_failed', { requestNo: wd.requestNo, reason: 'Test' })));
    t.clock.advance(61_000);
    expect((await claim(t, { limit: 100 })).data.list).toEqual([]);
    expect((await callInternal(t.app, claimRequests.path, {}, null)).code).toBe(ResultCode.SERVICE_UNAUTHORIZED);
    await call(t, exchangeCancel.path, admin.token, { id: offline.id });
  });
});

describe('events', () => {
  test('idempotent by event id; a reused id with other content, an unknown number, another merchant: refused', async () => {
    const st = await created(t, subTransferCreate.path, admin.token, transfer());
    const done = requestEvent(f, 'request.completed', { requestNo: st.requestNo });
    const ack = expectApplied(await sendEvent(t.app, done));
    expect(ack.data).toMatchObject({ outcome: 'APPLIED', duplicate: false });
    expect((await sendEvent(t.app, done)).data).toMatchObject({ outcome: 'APPLIED', duplicate: true });
    expect(await entriesOf(t, st.id, 'SUB_TRANSFER_SETTLED')).toBe(1);
    const reused = await sendEvent(t.app, { ...done, data: { requestNo: st.requestNo, transferTime: START.toISOString() } } as never);
    expect(reused.code).toBe(ResultCode.CONFLICT);
    expect((await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: 'ST2611269999999' }))).code).toBe(
      ResultCode.NOT_FOUND,
    );
    const other = await created(t, subTransferCreate.path, admin.token, transfer());
    const condor = await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: other.requestNo }, 'CONDOR'));
    expect(condor.code).toBe(ResultCode.CONFLICT);
    // A refused event left nothing: the same id can be sent again once right.
    const wrongKind = requestEvent(f, 'request.verified', { requestNo: other.requestNo, verifiedAmount: 10 });
    expect((await sendEvent(t.app, wrongKind)).code).toBe(ResultCode.CONFLICT);
    expect((await sendEvent(t.app, { ...wrongKind, type: 'request.completed', data: { requestNo: other.requestNo } } as never)).code).toBe(
      ResultCode.OK,
    );
    expect((await sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: 'XX2611260000001' }))).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
  });

  test('a top-up verified with nothing received is refused (request.rejected says so)', async () => {
    const topup = await created(t, topupCreate.path, admin.token, {
      requestId: newRequestId(),
      country: 'BR',
      mode: 'PAY_OUT',
      amount: 100_000,
      remittingBank: 'Caixa',
      transferTime: '2026-11-26T10:00:00.000Z',
      proofFileIds: [await uploadProof(t, admin.token)],
    });
    const zero = await sendEvent(t.app, requestEvent(f, 'request.verified', { requestNo: topup.requestNo, verifiedAmount: 0 }));
    expect(zero.code).toBe(ResultCode.VALIDATION_FAILED);
    expectApplied(await sendEvent(t.app, requestEvent(f, 'request.rejected', { requestNo: topup.requestNo, reason: 'Nothing received' })));
  });

  test('fx.rate_published names any merchant', async () => {
    const ack = await sendEvent(t.app, {
      ...f.next(),
      type: 'fx.rate_published',
      merchantCode: 'CONDOR',
      data: { currency: 'MXN', rate: '17.25' },
    });
    expect(ack.code).toBe(ResultCode.OK);
    const unknown = await sendEvent(t.app, {
      ...f.next(),
      type: 'fx.rate_published',
      merchantCode: 'NOBODY',
      data: { currency: 'MXN', rate: '17.25' },
    });
    expect(unknown.code).toBe(ResultCode.NOT_FOUND);
  });
});

describe('races', () => {
  test('a cancel racing the provider’s completion ends in exactly one state, posted once', async () => {
    for (const kind of ['SUB_TRANSFER', 'WITHDRAWAL'] as const) {
      for (let i = 0; i < 3; i += 1) {
        const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
        const r =
          kind === 'WITHDRAWAL'
            ? await created(t, withdrawalCreate.path, admin.token, withdrawal(20_000))
            : await created(t, subTransferCreate.path, admin.token, transfer(20_000));
        if (kind === 'WITHDRAWAL')
          expectApplied(await sendEvent(t.app, requestEvent(f, 'request.transfer_started', { requestNo: r.requestNo })));
        const cancelPath = kind === 'WITHDRAWAL' ? withdrawalCancel.path : subTransferCancel.path;
        const [cancel, completion] = await Promise.all([
          call<AccountingRequestDetail>(t, cancelPath, admin.token, { id: r.id }),
          sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })),
        ]);
        const oks = [cancel.code, completion.code].filter((c) => c === ResultCode.OK).length;
        // A withdrawal in transfer cannot be cancelled at all; a transfer is one or the other.
        expect(oks).toBe(1);
        const settled = await entriesOf(t, r.id, kind === 'WITHDRAWAL' ? 'WITHDRAWAL_SETTLED' : 'SUB_TRANSFER_SETTLED');
        const returned = await entriesOf(t, r.id, 'REQUEST_RETURNED');
        expect(settled + returned).toBe(1);
        expect(completion.code === ResultCode.OK).toBe(settled === 1);
        const after = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
        expect(after.RESERVED).toBe(before.RESERVED);
      }
    }
  });
});
