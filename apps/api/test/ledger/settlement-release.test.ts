import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sqlExecutorOf } from '../../src/db/client.ts';
import { pendingReleases } from '../../src/db/schema/ledger.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { releaseDue, settlementReleaseJob } from '../../src/jobs/settlement-release.job.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, localBalances, sendEvent, transactionRow, withPlatformToken } from './support.ts';

/** The settlement release job: due releases become available once, in batches, never while on hold. */

const START = new Date('2026-05-04T13:00:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
const f = new EventFactory('rel', START);
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START) });
  await withPlatformToken(t.db);
  for (let i = 0; i < 6; i += 1) {
    const uniqueId = f.uniqueId();
    ids.push(uniqueId);
    for (const e of [
      f.created({ uniqueId, country: 'CO', currency: 'COP', productType: 'NEQUI', amount: 10_000 * (i + 1) }),
      f.settled(uniqueId, { fee: 100, availableInDays: i < 4 ? 1 : 5 }),
    ]) {
      expect((await sendEvent(t.app, e)).code).toBe(200);
    }
  }
  expect((await sendEvent(t.app, f.held(ids[1] as string))).code).toBe(200);
});
afterAll(async () => t?.close());

describe('releaseDue', () => {
  test('releases what is due in batches of the limit, oldest first, skipping transactions on hold', async () => {
    t.clock.set(new Date(START.getTime() + 2 * DAY));
    // Due: ids 0, 2, 3 (id 1 is on hold; 4 and 5 are due in 5 days).
    expect(await releaseDue(t.db, t.clock, 2)).toEqual({ released: 2, amount: 9_900 + 29_900 });
    expect(await releaseDue(t.db, t.clock, 2)).toEqual({ released: 1, amount: 39_900 });
    expect(await releaseDue(t.db, t.clock, 2)).toEqual({ released: 0, amount: 0 });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({
      AVAILABLE: 9_900 + 29_900 + 39_900,
      ON_HOLD: 19_900,
      PENDING: 49_900 + 59_900,
    });
    const held = await transactionRow(t.db, ids[1] as string);
    const [row] = await t.db
      .select()
      .from(pendingReleases)
      .where(eq(pendingReleases.transactionId, held?.id ?? 0));
    expect(row?.state).toBe('SCHEDULED');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  test('two runs at once release each row once', async () => {
    t.clock.set(new Date(START.getTime() + 6 * DAY));
    const [a, b] = await Promise.all([releaseDue(t.db, t.clock), releaseDue(t.db, t.clock)]);
    expect((a?.released ?? 0) + (b?.released ?? 0)).toBe(2);
    expect((a?.amount ?? 0) + (b?.amount ?? 0)).toBe(49_900 + 59_900);
    const released = await t.db.select().from(pendingReleases).where(eq(pendingReleases.state, 'RELEASED'));
    expect(released).toHaveLength(5);
    for (const r of released) expect(r.releasedAt).not.toBeNull();
    expect(await checkLedger(t.db)).toEqual([]);
  });

  test('the job runs on the job queue as soon as a worker starts, then every minute, and stops cleanly', async () => {
    expect((await sendEvent(t.app, f.unheld(ids[1] as string))).code).toBe(200);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({ PENDING: 19_900, ON_HOLD: 0 });
    const job = settlementReleaseJob({ db: t.db, clock: t.clock, log: t.app.log });
    expect(job).toMatchObject({ cron: '* * * * *', runAtStart: true, singleton: true });
    const queue = new JobQueue(sqlExecutorOf(t.db), { work: true, log: t.app.log, pollingIntervalSeconds: 0.5 }).define(job);
    await queue.start();
    // Nobody sends it: the run at start releases the unheld transaction's money.
    await vi.waitFor(async () => expect(await localBalances(t.db, 'ANDES-DEMO', 'CO', 'PAY_IN')).toMatchObject({ PENDING: 0 }), {
      timeout: 10_000,
    });
    await queue.stop();
    expect(await releaseDue(t.db, t.clock)).toEqual({ released: 0, amount: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
