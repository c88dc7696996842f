import { balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import type { BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { balanceAlarmEvents } from '../../src/db/schema/balance-alarms.ts';
import { messages } from '../../src/db/schema/messages.ts';
import { type EntryToWrite, lock, writeMany } from '../../src/modules/ledger/ledger.service.ts';
import { accountingApp } from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, json, type PayoutActor } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, localBalances } from '../ledger/support.ts';

/**
 * An alarm fires exactly once per crossing (docs/decisions/0033): under random writes that move
 * money between the available and on-hold balances of one account (holds and releases, one to three
 * entries a write), the alarm fires each time a write takes the available balance from at or above
 * the threshold to below it, recovers each time one takes it back, and does nothing otherwise —
 * whatever the threshold, and whether the balance starts above or below it.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const FUNDED = 100_000;
const NUM_RUNS = 25;
let t: TestApp;
let admin: PayoutActor;
let accountId: number;

beforeAll(async () => {
  t = await accountingApp(new EventFactory('alarm-prop', START), START, { payout: FUNDED });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  const account = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
  if (account.id === null) throw new Error('no BR payout account');
  accountId = account.id;
});
afterAll(async () => t?.close());

/** A write: each entry moves `amount` from available to on hold (positive) or back (negative). */
const writeArb = fc.array(
  fc.integer({ min: -FUNDED, max: FUNDED }).filter((n) => n !== 0),
  { minLength: 1, maxLength: 3 },
);

async function fired(kind: 'FIRED' | 'RECOVERED'): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(balanceAlarmEvents)
    .where(and(eq(balanceAlarmEvents.accountId, accountId), eq(balanceAlarmEvents.kind, kind)));
  return row?.n ?? 0;
}

async function noticeCount(): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.userId, admin.id), eq(messages.category, 'BALANCE_ALARM')));
  return row?.n ?? 0;
}

let version = 0;

test('an alarm fires exactly once per crossing below its threshold, and recovers once per crossing back', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: FUNDED }),
      fc.array(writeArb, { minLength: 1, maxLength: 25 }),
      async (threshold, writes) => {
        const start = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
        const before = { fired: await fired('FIRED'), recovered: await fired('RECOVERED'), notices: await noticeCount() };
        const set = await json<BalanceAlarm>(t, balanceAlarmUpdate.path, admin.token, {
          accountId,
          threshold,
          subscriberIds: [admin.id],
          version,
        });
        expect(set.code).toBe(ResultCode.OK);
        version = set.data.version;
        // The model: the alarm's side after the threshold is set (setting it above the balance fires).
        let available = start.AVAILABLE;
        let onHold = start.ON_HOLD;
        let below = available < threshold;
        let expectedFired = below ? 1 : 0;
        let expectedRecovered = 0;
        // The last write gives back everything held, so each run leaves the account as it found it.
        const released = [...writes, [-FUNDED * 4]];
        for (const write of released) {
          const entries: EntryToWrite[] = [];
          for (const wanted of write) {
            // Kept within what the buckets hold: a hold of at most the available, a release of at most the held.
            const amount = wanted > 0 ? Math.min(wanted, available) : -Math.min(-wanted, onHold);
            if (amount === 0) continue;
            available -= amount;
            onHold += amount;
            entries.push({
              meta: { kind: amount > 0 ? 'HOLD' : 'UNHOLD', effectiveAt: t.clock() },
              lines: [
                { accountId, bucket: 'AVAILABLE', currency: 'BRL', amount: -amount },
                { accountId, bucket: 'ON_HOLD', currency: 'BRL', amount },
              ],
            });
          }
          if (entries.length === 0) continue;
          await t.db.transaction(async (tx) => writeMany(tx, entries, await lock(tx, [accountId])));
          const now = available < threshold;
          if (now && !below) expectedFired++;
          if (!now && below) expectedRecovered++;
          below = now;
        }
        expect(await fired('FIRED')).toBe(before.fired + expectedFired);
        expect(await fired('RECOVERED')).toBe(before.recovered + expectedRecovered);
        // One notice per firing, to the one subscriber.
        expect(await noticeCount()).toBe(before.notices + expectedFired);
        const after = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
        expect(after.AVAILABLE).toBe(available);
        expect(after.ON_HOLD).toBe(start.ON_HOLD);
        // Switched off between runs: the next run's threshold starts from a quiet alarm.
        const off = await json<BalanceAlarm>(t, balanceAlarmUpdate.path, admin.token, {
          accountId,
          threshold: null,
          subscriberIds: [],
          version,
        });
        expect(off.code).toBe(ResultCode.OK);
        version = off.data.version;
      },
    ),
    { numRuns: NUM_RUNS, endOnFailure: true },
  );
  await expectLedgerConsistent(t);
});
