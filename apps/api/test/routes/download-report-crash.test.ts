import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { transactionExportTaskCreate } from '@andes/contract/download-center/endpoints';
import type { DownloadRecord } from '@andes/contract/download-center/schemas';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { sqlExecutorOf } from '../../src/db/client.ts';
import { downloadTasks } from '../../src/db/schema/download-tasks.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { downloadReportJob } from '../../src/modules/download-center/download-report.job.ts';
import type { BlobStore } from '../../src/modules/files/blob-store.ts';
import { TransactionService } from '../../src/modules/transaction/transaction.service.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, withPlatformToken } from '../ledger/support.ts';

/**
 * A worker killed while it writes a report: nothing half-written is ever visible, and another
 * worker takes the task back after the attempt's expiry and finishes it with one file.
 */

let t: TestApp;
const log = pino({ level: 'silent' });
const queues: JobQueue[] = [];
const f = new EventFactory('crash', new Date('2026-03-08T12:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(new Date('2026-03-10T15:00:00Z')) });
  await withPlatformToken(t.db);
  await sendAll(
    t.app,
    Array.from({ length: 5 }, (_, i) => f.created({ uniqueId: f.uniqueId(`c${i}`), amount: 100 * (i + 1) })),
  );
});
afterAll(async () => {
  for (const q of queues) await q.stop(1_000).catch(() => undefined);
  await t?.close();
});

/** The real job, with a two-second expiry and a one-second retry delay, so the test need not wait half an hour. */
function job(blobs: BlobStore) {
  const { db, clock, mailer, config } = t.app.andes;
  const definition = downloadReportJob({
    db,
    clock,
    log,
    blobs,
    transactions: new TransactionService(db, clock),
    mailer,
    publicUrl: config.publicUrl,
  });
  return { ...definition, expireInSeconds: 2, retryDelaySeconds: 1 };
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.app.andes.blobs.list(prefix)) keys.push(o.key);
  return keys;
}

test('a worker killed mid-write leaves no file; the task is retried by another worker to COMPLETE with one file', async () => {
  // The dying worker reads part of the file, then never finishes: its process is gone.
  const real = t.app.andes.blobs;
  let writing = false;
  const hanging: BlobStore = {
    ...real,
    description: real.description,
    put: async (_key: string, body: Uint8Array | Readable) => {
      writing = true;
      if (!(body instanceof Uint8Array)) {
        // Some bytes are read, then the process dies: its database connection goes with it.
        await new Promise((resolve) => body.once('readable', resolve));
        body.read();
        body.destroy();
      }
      return new Promise(() => undefined);
    },
    get: (k) => real.get(k),
    getBytes: (k) => real.getBytes(k),
    head: (k) => real.head(k),
    delete: (k) => real.delete(k),
    list: (p) => real.list(p),
    sweepIncomplete: (d) => real.sweepIncomplete(d),
  };
  const dying = new JobQueue(sqlExecutorOf(t.db), { work: true, log, pollingIntervalSeconds: 0.5 }).define(job(hanging));
  queues.push(dying);
  // Started first: its short expiry becomes the queue's, which the job takes when it is sent.
  await dying.start();
  const admin = await signIn(t.app, login.path, 'admin');
  // Queued by the test app's process, which does not work jobs.
  const res = await post(
    t.app,
    transactionExportTaskCreate.path,
    { list: 'payin', country: 'BR', format: 'csv', language: 'en', idempotencyKey: randomUUID() },
    { token: admin },
  );
  const created = envelope<DownloadRecord>(res);
  expect(created.code).toBe(ResultCode.OK);

  await vi.waitFor(() => expect(writing).toBe(true), { timeout: 10_000, interval: 100 });
  await dying.abandon();
  const [midway] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.publicId, created.data.id));
  expect(midway).toMatchObject({ state: 'IN_PROGRESS', attempts: 1, blobKey: null });
  expect(await objectsUnder('reports/')).toEqual([]);

  const survivor = new JobQueue(sqlExecutorOf(t.db), {
    work: true,
    log,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  }).define(job(real));
  queues.push(survivor);
  await survivor.start();
  await vi.waitFor(
    async () => {
      const [row] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.publicId, created.data.id));
      expect(row?.state).toBe('COMPLETE');
    },
    { timeout: 20_000, interval: 250 },
  );
  const [done] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.publicId, created.data.id));
  expect(done).toMatchObject({ attempts: 2, rowsWritten: 5, failureReason: null });
  expect(await objectsUnder('reports/')).toEqual([done?.blobKey]);
}, 40_000);
