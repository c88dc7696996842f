import { login } from '@andes/contract/auth/endpoints';
import { ATTACHMENT_MAX_BYTES, MULTIPART_FIELD_MAX_BYTES } from '@andes/contract/common/constants';
import { defineEndpoint, EmptyRequest, EmptyResponse } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { optionalText, UNSTORABLE_TEXT_MESSAGE } from '@andes/contract/common/fields';
import { FileIdSchema } from '@andes/contract/common/files';
import { attachmentFiles, UPLOAD_MESSAGES, type UploadedFile, UploadedFilesResponse } from '@andes/contract/common/uploads';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { storedFiles } from '../../src/db/schema/files.ts';
import { registerEndpoint } from '../../src/http/register-endpoint.ts';
import { FILE_KEY_PREFIX, fileKey, getFile } from '../../src/modules/files/files.service.ts';
import { claimUploads, storeUploads } from '../../src/modules/uploads/uploads.service.ts';
import { createTestApp, envelope, post, signIn, type TestApp } from '../helper.ts';
import { type FormPart, multipartBody, postForm } from '../multipart.ts';

/**
 * The multipart pipeline and the upload service, through endpoints registered only in this test
 * (no screen uploads attachments yet): an attachment upload as approvals, cases, chargebacks and
 * payment links will declare it, and a save call that claims uploaded files by id.
 */

const attachmentUpload = defineEndpoint({
  path: '/dashboard/test-uploads/file/upload',
  summary: 'test: upload attachments',
  permission: 'payment:payout:create',
  kind: 'multipart',
  files: attachmentFiles(),
  request: z.object({ remark: optionalText(32) }).strict(),
  response: UploadedFilesResponse.extend({ remark: z.string() }),
});

const claim = defineEndpoint({
  path: '/dashboard/test-uploads/save',
  summary: 'test: a save naming uploaded files',
  permission: 'payment:payout:create',
  request: z.object({ fileIds: z.array(FileIdSchema) }),
  response: UploadedFilesResponse,
});

const jsonCall = defineEndpoint({
  path: '/dashboard/test-uploads/json',
  summary: 'test: a JSON call',
  permission: 'payment:payout:create',
  request: EmptyRequest,
  response: EmptyResponse,
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

let t: TestApp;
let admin: string;
let payout: string;
let finance: string;
let condor: string;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      registerEndpoint(app, attachmentUpload, async ({ body, files, auth }) => ({
        files: await storeUploads(app.andes, auth, files),
        remark: body.remark,
      }));
      registerEndpoint(app, claim, async ({ body, auth }) => ({
        files: await claimUploads(app.andes.db, auth, body.fileIds, attachmentUpload.files?.maxFiles ?? 0),
      }));
      registerEndpoint(app, jsonCall, async () => null);
    },
  });
  admin = await signIn(t.app, login.path, 'admin');
  payout = await signIn(t.app, login.path, 'payout');
  finance = await signIn(t.app, login.path, 'finance');
  condor = await signIn(t.app, login.path, 'condor');
});
afterAll(async () => t?.close());

async function merchantOf(fileId: string): Promise<number> {
  const rows = await t.db.select({ merchantId: storedFiles.merchantId }).from(storedFiles).where(eq(storedFiles.publicId, fileId));
  if (!rows[0]) throw new Error(`no file ${fileId}`);
  return rows[0].merchantId;
}
const fileCount = async () => Number((await t.db.select({ n: count() }).from(storedFiles))[0]?.n ?? 0);
async function blobKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.blobs.list(FILE_KEY_PREFIX)) keys.push(o.key);
  return keys;
}
const file = (filename: string, content: Buffer, contentType?: string): FormPart => ({
  name: 'files',
  filename,
  content,
  ...(contentType ? { contentType } : {}),
});
const upload = (parts: readonly FormPart[], token: string | null = admin) => postForm(t.app, attachmentUpload.path, parts, token);

/** Nothing was stored by a refused upload: no row, no blob. */
let before: { rows: number; blobs: number };
beforeEach(async () => {
  before = { rows: await fileCount(), blobs: (await blobKeys()).length };
});
async function expectNothingStored() {
  expect({ rows: await fileCount(), blobs: (await blobKeys()).length }).toEqual(before);
}
function expectRefused(res: Awaited<ReturnType<typeof upload>>, message: string) {
  expect(res.statusCode).toBe(400);
  expect(envelope(res)).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: expect.stringContaining(message) });
}

describe('a valid upload', () => {
  test('stores each file in the file store with its type from the bytes, and answers them in order', async () => {
    const res = await upload([
      { name: 'remark', value: 'receipts' },
      file('comprovante.png', PNG, 'text/html'),
      file('nota fiscal ção 收据.pdf', PDF, 'image/png'),
    ]);
    expect(res.statusCode).toBe(200);
    const data = envelope<{ files: UploadedFile[]; remark: string }>(res).data;
    expect(data.remark).toBe('receipts');
    expect(data.files).toEqual([
      { fileId: expect.stringMatching(/^f_/), name: 'comprovante.png', size: PNG.length, contentType: 'image/png' },
      { fileId: expect.stringMatching(/^f_/), name: 'nota fiscal ção 收据.pdf', size: PDF.length, contentType: 'application/pdf' },
    ]);
    const merchantId = await merchantOf(data.files[0]?.fileId ?? '');
    const stored = await getFile(t.db, t.blobs, merchantId, data.files[0]?.fileId ?? '');
    expect(stored?.content.equals(PNG)).toBe(true);
    expect(await t.blobs.head(fileKey(merchantId, data.files[1]?.fileId ?? ''))).toBe(PDF.length);
  });

  test(`takes a file of exactly ${ATTACHMENT_MAX_BYTES} bytes`, async () => {
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES, 0x61);
    const res = await upload([file('notes.txt', big)]);
    expect(envelope<{ files: UploadedFile[] }>(res).data.files).toEqual([
      expect.objectContaining({ name: 'notes.txt', size: ATTACHMENT_MAX_BYTES, contentType: 'text/plain; charset=utf-8' }),
    ]);
  });

  test('a name with ../ chooses no path: it is cleaned, and the key is the server’s', async () => {
    const res = await upload([file('../../etc/passwd.png', PNG), file('..\\..\\boot.ini.pdf', PDF)]);
    const files = envelope<{ files: UploadedFile[] }>(res).data.files;
    expect(files.map((f) => f.name)).toEqual(['.._.._etc_passwd.png', '.._.._boot.ini.pdf']);
    const keys = await blobKeys();
    for (const f of files) expect(keys).toContain(fileKey(await merchantOf(f.fileId), f.fileId));
    expect(keys.every((k) => /^attachments\/\d+\/f_[A-Za-z0-9_-]{22}$/.test(k))).toBe(true);
  });
});

describe('bad input gets a clear error and nothing is stored', () => {
  test(`a file of ${ATTACHMENT_MAX_BYTES} + 1 bytes, naming the file and the limit`, async () => {
    const res = await upload([
      file('ok.png', PNG),
      file('scan.pdf', Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - PDF.length)])),
    ]);
    expectRefused(res, UPLOAD_MESSAGES.tooLarge('scan.pdf', ATTACHMENT_MAX_BYTES));
    expect(envelope(res).msg).toContain('10485760 bytes');
    expect(envelope<{ issues: unknown[] }>(res).data.issues).toEqual([
      { path: 'files', message: UPLOAD_MESSAGES.tooLarge('scan.pdf', ATTACHMENT_MAX_BYTES) },
    ]);
    await expectNothingStored();
  });

  test('more files than the uploader takes (3)', async () => {
    const res = await upload([file('a.png', PNG), file('b.png', PNG), file('c.png', PNG), file('d.png', PNG)]);
    expectRefused(res, UPLOAD_MESSAGES.tooMany(3));
    await expectNothingStored();
  });

  test('a wrong content type: HTML named .png, though the browser says image/png', async () => {
    const res = await upload([file('a.png', PNG), file('sneaky.png', HTML, 'image/png')]);
    expectRefused(res, UPLOAD_MESSAGES.wrongType('sneaky.png'));
    await expectNothingStored();
  });

  test('a wrong content type of the request: JSON to a multipart call, a form to a JSON call', async () => {
    const json = await post(t.app, attachmentUpload.path, { remark: 'x' }, { token: admin });
    expectRefused(json, UPLOAD_MESSAGES.notMultipart);
    const { payload, contentType } = multipartBody([{ name: 'x', value: 'y' }]);
    const form = await t.app.inject({
      method: 'POST',
      url: jsonCall.path,
      payload,
      headers: { 'content-type': contentType, token: admin },
      remoteAddress: '127.0.0.1',
    });
    expect(form.statusCode).toBe(415);
    expect(envelope(form).code).toBe(ResultCode.VALIDATION_FAILED);
    await expectNothingStored();
  });

  test('no file: the attachment is required', async () => {
    expectRefused(await upload([{ name: 'remark', value: 'x' }]), UPLOAD_MESSAGES.required);
    // A form's empty file input sends a nameless empty part: still no file.
    expectRefused(await upload([file('', Buffer.alloc(0))]), UPLOAD_MESSAGES.required);
    await expectNothingStored();
  });

  test('an empty file, a file in another field', async () => {
    expectRefused(await upload([file('empty.pdf', Buffer.alloc(0))]), UPLOAD_MESSAGES.empty('empty.pdf'));
    expectRefused(
      await upload([{ name: 'other', filename: 'a.png', content: PNG }]),
      UPLOAD_MESSAGES.unexpectedFileField('other', 'files'),
    );
    await expectNothingStored();
  });

  test('text fields go through the request schema: unstorable text, unknown fields, too long', async () => {
    expectRefused(await upload([{ name: 'remark', value: 'a\u0000b' }, file('a.png', PNG)]), `remark: ${UNSTORABLE_TEXT_MESSAGE}`);
    expectRefused(await upload([{ name: 'remark', value: 'x'.repeat(33) }, file('a.png', PNG)]), 'remark: At most 32 characters');
    expectRefused(await upload([{ name: 'admin', value: 'true' }, file('a.png', PNG)]), 'admin');
    expectRefused(
      await upload([{ name: 'remark', value: 'x'.repeat(MULTIPART_FIELD_MAX_BYTES + 1) }, file('a.png', PNG)]),
      UPLOAD_MESSAGES.fieldTooLong('remark', MULTIPART_FIELD_MAX_BYTES),
    );
    await expectNothingStored();
  });

  test('a body cut off in the middle', async () => {
    const { payload, contentType } = multipartBody([file('a.png', PNG)]);
    const res = await t.app.inject({
      method: 'POST',
      url: attachmentUpload.path,
      payload: payload.subarray(0, payload.length - 20),
      headers: { 'content-type': contentType, token: admin },
      remoteAddress: '127.0.0.1',
    });
    expectRefused(res, UPLOAD_MESSAGES.malformed);
    await expectNothingStored();
  });
});

describe('the same guard as every call', () => {
  test('without a session: 401, and the body is not read', async () => {
    const res = await upload([file('a.png', PNG)], null);
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(ResultCode.UNAUTHORIZED);
  });

  test('without the permission: 200003', async () => {
    const res = await upload([file('a.png', PNG)], finance);
    expect(envelope(res).code).toBe(ResultCode.FORBIDDEN);
    await expectNothingStored();
  });

  test('a holder of the permission who is not a super admin may upload', async () => {
    expect(envelope(await upload([file('a.png', PNG)], payout)).code).toBe(ResultCode.OK);
  });
});

describe('the API description', () => {
  test('documents a multipart call as taking multipart/form-data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const operation = (res.json() as { paths: Record<string, { post?: { requestBody?: { content?: Record<string, unknown> } } }> }).paths[
      attachmentUpload.path
    ]?.post;
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const form = operation?.requestBody?.content?.['multipart/form-data'] as
      | { schema?: { properties?: Record<string, unknown> } }
      | undefined;
    expect(form?.schema?.properties).toMatchObject({
      remark: { type: 'string', maxLength: 32 },
      files: { type: 'array', maxItems: 3, items: { type: 'string', format: 'binary' } },
    });
  });
});

describe('claiming uploads in a later call', () => {
  test('the uploader’s own files, in the order named; anyone else’s, twice or unknown are refused', async () => {
    const mine = envelope<{ files: UploadedFile[] }>(await upload([file('a.png', PNG), file('b.pdf', PDF)], payout)).data.files;
    const ids = mine.map((f) => f.fileId).reverse();
    const claimed = await post(t.app, claim.path, { fileIds: ids }, { token: payout });
    expect(envelope<{ files: UploadedFile[] }>(claimed).data.files).toEqual([...mine].reverse());

    // The same merchant's admin did not upload them, the other merchant cannot see them.
    for (const token of [admin, condor]) {
      expect(envelope(await post(t.app, claim.path, { fileIds: ids }, { token })).code).toBe(ResultCode.NOT_FOUND);
    }
    expect(envelope(await post(t.app, claim.path, { fileIds: [ids[0], ids[0]] }, { token: payout })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
    const unknown = await post(t.app, claim.path, { fileIds: ['f_AAAAAAAAAAAAAAAAAAAAAA'] }, { token: payout });
    expect(envelope(unknown)).toMatchObject({
      code: ResultCode.NOT_FOUND,
      msg: 'The uploaded file f_AAAAAAAAAAAAAAAAAAAAAA was not found',
    });
    const many = await post(t.app, claim.path, { fileIds: [...ids, ...ids] }, { token: payout });
    expect(envelope(many).msg).toContain(UPLOAD_MESSAGES.tooMany(3));
  });
});
