import {
  contractConfirm,
  exchangeCancel,
  exchangeCreate,
  exchangeProofSubmit,
  subTransferCancel,
  subTransferCreate,
  topupCancel,
  topupCreate,
  withdrawalApprove,
  withdrawalCancel,
  withdrawalCreate,
  withdrawalRefuse,
  withdrawalThresholdUpdate,
} from '@andes/contract/accounting/endpoints';
import { type RequestKind, STATUSES_OF } from '@andes/contract/accounting/enums';
import { allowedActions, nextStatus, REQUEST_ACTIONS } from '@andes/contract/accounting/machines';
import type { RequestCreated } from '@andes/contract/accounting/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountingRequestHistory, accountingRequests } from '../../src/db/schema/accounting.ts';
import { expireDueQuotes } from '../../src/modules/accounting/exchange.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { accountingApp, call, newRequestId, requestEvent, uploadProof } from '../fixtures/accounting.ts';
import { demoActor, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, merchantId, sendEvent } from '../ledger/support.ts';

/**
 * Property (issue #12): whatever interleaving of merchant actions (creations of the four kinds,
 * cancels, four-eyes decisions, proofs, contract confirmations with the quoted or a stale rate),
 * provider events (every `request.*` type on any request, repeated deliveries), quote expiries and
 * cancels racing completions:
 *   - every answer is a success or a clean refusal, never a 500;
 *   - no request is ever in a status outside its kind's set, and every step of its history is a
 *     transition its machine lists;
 *   - nothing is posted twice: at most one settlement entry per request (exactly one when
 *     COMPLETED), a reservation returned at most once;
 *   - the ledger holds (ledger-check, including REQUEST_RESERVATION_LEFT and REQUEST_NOT_POSTED).
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const NUM_RUNS = Number(process.env.ACCOUNTING_PROPERTY_RUNS ?? 15);
const f = new EventFactory('acc-prop', START);
let t: TestApp;
let admin: PayoutActor;
let checker: PayoutActor;
let proofId: string;
let market: number;

beforeAll(async () => {
  t = await accountingApp(f, START, { payout: 20_000_000, payin: 5_000_000, global: 5_000_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  checker = await payoutUser(t, 'acc.prop.checker', [
    'accounting:withdrawal',
    'accounting:withdraws-detail',
    'accounting:withdrawal:approve',
  ]);
  await call(t, withdrawalThresholdUpdate.path, checker.token, { country: 'BR', approvalThreshold: 300_000 });
  // Uploads are the caller's to name as often as they like: one proof serves every request.
  proofId = await uploadProof(t, admin.token);
  market = await merchantId(t.db, 'ANDES-DEMO-BR');
});
afterAll(async () => t?.close());

const CLEAN = new Set<number>([
  ResultCode.OK,
  ResultCode.CONFLICT,
  ResultCode.VALIDATION_FAILED,
  ResultCode.INSUFFICIENT_BALANCE,
  ResultCode.FORBIDDEN,
  ResultCode.NOT_FOUND,
]);
const EVENT_TYPES = [
  'request.verified',
  'request.rate_quoted',
  'request.transfer_started',
  'request.completed',
  'request.transfer_failed',
  'request.rejected',
  'request.failed',
] as const;
const CANCEL_PATH: Record<RequestKind, string> = {
  TOPUP: topupCancel.path,
  WITHDRAWAL: withdrawalCancel.path,
  EXCHANGE: exchangeCancel.path,
  SUB_TRANSFER: subTransferCancel.path,
};

const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      what: fc.constantFrom<RequestKind>('TOPUP', 'WITHDRAWAL', 'EXCHANGE', 'SUB_TRANSFER'),
      variant: fc.nat(5),
      amount: fc.constantFrom(60_000, 250_000, 400_000, 3_000_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('merchant' as const),
      pick: fc.nat(),
      action: fc.constantFrom('CANCEL', 'APPROVE', 'REFUSE', 'SUBMIT_PROOF', 'CONFIRM', 'CONFIRM_STALE'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('provider' as const),
      pick: fc.nat(),
      type: fc.constantFrom(...EVENT_TYPES),
      verified: fc.nat(400_000),
      fits: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('drive' as const), pick: fc.nat(), n: fc.nat(400_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('race' as const), pick: fc.nat() }) },
);

interface Made {
  id: number;
  requestNo: string;
  kind: RequestKind;
}

function creation(what: RequestKind, variant: number, amount: number): { path: string; body: Record<string, unknown> } {
  const base = { requestId: newRequestId(), country: 'BR' };
  switch (what) {
    case 'TOPUP':
      return {
        path: topupCreate.path,
        body: {
          ...base,
          mode: variant % 2 ? 'PAY_OUT' : 'MARKET_PLACE',
          amount,
          remittingBank: 'Caixa',
          transferTime: START.toISOString(),
          proofFileIds: [proofId],
        },
      };
    case 'WITHDRAWAL':
      return {
        path: withdrawalCreate.path,
        body: {
          ...base,
          mode: variant % 2 ? 'PAY_OUT' : 'PAY_IN',
          amount,
          beneficiaryAccount: { holderName: 'Andes', bankName: 'Itaú', accountNumber: '1234-99' },
        },
      };
    case 'EXCHANGE': {
      const mode = (['PAY_IN', 'PAY_OUT', 'OFFLINE'] as const)[variant % 3];
      // Amounts in USD cents for a USD side: a tenth, so both sides stay within the limits.
      const usdSide = (mode === 'PAY_IN') === (variant % 2 === 1);
      return {
        path: exchangeCreate.path,
        body: { ...base, mode, side: variant % 2 ? 'BUY' : 'SELL', amount: usdSide ? Math.round(amount / 5) : amount },
      };
    }
    case 'SUB_TRANSFER':
      return {
        path: subTransferCreate.path,
        body: { ...base, target: variant % 3 === 0 ? 'SELF' : 'SUB', subMerchantId: market, accountType: 'PAY_OUT', amount },
      };
  }
}

function providerEvent(type: (typeof EVENT_TYPES)[number], r: Made, verified: number): PlatformEventInput {
  switch (type) {
    case 'request.verified':
      return requestEvent(f, type, { requestNo: r.requestNo, verifiedAmount: verified });
    case 'request.rate_quoted':
      return requestEvent(f, type, {
        requestNo: r.requestNo,
        rate: ['5.0', '4.85', '5.31234567'][verified % 3],
        expiresAt: new Date(t.clock().getTime() + 10 * 60_000).toISOString(),
      });
    case 'request.transfer_failed':
    case 'request.rejected':
    case 'request.failed':
      return requestEvent(f, type, { requestNo: r.requestNo, reason: 'Property' });
    default:
      return requestEvent(f, type, { requestNo: r.requestNo });
  }
}

const EVENT_OF_ACTION: Partial<Record<string, (typeof EVENT_TYPES)[number]>> = {
  VERIFY: 'request.verified',
  QUOTE: 'request.rate_quoted',
  START_TRANSFER: 'request.transfer_started',
  COMPLETE: 'request.completed',
  TRANSFER_FAILED: 'request.transfer_failed',
  REJECT: 'request.rejected',
  FAIL: 'request.failed',
};

/** A provider event the request's machine allows from its status now (COMPLETE or VERIFY most often), if any. */
async function fittingEvent(r: Made, n: number): Promise<(typeof EVENT_TYPES)[number] | null> {
  const [row] = await t.db.select({ status: accountingRequests.status }).from(accountingRequests).where(eq(accountingRequests.id, r.id));
  if (!row) return null;
  const fitting = allowedActions(r.kind, row.status).flatMap((a) => EVENT_OF_ACTION[a] ?? []);
  if (fitting.length === 0) return null;
  const forward = fitting.filter((e) => e !== 'request.rejected' && e !== 'request.failed' && e !== 'request.transfer_failed');
  const pool = n % 4 === 0 || forward.length === 0 ? fitting : forward;
  return pool[n % pool.length] ?? null;
}

/**
 * Moves a request on as its participants would: the merchant's step where the machine waits for
 * the merchant (the proof, the contract at the quoted rate, the second person's approval), else a
 * provider event the machine allows now.
 */
async function drive(r: Made, n: number, sent: (e: PlatformEventInput) => void): Promise<number[]> {
  const [row] = await t.db.select().from(accountingRequests).where(eq(accountingRequests.id, r.id));
  if (!row) return [];
  if (row.kind === 'EXCHANGE' && row.status === 'WAIT_PROOF') {
    const body = { id: r.id, remittingBank: 'Chase', transferTime: START.toISOString(), proofFileIds: [proofId] };
    return [(await call(t, exchangeProofSubmit.path, admin.token, body)).code];
  }
  if (row.kind === 'EXCHANGE' && row.status === 'WAIT_CONFIRM_CONTRACT' && row.exchangeRate !== null) {
    return [(await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate: row.exchangeRate })).code];
  }
  if (row.kind === 'WITHDRAWAL' && row.status === 'PROCESSING' && row.approvalState === 'PENDING') {
    return [(await call(t, n % 3 === 0 ? withdrawalRefuse.path : withdrawalApprove.path, checker.token, { id: r.id })).code];
  }
  const type = await fittingEvent(r, n);
  if (type === null) return [];
  const event = providerEvent(type, r, n % 5 === 0 ? row.requestAmount - 1_000 : row.requestAmount);
  sent(event);
  return [(await sendEvent(t.app, event)).code];
}

async function assertInvariants(): Promise<void> {
  const rows = await t.db.select().from(accountingRequests);
  const history = await t.db.select().from(accountingRequestHistory).orderBy(asc(accountingRequestHistory.id));
  const byRequest = new Map<number, typeof history>();
  for (const h of history) byRequest.set(h.requestId, [...(byRequest.get(h.requestId) ?? []), h]);
  for (const r of rows) {
    expect(STATUSES_OF[r.kind]).toContain(r.status);
    let previous: string | null = null;
    for (const h of byRequest.get(r.id) ?? []) {
      if (previous !== null && h.event !== 'APPROVAL_REQUESTED') {
        const from = previous;
        const listed = REQUEST_ACTIONS.some((a) => nextStatus(r.kind, from as never, a) === h.status);
        expect(listed, `${r.requestNo}: ${from} → ${h.status} (${h.event})`).toBe(true);
      }
      previous = h.status;
    }
    expect(previous).toBe(r.status);
  }
  const counts = (await t.db.execute(sql`
    select e.request_id, e.kind, count(*)::int as n from ledger_entries e where e.request_id is not null
    group by e.request_id, e.kind having count(*) > 1`)) as unknown as { rows: { request_id: number; kind: string; n: number }[] };
  expect(counts.rows).toEqual([]);
  const violations = await checkLedger(t.db);
  expect(violations.map((v) => v.message)).toEqual([]);
}

test('random interleavings never leave the machines, never post twice, and keep the ledger whole', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 18 }), async (steps) => {
      const made: Made[] = [];
      let last: PlatformEventInput | null = null;
      const pick = (n: number) => made[n % made.length] as Made;
      for (const s of steps) {
        const codes: number[] = [];
        if (s.kind === 'create') {
          const { path, body } = creation(s.what, s.variant, s.amount);
          const res = await call<RequestCreated>(t, path, admin.token, body);
          codes.push(res.code);
          if (res.code === ResultCode.OK) made.push({ id: res.data.request.id, requestNo: res.data.request.requestNo, kind: s.what });
        } else if (s.kind === 'expire') {
          t.clock.advance(11 * 60_000);
          await expireDueQuotes(t.db, t.clock());
        } else if (s.kind === 'replay') {
          if (last !== null) codes.push((await sendEvent(t.app, last)).code);
        } else if (made.length > 0) {
          const r = pick(s.pick);
          if (s.kind === 'provider') {
            // Half the events are one the machine allows now (so runs reach the machines' ends), half any.
            const type = s.fits ? await fittingEvent(r, s.verified) : s.type;
            last = providerEvent(type ?? s.type, r, s.verified);
            codes.push((await sendEvent(t.app, last)).code);
          } else if (s.kind === 'drive') {
            codes.push(
              ...(await drive(r, s.n, (e) => {
                last = e;
              })),
            );
          } else if (s.kind === 'race') {
            const [a, b] = await Promise.all([
              call(t, CANCEL_PATH[r.kind], admin.token, { id: r.id }),
              sendEvent(t.app, requestEvent(f, 'request.completed', { requestNo: r.requestNo })),
            ]);
            codes.push(a.code, b.code);
          } else if (s.action === 'CANCEL') {
            codes.push((await call(t, CANCEL_PATH[r.kind], admin.token, { id: r.id })).code);
          } else if (s.action === 'APPROVE' || s.action === 'REFUSE') {
            const path = s.action === 'APPROVE' ? withdrawalApprove.path : withdrawalRefuse.path;
            codes.push((await call(t, path, checker.token, { id: r.id, reason: 'Property' })).code);
          } else if (s.action === 'SUBMIT_PROOF') {
            const body = { id: r.id, remittingBank: 'Chase', transferTime: START.toISOString(), proofFileIds: [proofId] };
            codes.push((await call(t, exchangeProofSubmit.path, admin.token, body)).code);
          } else {
            const [row] = await t.db
              .select({ rate: accountingRequests.exchangeRate })
              .from(accountingRequests)
              .where(eq(accountingRequests.id, r.id));
            const rate = s.action === 'CONFIRM_STALE' || row?.rate == null ? '9.99' : row.rate;
            codes.push((await call(t, contractConfirm.path.replace(':id', String(r.id)), admin.token, { rate })).code);
          }
        }
        for (const code of codes) expect(CLEAN.has(code), `answer ${code}`).toBe(true);
      }
      await assertInvariants();
    }),
    { numRuns: NUM_RUNS, endOnFailure: true },
  );
  // The runs reached the machines' ends, not only their starts.
  const reached = (await t.db.execute(sql`select distinct kind || ':' || status as s from accounting_requests`)) as unknown as {
    rows: { s: string }[];
  };
  const statuses = reached.rows.map((r) => r.s.split(':')[1]);
  expect(statuses).toContain('COMPLETED');
  expect(statuses.some((x) => x === 'REJECTED' || x === 'CANCELED' || x === 'FAILED')).toBe(true);
}, 120_000);
