import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sqlExecutorOf } from '../../src/db/client.ts';
import { defineJob, JobQueue } from '../../src/jobs/queue.ts';
import { createTestApp, type TestApp } from '../helper.ts';

/**
 * The job queue (pg-boss in the application's database, on PGlite and PostgreSQL): retries with
 * backoff, survives a restart, takes a lost attempt back from a worker that died, and runs each
 * job once however many workers share the database.
 */

let t: TestApp;
const log = pino({ level: 'silent' });
const queues: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const q of queues) await q.stop(1_000).catch(() => undefined);
  await t?.close();
});

/** A queue on the test database; `work` processes poll every half second. */
function queue(work: boolean, maintenanceIntervalSeconds = 60): JobQueue {
  const q = new JobQueue(sqlExecutorOf(t.db), { work, log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds });
  queues.push(q);
  return q;
}

describe('a job', () => {
  test('that fails is retried with backoff until it succeeds', async () => {
    // Each attempt records when it was due (the job's start_after) and, when it fails, the
    // database's time just before it throws: the queue schedules the next attempt after that.
    const attempts: { retryCount: number; dueAt: number; failedAt: number | null }[] = [];
    const clockOf = async (id: string) => {
      const result = await t.db.execute(
        sql`select (extract(epoch from start_after) * 1000)::float8 as due, (extract(epoch from clock_timestamp()) * 1000)::float8 as now from pgboss.job where id = ${id}`,
      );
      const row = (result as unknown as { rows: { due: number; now: number }[] }).rows[0];
      if (!row) throw new Error(`job ${id} not found`);
      return { due: Number(row.due), now: Number(row.now) };
    };
    const flaky = defineJob<{ n: number }>({
      name: 'test-flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run(data, job) {
        expect(data).toEqual({ n: 7 });
        const { due, now } = await clockOf(job.id);
        const fails = attempts.length < 2;
        attempts.push({ retryCount: job.retryCount, dueAt: due, failedAt: fails ? now : null });
        if (fails) throw new Error('not yet');
      },
    });
    const q = queue(true).define(flaky);
    await q.start();
    const id = await q.send(flaky, { n: 7 });
    expect(id).toEqual(expect.any(String));
    await vi.waitFor(async () => expect(await q.state(flaky, id as string)).toBe('completed'), { timeout: 20_000, interval: 200 });
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Backoff as scheduled by the queue (not as the polling workers happened to pick it up): the
    // first retry is due at least the 1 s delay after the failure, the second at least twice that
    // (a fixed delay would schedule it about 1 s after). Measured from a time read just before the
    // failure, so a slow machine only makes the gaps longer.
    const [first, second, third] = attempts as [(typeof attempts)[0], (typeof attempts)[0], (typeof attempts)[0]];
    expect(second.dueAt - (first.failedAt ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect(third.dueAt - (second.failedAt ?? 0)).toBeGreaterThanOrEqual(2_000);
    await q.stop();
  }, 30_000);

  test('sent while no process works jobs waits in the database and runs once a worker starts', async () => {
    const ran: number[] = [];
    const later = defineJob<{ n: number }>({
      name: 'test-later',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run(data) {
        ran.push(data.n);
      },
    });
    const sender = queue(false).define(later);
    await sender.start();
    const id = await sender.send(later, { n: 1 });
    await sender.stop();
    expect(ran).toEqual([]);
    // "Restart": a new process with workers on the same database.
    const worker = queue(true).define(later);
    await worker.start();
    await vi.waitFor(async () => expect(await worker.state(later, id as string)).toBe('completed'), { timeout: 10_000, interval: 200 });
    expect(ran).toEqual([1]);
    await worker.stop();
  }, 20_000);

  test('whose worker died mid-attempt is taken back after its expiry and finished by another worker', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const hangs = new Promise<void>((resolve) => {
      release = resolve;
    });
    const work = (who: string) =>
      defineJob<{ n: number }>({
        name: 'test-lost',
        retryLimit: 2,
        retryDelaySeconds: 1,
        expireInSeconds: 2,
        async run() {
          started.push(who);
          if (who === 'dies') await hangs;
        },
      });
    const dying = queue(true).define(work('dies'));
    await dying.start();
    const id = await dying.send(work('dies'), { n: 1 });
    await vi.waitFor(() => expect(started).toEqual(['dies']), { timeout: 10_000, interval: 100 });
    // The process is gone: it neither finishes nor fails the attempt (no graceful stop).
    await dying.abandon();
    const survivor = queue(true, 1).define(work('survives'));
    await survivor.start();
    await vi.waitFor(async () => expect(await survivor.state(work('survives'), id as string)).toBe('completed'), {
      timeout: 20_000,
      interval: 250,
    });
    expect(started).toEqual(['dies', 'survives']);
    release();
    await survivor.stop();
  }, 30_000);

  test('runs once however many workers poll the queue', async () => {
    const runs = new Map<number, number>();
    const once = defineJob<{ n: number }>({
      name: 'test-once',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run(data) {
        runs.set(data.n, (runs.get(data.n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const workers = [queue(true), queue(true), queue(true)].map((q) => q.define(once));
    for (const w of workers) await w.start();
    const [first] = workers as [JobQueue];
    for (let n = 0; n < 30; n += 1) await first.send(once, { n });
    await vi.waitFor(() => expect(runs.size).toBe(30), { timeout: 20_000, interval: 200 });
    await new Promise((r) => setTimeout(r, 1_200));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    for (const w of workers) await w.stop();
  }, 30_000);

  test('cannot be sent unless its kind is defined on the queue', async () => {
    const q = queue(false);
    await q.start();
    const stray = defineJob({ name: 'test-stray', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, run: async () => undefined });
    await expect(q.send(stray, {})).rejects.toThrow(/not defined/);
    await q.stop();
  });
});
