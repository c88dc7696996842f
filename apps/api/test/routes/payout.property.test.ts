import { randomUUID } from 'node:crypto';
import { ResultCode } from '@andes/contract/common/envelope';
import { payoutApprove, payoutCreate, payoutRefuse } from '@andes/contract/payout/endpoints';
import type { PayoutCreateAnswer, PayoutDecisionAnswer } from '@andes/contract/payout/schemas';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { payouts } from '../../src/db/schema/payouts.ts';
import { expireDuePayouts } from '../../src/modules/payout/payout.service.ts';
import {
  demoActor,
  expectLedgerConsistent,
  fundPayoutAccount,
  json,
  LONG_SESSIONS,
  type PayoutActor,
  payoutUser,
  pixPayout,
  sendCode,
} from '../fixtures/payouts.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { claim, EventFactory, localBalances, sendEvent, systemBalance } from '../ledger/support.ts';

/**
 * Property (issue #11): whatever interleaving of payout creations (duplicates confirmed or not),
 * approvals and refusals (some at once), platform reports (in progress, settled with the quoted or
 * another fee, failed, rejected, cancelled — including for payouts never approved), repeated
 * event deliveries and expiry runs, after every step:
 *   - the ledger holds (ledger-check and the daily figures);
 *   - never over-reserved: RESERVED of the payout account equals amount + fee + VAT of exactly the
 *     payouts still open (pending approval, waiting for the platform or in progress);
 *   - never paid twice: at most one PAYOUT_SETTLED entry per payout, and CLEARING received exactly
 *     the amounts of the settled payouts;
 *   - the money is all there: AVAILABLE + RESERVED + what the settled payouts took (amount, fee
 *     and VAT charged) equals what was funded;
 *   - every answer is a success or a clean refusal, never a 500.
 */

const START = new Date('2026-06-01T12:00:00.000Z');
const NUM_RUNS = Number(process.env.PAYOUT_PROPERTY_RUNS ?? 30);
const FUNDED = 5_000_000;

let t: TestApp;
let creator: PayoutActor;
let checkers: PayoutActor[];
const f = new EventFactory('payout-prop', START);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START), config: LONG_SESSIONS });
  await fundPayoutAccount(t, f, 'BR', FUNDED);
  creator = await demoActor(t, 'payout', 'paula.payout@andes-demo.test');
  checkers = [
    await payoutUser(t, 'prop.checker1', ['payment:payout', 'payment:payout:approve']),
    await payoutUser(t, 'prop.checker2', ['payment:payout', 'payment:payout:approve']),
  ];
});
afterAll(async () => t?.close());

const BENEFICIARIES = ['one@example.com', 'two@example.com', 'three@example.com'];

const action = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    amount: fc.constantFrom(1_000, 25_000, 250_000, 1_900_000),
    beneficiary: fc.integer({ min: 0, max: BENEFICIARIES.length - 1 }),
    confirm: fc.boolean(),
  }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'refuse' as const), pick: fc.nat(), together: fc.boolean() }),
  fc.record({ kind: fc.constant('race' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('event' as const),
    pick: fc.nat(),
    status: fc.constantFrom('IN_PROGRESS', 'IN_PROGRESS', 'SETTLED', 'SETTLED', 'FAILED', 'REJECTED', 'CANCELLED'),
    feeShift: fc.constantFrom(0, 0, 0, 75, -100),
  }),
  fc.record({ kind: fc.constant('replay' as const) }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

interface Known {
  id: number;
  uniqueId: string;
  amount: number;
  fee: number;
  vat: number;
}

const OK_OR_REFUSED: readonly number[] = [
  ResultCode.OK,
  ResultCode.CONFLICT,
  ResultCode.INSUFFICIENT_BALANCE,
  ResultCode.VALIDATION_FAILED,
  ResultCode.FORBIDDEN,
];

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function expectInvariants(): Promise<void> {
  await expectLedgerConsistent(t);
  const account = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
  const [open] = await rowsOf<{ reserved: string | number }>(sql`
    select coalesce(sum(p.amount + p.fee + p.vat), 0)::int8 as reserved
      from payouts p join transactions t on t.id = p.transaction_id
     where t.account_id = ${account.id} and t.status in ('CREATED', 'IN_PROGRESS')`);
  expect(account.RESERVED).toBe(Number(open?.reserved ?? 0));
  const twice = await rowsOf<{ transaction_id: number }>(sql`
    select transaction_id from ledger_entries where kind = 'PAYOUT_SETTLED' group by transaction_id having count(*) > 1`);
  expect(twice).toEqual([]);
  const [settled] = await rowsOf<{ amount: string | number; charges: string | number }>(sql`
    select coalesce(sum(amount), 0)::int8 as amount, coalesce(sum(fee + vat), 0)::int8 as charges
      from transactions where account_id = ${account.id} and status = 'SETTLED'`);
  expect(await systemBalance(t.db, 'CLEARING', 'BRL')).toBe(Number(settled?.amount ?? 0));
  expect(account.AVAILABLE + account.RESERVED + Number(settled?.amount ?? 0) + Number(settled?.charges ?? 0) - account.OWED).toBe(FUNDED);
}

test('random interleavings never over-reserve, never pay twice, and leave the ledger balanced', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 20 }), async (actions) => {
      run += 1;
      const known: Known[] = [];
      let lastEvent: PlatformEventInput | null = null;
      const pick = (n: number) => known[n % Math.max(1, known.length)];
      for (const a of actions) {
        const codes: number[] = [];
        switch (a.kind) {
          case 'create': {
            const body = pixPayout(a.amount, { confirmDuplicates: a.confirm }, BENEFICIARIES[a.beneficiary]);
            const verifyCode = await sendCode(t, creator, 'BR', 1, a.amount);
            const res = await json<PayoutCreateAnswer>(t, payoutCreate.path, creator.token, {
              ...body,
              verifyCode,
              requestId: randomUUID(),
            });
            codes.push(res.code);
            const p = res.data?.payout;
            if (res.code === ResultCode.OK && p) known.push({ id: p.id, uniqueId: p.uniqueId, amount: p.amount, fee: p.fee, vat: p.vat });
            break;
          }
          case 'approve':
          case 'refuse': {
            const target = pick(a.pick);
            if (!target) break;
            const path = a.kind === 'approve' ? payoutApprove.path : payoutRefuse.path;
            const ids = a.together ? [...new Set(known.slice(-3).map((k) => k.id))] : [target.id];
            const res = await json<PayoutDecisionAnswer>(t, path, (checkers[0] as PayoutActor).token, { country: 'BR', ids });
            codes.push(res.code);
            break;
          }
          case 'race': {
            const target = pick(a.pick);
            if (!target) break;
            const [x, y] = await Promise.all([
              json<PayoutDecisionAnswer>(t, payoutApprove.path, (checkers[0] as PayoutActor).token, { country: 'BR', ids: [target.id] }),
              json<PayoutDecisionAnswer>(t, payoutRefuse.path, (checkers[1] as PayoutActor).token, { country: 'BR', ids: [target.id] }),
            ]);
            codes.push(x.code, y.code);
            if (x.code === ResultCode.OK && y.code === ResultCode.OK) expect(x.data.decided + y.data.decided).toBeLessThanOrEqual(1);
            break;
          }
          case 'event': {
            const target = pick(a.pick);
            if (!target) break;
            await claim(t.app, { limit: 100, leaseSeconds: 5 });
            const extra = a.status === 'SETTLED' ? { fee: Math.max(0, target.fee + a.feeShift), vat: target.vat } : {};
            lastEvent = f.payoutStatus(target.uniqueId, a.status, extra);
            codes.push((await sendEvent(t.app, lastEvent)).code);
            break;
          }
          case 'replay': {
            if (!lastEvent) break;
            const again = await sendEvent(t.app, lastEvent);
            codes.push(again.code);
            if (again.code === ResultCode.OK) expect(again.data.duplicate).toBe(true);
            break;
          }
          case 'expire': {
            // Their seven days run out now (the clock stays: sessions and passwords are not the point here).
            await t.db.update(payouts).set({ expiresAt: t.clock() }).where(eq(payouts.approvalStatus, 'PENDING'));
            await expireDuePayouts(t.db, t.clock);
            break;
          }
        }
        for (const code of codes) expect(OK_OR_REFUSED).toContain(code);
        await expectInvariants();
      }
      return run > 0;
    }),
    { numRuns: NUM_RUNS, seed: Number(process.env.PAYOUT_PROPERTY_SEED ?? 20260601) },
  );
  // The runs went through every outcome (a property that never settles proves little).
  const outcomes = await rowsOf<{ status: string; approval: string; decided_by: number | null }>(sql`
    select distinct t.status, p.approval_status as approval, (p.decided_by is not null)::int as decided_by
      from payouts p join transactions t on t.id = p.transaction_id`);
  const seen = new Set(outcomes.map((o) => `${o.approval}/${o.status}/${o.decided_by}`));
  expect(seen).toContain('APPROVED/SETTLED/1');
  expect(['APPROVED/FAILED/1', 'APPROVED/REJECTED/1', 'APPROVED/CANCELLED/1'].some((o) => seen.has(o))).toBe(true);
  expect(seen).toContain('REJECTED/REJECTED/1');
  expect(seen).toContain('REJECTED/CANCELLED/0');
}, 600_000);
