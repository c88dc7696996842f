import { createHash, randomUUID } from 'node:crypto';
import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import {
  downloadRecordDownload,
  downloadRecordPage,
  downloadTaskDelete,
  downloadTaskRetry,
  transactionExportPreflight,
  transactionExportTaskCreate,
} from '@andes/contract/download-center/endpoints';
import { DOWNLOAD_RETENTION_DAYS } from '@andes/contract/download-center/enums';
import type { DownloadLink, DownloadRecord, DownloadRecordPage, ExportPreflight } from '@andes/contract/download-center/schemas';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { downloadTasks } from '../../src/db/schema/download-tasks.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { downloadExpiryJob } from '../../src/modules/download-center/download-report.job.ts';
import { createTestApp, envelope, type FakeClock, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, withPlatformToken } from '../ledger/support.ts';
import { parseCsv } from '../transaction-files/export-fixtures.ts';

/**
 * The download center: transaction exports queued as tasks, written by the job queue into the blob
 * store with a trailer that proves the file complete, downloaded once per link, retried, deleted,
 * expired — each within the caller's merchant and sub-merchant.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
let t: TestApp;
let clock: FakeClock;
let admin: string;
let market: string;
let condor: string;
let payout: string;
const f = new EventFactory('dlc', new Date('2026-03-08T12:00:00Z'));

const payinBr = (more: Partial<TransactionExportRequest> = {}): TransactionExportRequest => ({
  list: 'payin',
  country: 'BR',
  format: 'csv',
  language: 'en',
  ...more,
});

async function call<T>(path: string, token: string, body: unknown = {}) {
  const res = await post(t.app, path, body, { token });
  return envelope<T>(res);
}

async function createTask(token: string, body: TransactionExportRequest, key = randomUUID()) {
  return call<DownloadRecord>(transactionExportTaskCreate.path, token, { ...body, idempotencyKey: key });
}

async function recordOf(token: string, id: string): Promise<DownloadRecord | undefined> {
  const page = await call<DownloadRecordPage>(downloadRecordPage.path, token, { pageSize: 100 });
  return page.data.list.find((r) => r.id === id);
}

async function waitFor(token: string, id: string, state: DownloadRecord['state']): Promise<DownloadRecord> {
  let last: DownloadRecord | undefined;
  await vi.waitFor(
    async () => {
      last = await recordOf(token, id);
      // The whole record on failure: its state and failure reason say why.
      expect(last?.state, JSON.stringify(last)).toBe(state);
    },
    { timeout: 20_000, interval: 200 },
  );
  return last as DownloadRecord;
}

async function download(token: string, id: string) {
  const link = await call<DownloadLink>(downloadRecordDownload.path, token, { id });
  expect(link.code).toBe(ResultCode.OK);
  return t.app.inject({ method: 'GET', url: link.data.url });
}

beforeAll(async () => {
  clock = fakeClock(NOW);
  // An export of more than 12 rows goes through the download center here (ANDES_DIRECT_EXPORT_MAX_ROWS).
  t = await createTestApp({ clock, workJobs: true, config: { downloads: { directExportMaxRows: 12 } } });
  await withPlatformToken(t.db);
  const events: PlatformEventInput[] = [];
  for (let i = 0; i < 12; i += 1) {
    events.push(f.created({ uniqueId: f.uniqueId(`br${i}`), merchantReference: `ORDER-${i}`, amount: 1_000 + i }));
  }
  events.push(f.created({ uniqueId: f.uniqueId('sub'), subMerchantCode: 'ANDES-DEMO-BR', amount: 5_000 }));
  await sendAll(t.app, events);
  await sendAll(t.app, [
    f.created({ uniqueId: f.uniqueId('condor'), country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 4_000 }, 'CONDOR'),
  ]);
  // The marketplace staff (a sub-merchant user) may export and open the download center too.
  await t.db.execute(
    sql`insert into role_permissions (role_id, code) select id, c from roles, unnest(array['transactions:export', 'download-center']) as c where name = 'Marketplace staff'`,
  );
  admin = await signIn(t.app, login.path, 'admin');
  market = await signIn(t.app, login.path, 'market');
  condor = await signIn(t.app, login.path, 'condor');
  payout = await signIn(t.app, login.path, 'payout');
});
afterAll(async () => t?.close());

describe('pre-flight', () => {
  test('counts the rows and sums the amounts per currency of the filter, and sends more rows than the threshold to the download center', async () => {
    const res = await call<ExportPreflight>(transactionExportPreflight.path, admin, payinBr());
    expect(res.code).toBe(ResultCode.OK);
    const expectedCents = Array.from({ length: 12 }, (_, i) => 1_000 + i).reduce((a, b) => a + b, 0) + 5_000;
    expect(res.data).toEqual({ route: 'TASK', directMaxRows: 12, rowCount: 13, totals: [{ currency: 'BRL', cents: expectedCents }] });
  });

  test('a sub-merchant user counts only their own rows, which stream at once; a bad filter is a validation error', async () => {
    const mine = await call<ExportPreflight>(transactionExportPreflight.path, market, payinBr());
    expect(mine.data).toEqual({ route: 'DIRECT', directMaxRows: 12, rowCount: 1, totals: [{ currency: 'BRL', cents: 5_000 }] });
    const bad = await call(transactionExportPreflight.path, admin, { ...payinBr(), amountMin: -5 });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('a transaction export task', () => {
  let done: DownloadRecord;

  test('is queued once per idempotency key, written by a worker, and its figures match the pre-flight', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([createTask(admin, payinBr(), key), createTask(admin, payinBr(), key)]);
    expect(a.code).toBe(ResultCode.OK);
    expect(b.data.id).toBe(a.data.id);
    expect(a.data).toMatchObject({ reportType: 'TRANSACTION', format: 'csv', creatorUsername: 'demo.admin', rowsExpected: 13 });
    done = await waitFor(admin, a.data.id, 'COMPLETE');
    expect(done.written).toEqual(done.expected);
    expect(done.rowsWritten).toBe(13);
    expect(done.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(done.size).toBeGreaterThan(0);
    expect(new Date(done.expiresAt as string).getTime() - new Date(done.finishedAt as string).getTime()).toBe(
      DOWNLOAD_RETENTION_DAYS * 86_400_000,
    );
    const tasks = await t.db.select({ n: sql<number>`count(*)::int` }).from(downloadTasks).where(eq(downloadTasks.idempotencyKey, key));
    expect(tasks[0]?.n).toBe(1);
  });

  test('downloads once through a short-lived link; the CSV ends with a trailer that proves it complete', async () => {
    const link = await call<DownloadLink>(downloadRecordDownload.path, admin, { id: done.id });
    const res = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain(done.fileName);
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    const blank = lines.indexOf('');
    const dataLines = lines.slice(1, blank);
    expect(dataLines).toHaveLength(13);
    const sha = createHash('sha256')
      .update(dataLines.map((l) => `${l}\r\n`).join(''), 'utf8')
      .digest('hex');
    const trailer = parseCsv(lines.slice(blank + 1).join('\r\n'));
    expect(trailer.filter((r) => r.length === 2)).toEqual([
      ['Data rows', '13'],
      ['Total BRL', '170.66'],
      ['SHA-256 of the data rows (CSV lines)', sha],
    ]);
    expect(sha).toBe(done.sha256);
    // Used up.
    const again = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(again.statusCode).toBe(410);
  });

  test('an XLSX carries the same proof on a second sheet', async () => {
    const created = await createTask(admin, payinBr({ format: 'xlsx' }));
    const record = await waitFor(admin, created.data.id, 'COMPLETE');
    const res = await download(admin, record.id);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Transactions', 'Proof']);
    const proof =
      book.worksheets[1]
        ?.getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1)) ?? [];
    expect(proof).toEqual([
      ['Data rows', '13'],
      ['Total BRL', '170.66'],
      ['SHA-256 of the data rows (CSV lines)', record.sha256],
    ]);
    // The same rows in either format hash alike.
    expect(record.sha256).toBe(done.sha256);
  });

  test('e-mails the creator a link to the download center, never the file', async () => {
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.subject).toContain('is ready');
    expect(mail?.text).toContain('/download-center');
    expect(mail?.text).not.toContain('/files/downloads/');
  });
});

describe('scope', () => {
  test('another merchant neither lists, downloads, retries nor deletes the record: NOT_FOUND', async () => {
    const created = await createTask(admin, payinBr());
    await waitFor(admin, created.data.id, 'COMPLETE');
    const theirs = await call<DownloadRecordPage>(downloadRecordPage.path, condor, { pageSize: 100 });
    expect(theirs.data.list.map((r) => r.id)).not.toContain(created.data.id);
    expect((await call(downloadRecordDownload.path, condor, { id: created.data.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(`/dashboard/download-center/download-report/retry/${created.data.id}`, condor)).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(`/dashboard/download-center/delete/${created.data.id}`, condor)).code).toBe(ResultCode.NOT_FOUND);
  });

  test('a sub-merchant user sees only the tasks created within their sub-merchant', async () => {
    const theirs = await createTask(market, payinBr());
    const record = await waitFor(market, theirs.data.id, 'COMPLETE');
    expect(record.rowsWritten).toBe(1);
    const page = await call<DownloadRecordPage>(downloadRecordPage.path, market, { pageSize: 100 });
    expect(page.data.list.map((r) => r.creatorUsername)).toEqual(['demo.market']);
    const all = await call<DownloadRecordPage>(downloadRecordPage.path, admin, { pageSize: 100 });
    expect(all.data.list.map((r) => r.id)).toContain(theirs.data.id);
  });

  test('a malformed id is a validation error, and deleting needs download-center:delete', async () => {
    expect((await call('/dashboard/download-center/delete/dt_x', admin)).code).toBe(ResultCode.VALIDATION_FAILED);
    const created = await createTask(admin, payinBr());
    expect((await call(`/dashboard/download-center/delete/${created.data.id}`, payout)).code).toBe(ResultCode.FORBIDDEN);
  });
});

describe('failure, retry, deletion and expiry', () => {
  test('a task whose creator lost the right to export fails with that reason; retried once the right is back, it completes', async () => {
    const original = await createTask(market, payinBr());
    await waitFor(market, original.data.id, 'COMPLETE');
    // A copy that failed once, as a task queued before the right went away would have.
    const copyId = `dt_${'c'.repeat(22)}`;
    await t.db.execute(sql`
      insert into download_tasks (public_id, merchant_id, sub_merchant_id, created_by, idempotency_key, report_type, format,
        file_name, params, state, expected, attempts, failure_reason, created_at)
      select ${copyId}, merchant_id, sub_merchant_id, created_by, gen_random_uuid(), report_type, format,
        file_name, params, 'FAIL', expected, 1, 'The file could not be written', created_at
      from download_tasks where public_id = ${original.data.id}`);
    const revoke = sql`delete from role_permissions where code = 'transactions:export' and role_id in (select id from roles where name = 'Marketplace staff')`;
    await t.db.execute(revoke);
    const retried = await call<DownloadRecord>(downloadTaskRetry.path.replace(':id', copyId), market);
    expect(retried.code).toBe(ResultCode.OK);
    expect(retried.data).toMatchObject({ state: 'PENDING', failureReason: null });
    const failed = await waitFor(market, copyId, 'FAIL');
    expect(failed).toMatchObject({
      attempts: 2,
      retryable: true,
      failureReason: 'The user who asked for this file can no longer export transactions',
    });
    await t.db.execute(
      sql`insert into role_permissions (role_id, code) select id, 'transactions:export' from roles where name = 'Marketplace staff'`,
    );
    expect((await call(downloadTaskRetry.path.replace(':id', copyId), market)).code).toBe(ResultCode.OK);
    const again = await waitFor(market, copyId, 'COMPLETE');
    expect(again).toMatchObject({ attempts: 3, failureReason: null, rowsWritten: 1 });
    // A complete task is not retried.
    const refused = await call(downloadTaskRetry.path.replace(':id', copyId), market);
    expect(refused.code).toBe(ResultCode.CONFLICT);
    expect(refused.msg).toContain('download its file');
  });

  test('deleting a task removes its record and its file; its old link no longer works', async () => {
    const created = await createTask(admin, payinBr());
    await waitFor(admin, created.data.id, 'COMPLETE');
    const link = await call<DownloadLink>(downloadRecordDownload.path, admin, { id: created.data.id });
    const removed = await call(downloadTaskDelete.path.replace(':id', created.data.id), admin);
    expect(removed.code).toBe(ResultCode.OK);
    expect(await recordOf(admin, created.data.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: link.data.url })).statusCode).toBe(410);
    expect(await t.app.andes.blobs.head(`reports/${(await merchantIdOf('ANDES-DEMO')).toString()}/${created.data.id}.csv`)).toBeNull();
  });

  test('after the retention the sweep deletes the file; the record says it expired and offers no download', async () => {
    const created = await createTask(admin, payinBr());
    const record = await waitFor(admin, created.data.id, 'COMPLETE');
    const key = `reports/${await merchantIdOf('ANDES-DEMO')}/${record.id}.csv`;
    expect(await t.app.andes.blobs.head(key)).toBe(record.size);
    // Its seven days are over.
    await t.db
      .update(downloadTasks)
      .set({ expiresAt: new Date(NOW.getTime() - 1_000) })
      .where(eq(downloadTasks.publicId, record.id));
    const refused = await call<DownloadRecord>(downloadRecordDownload.path, admin, { id: record.id });
    expect(refused.code).toBe(ResultCode.CONFLICT);
    expect(refused.msg).toContain(`${DOWNLOAD_RETENTION_DAYS} days`);
    const { jobs, db, blobs } = t.app.andes;
    await jobs.send(downloadExpiryJob({ db, clock, log: t.app.log, blobs }), {});
    await vi.waitFor(async () => expect(await blobs.head(key)).toBeNull(), { timeout: 10_000, interval: 200 });
    expect(await recordOf(admin, record.id)).toMatchObject({ state: 'COMPLETE', expired: true });
  });
});

async function merchantIdOf(code: string): Promise<number> {
  const [row] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
  if (!row) throw new Error(`no merchant ${code}`);
  return row.id;
}
