import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { transactionAttachmentDownload, transactionQuery } from '@andes/contract/transaction/endpoints';
import type { TransactionDetail } from '@andes/contract/transaction/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFiles } from '../../src/db/schema/files.ts';
import { sweepOrphanBlobs } from '../../src/jobs/blob-sweep.job.ts';
import { moveInlineContents } from '../../src/jobs/file-content-move.job.ts';
import type { BlobStore } from '../../src/modules/files/blob-store.ts';
import {
  fileKey,
  getFile,
  newFileId,
  parseFileKey,
  putFiles,
  StoredFileContentError,
  sha256Hex,
} from '../../src/modules/files/files.service.ts';
import { S3BlobStore } from '../../src/modules/files/s3-blob-store.ts';
import { createTestApp, envelope, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';
import { type S3Emulator, startS3Emulator } from './s3-emulator.ts';

/**
 * Stored files on the blob store (docs/decisions/0019): bytes under `attachments/<merchant>/<file>`,
 * metadata in `stored_files`, files of before moved out of the table, orphans swept. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL; the blob store is the test app's local one, and S3
 * (an emulator this file starts) for the ingestion-to-download path.
 */

const HOUR = 3_600_000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let demo: number;
let condor: number;

async function keys(blobs: BlobStore, prefix = 'attachments/'): Promise<string[]> {
  const out: string[] = [];
  for await (const b of blobs.list(prefix)) out.push(b.key);
  return out.sort();
}

/** A file row as written before the blob store (and by the demo history seed): bytes in the table. */
async function insertInline(merchant: number, content: Buffer, sha256 = sha256Hex(content)): Promise<string> {
  const publicId = newFileId();
  await t.db.execute(sql`insert into stored_files (public_id, merchant_id, name, content_type, size, sha256, content)
    values (${publicId}, ${merchant}, 'old.csv', 'text/csv; charset=utf-8', ${content.byteLength}, ${sha256}, decode(${content.toString('base64')}, 'base64'))`);
  return publicId;
}

async function contentIsNull(publicId: string): Promise<boolean> {
  const [row] = await t.db
    .select({ isNull: sql<boolean>`${storedFiles.content} is null` })
    .from(storedFiles)
    .where(eq(storedFiles.publicId, publicId));
  return row?.isNull === true;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await merchantId(t.db, 'ANDES-DEMO');
  condor = await merchantId(t.db, 'CONDOR');
});
afterAll(async () => t?.close());

describe('stored files on the blob store', () => {
  test('keys are made from the merchant and the file id only, never from the name', async () => {
    const [info] = await putFiles(t.db, t.blobs, demo, [{ name: '../../etc/passwd', content: Buffer.from('root:x:0:0') }]);
    if (!info) throw new Error('nothing stored');
    expect(info.name).toBe('.._.._etc_passwd');
    expect(await keys(t.blobs)).toContain(`attachments/${demo}/${info.fileId}`);
    expect(parseFileKey(fileKey(demo, info.fileId))).toEqual({ merchantId: demo, fileId: info.fileId });
    for (const other of [
      'attachments/0/f_AAAAAAAAAAAAAAAAAAAAAA',
      'attachments/1/x',
      'reports/1/f_AAAAAAAAAAAAAAAAAAAAAA',
      'attachments/1/f_A',
    ]) {
      expect(parseFileKey(other)).toBeNull();
    }
  });

  test('putFiles: the bytes go to the blob store, the row keeps the metadata without them; getFile finds it only within its merchant', async () => {
    const stored = await putFiles(t.db, t.blobs, demo, [
      { name: 'comprovante.png', content: PNG },
      { name: 'notes.txt', content: Buffer.from('paid in full') },
    ]);
    expect(stored.map((s) => ({ name: s.name, size: s.size, contentType: s.contentType, sha256: s.sha256 }))).toEqual([
      { name: 'comprovante.png', size: PNG.byteLength, contentType: 'image/png', sha256: sha256Hex(PNG) },
      { name: 'notes.txt', size: 12, contentType: 'text/plain; charset=utf-8', sha256: sha256Hex(Buffer.from('paid in full')) },
    ]);
    const png = stored[0]?.fileId as string;
    expect(await t.blobs.getBytes(`attachments/${demo}/${png}`)).toEqual(PNG);
    expect(await contentIsNull(png)).toBe(true);
    const file = await getFile(t.db, t.blobs, demo, png);
    expect(file).toMatchObject({ fileId: png, name: 'comprovante.png', contentType: 'image/png', size: PNG.byteLength });
    expect(file?.content).toEqual(PNG);
    expect(await getFile(t.db, t.blobs, condor, png)).toBeNull();
    expect(await getFile(t.db, t.blobs, demo, 'f_AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });

  test('a file whose blob is missing or altered is never served', async () => {
    const [info] = await putFiles(t.db, t.blobs, demo, [{ name: 'a.txt', content: Buffer.from('original') }]);
    const id = info?.fileId as string;
    await t.blobs.put(fileKey(demo, id), Buffer.from('tampered'));
    await expect(getFile(t.db, t.blobs, demo, id)).rejects.toThrow(StoredFileContentError);
    await t.blobs.delete(fileKey(demo, id));
    await expect(getFile(t.db, t.blobs, demo, id)).rejects.toThrow(/missing from the blob store/);
    // Another merchant still learns nothing: the row is looked up within the merchant first.
    expect(await getFile(t.db, t.blobs, condor, id)).toBeNull();
  });

  test('files written before the blob store are served from the table, then moved out once; a damaged one stays', async () => {
    const bytes = Buffer.from('date,amount\n2026-01-02,100\n');
    const old = await insertInline(demo, bytes);
    const damaged = await insertInline(condor, Buffer.from('bit rot'), sha256Hex(Buffer.from('something else')));
    expect(await t.blobs.head(fileKey(demo, old))).toBeNull();
    expect((await getFile(t.db, t.blobs, demo, old))?.content).toEqual(bytes);

    const first = await moveInlineContents(t.db, t.blobs);
    expect(first).toEqual({ moved: 1, damaged: 1 });
    expect(await contentIsNull(old)).toBe(true);
    expect(await t.blobs.getBytes(fileKey(demo, old))).toEqual(bytes);
    expect((await getFile(t.db, t.blobs, demo, old))?.content).toEqual(bytes);
    expect(await getFile(t.db, t.blobs, condor, old)).toBeNull();
    // The damaged row keeps its bytes, is never served and is not copied.
    expect(await contentIsNull(damaged)).toBe(false);
    expect(await t.blobs.head(fileKey(condor, damaged))).toBeNull();
    await expect(getFile(t.db, t.blobs, condor, damaged)).rejects.toThrow(StoredFileContentError);

    // Idempotent: nothing more to move (the damaged row is counted again, never moved).
    expect(await moveInlineContents(t.db, t.blobs)).toEqual({ moved: 0, damaged: 1 });
    await t.db.delete(storedFiles).where(eq(storedFiles.publicId, damaged));
    expect(await moveInlineContents(t.db, t.blobs)).toEqual({ moved: 0, damaged: 0 });
  });

  test('a rolled-back transaction leaves its blob without a row: swept once older than an hour, nothing else is', async () => {
    let orphan = '';
    await expect(
      t.db.transaction(async (tx) => {
        const [info] = await putFiles(tx, t.blobs, condor, [{ name: 'refused.png', content: PNG }]);
        orphan = fileKey(condor, info?.fileId as string);
        throw new Error('the event was refused');
      }),
    ).rejects.toThrow('refused');
    const [kept] = await putFiles(t.db, t.blobs, condor, [{ name: 'kept.png', content: PNG }]);
    const keptKey = fileKey(condor, kept?.fileId as string);
    await t.blobs.put('attachments/not-a-file-key', Buffer.from('someone else’s'));
    await t.blobs.put('reports/1/t_1.csv', Buffer.from('a report'));
    expect(await t.blobs.head(orphan)).toBe(PNG.byteLength);
    const before = await keys(t.blobs, '');

    // Young: not looked at.
    expect(await sweepOrphanBlobs(t.db, t.blobs, new Date())).toMatchObject({ checked: 0, deleted: 0 });
    expect(await keys(t.blobs, '')).toEqual(before);

    const later = new Date(Date.now() + 2 * HOUR);
    const swept = await sweepOrphanBlobs(t.db, t.blobs, later);
    expect(swept.deleted).toBe(1);
    expect(await t.blobs.head(orphan)).toBeNull();
    expect(await keys(t.blobs, '')).toEqual(before.filter((k) => k !== orphan));
    expect(await t.blobs.head(keptKey)).toBe(PNG.byteLength);
    expect((await getFile(t.db, t.blobs, condor, kept?.fileId as string))?.content).toEqual(PNG);
    expect(await sweepOrphanBlobs(t.db, t.blobs, later)).toMatchObject({ deleted: 0 });
  });
});

describe('attachments through S3', () => {
  let emulator: S3Emulator;
  let s3: TestApp;
  beforeAll(async () => {
    emulator = await startS3Emulator();
    s3 = await createTestApp({ blobs: new S3BlobStore(emulator.settings) });
    await withPlatformToken(s3.db);
  });
  afterAll(async () => {
    await s3?.close();
    await emulator?.close();
  });

  test('an ingested attachment is stored in the bucket and downloaded by its merchant only', async () => {
    const f = new EventFactory('s3files', new Date());
    const uniqueId = f.uniqueId('receipt');
    const ack = await sendEvent(
      s3.app,
      f.created({ uniqueId, attachments: [{ name: 'comprovante.png', contentBase64: PNG.toString('base64') }] }),
    );
    expect(ack.code).toBe(ResultCode.OK);
    const row = await transactionRow(s3.db, uniqueId);
    const admin = await signIn(s3.app, login.path, 'admin');
    const detail = envelope<TransactionDetail>(await post(s3.app, transactionQuery.path, { id: row?.id }, { token: admin })).data;
    const fileId = detail.attachments[0]?.fileId as string;
    const merchant = await merchantId(s3.db, 'ANDES-DEMO');
    expect(await keys(s3.blobs)).toEqual([`attachments/${merchant}/${fileId}`]);
    expect(s3.blobs.description).toMatch(/^S3 bucket andes-test at 127\.0\.0\.1:\d+$/);

    const res = await post(s3.app, transactionAttachmentDownload.path, { id: row?.id, fileId }, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);

    const condorToken = await signIn(s3.app, login.path, 'condor');
    const foreign = await post(s3.app, transactionAttachmentDownload.path, { id: row?.id, fileId }, { token: condorToken });
    expect(envelope(foreign).code).toBe(ResultCode.NOT_FOUND);
    expect(foreign.headers['content-type']).not.toBe('image/png');
  });
});

describe('the jobs', () => {
  test('a worker moves the files of before out of the table as soon as it starts', async () => {
    const bytes = Buffer.from('written before the blob store');
    const publicId = newFileId();
    let merchant = 0;
    const w = await createTestApp({
      workJobs: true,
      // Before the queue starts: like a database upgraded with files in the table.
      beforeReady: async (app) => {
        merchant = await merchantId(app.andes.db, 'ANDES-DEMO');
        await app.andes.db.execute(sql`insert into stored_files (public_id, merchant_id, name, content_type, size, sha256, content)
          values (${publicId}, ${merchant}, 'old.txt', 'text/plain; charset=utf-8', ${bytes.byteLength}, ${sha256Hex(bytes)}, decode(${bytes.toString('base64')}, 'base64'))`);
      },
    });
    try {
      const deadline = Date.now() + 20_000;
      let moved = false;
      while (!moved && Date.now() < deadline) {
        const [row] = await w.db
          .select({ moved: sql<boolean>`${storedFiles.content} is null` })
          .from(storedFiles)
          .where(eq(storedFiles.publicId, publicId));
        moved = row?.moved === true;
        if (!moved) await new Promise((r) => setTimeout(r, 200));
      }
      expect(moved).toBe(true);
      expect(await w.blobs.getBytes(fileKey(merchant, publicId))).toEqual(bytes);
      expect((await getFile(w.db, w.blobs, merchant, publicId))?.content).toEqual(bytes);
    } finally {
      await w.close();
    }
  });
});
