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
    const attempts: { retryCount: number; at: number }[] = [];
    const flaky = defineJob<{ n: number }>({
      name: 'test-flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run(data, job) {
        attempts.push({ retryCount: job.retryCount, at: Date.now() });
        expect(data).toEqual({ n: 7 });
        if (attempts.length < 3) throw new Error('not yet');
      },
    });
    const q = queue(true).define(flaky);
    await q.start();
    const id = await q.send(flaky, { n: 7 });
    expect(id).toEqual(expect.any(String));
    await vi.waitFor(async () => expect(await q.state(flaky, id as string)).toBe('completed'), { timeout: 20_000, interval: 200 });
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Backoff: the second wait is longer than the first (1 s, then about 2 s, plus polling).
    const [a, b, c] = attempts.map((x) => x.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThan(b - a);
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
