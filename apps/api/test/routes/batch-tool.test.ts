import { login } from '@andes/contract/auth/endpoints';
import { BATCH_MESSAGES, BATCH_RESULT_HEADERS, batchSummaryOf } from '@andes/contract/common/batch';
import { ATTACHMENT_MAX_BYTES, BATCH_MAX_UNPACKED_BYTES } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { UPLOAD_MESSAGES, XLSX_CONTENT_TYPE } from '@andes/contract/common/uploads';
import { testBatchTemplate as template, testBatchUpload as upload } from '@andes/contract/testing/batch-endpoints';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFiles } from '../../src/db/schema/files.ts';
import { registerBatchTool } from '../../src/modules/batch/batch-tool.ts';
import { HEADER, sheetRows, TEST_BATCH, workbookBytes } from '../batch/test-batch.ts';
import { buildZip, deflatedZeros } from '../batch/zip-builder.ts';
import { createTestApp, envelope, post, signIn, type TestApp } from '../helper.ts';
import { type FormPart, postForm } from '../multipart.ts';

/**
 * The batch generation tool over HTTP (spec §2, §5, §7): download the template, upload one .xlsx
 * in the form field `file`, get the result xlsx back with the counts in its headers. Registered
 * only in this test; the payout and payment-link batches will register theirs the same way.
 */

let t: TestApp;
let admin: string;
let finance: string;
let processed: string[][] = [];

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      registerBatchTool(app, {
        template,
        upload,
        spec: TEST_BATCH,
        process: async (rows) => {
          processed.push(rows.map((r) => r.result.value.reference));
          return new Map(
            rows.map((r) => [
              r.rowNumber,
              r.result.value.reference === 'DUP'
                ? { ok: false, error: 'The reference DUP was used before' }
                : { ok: true, values: { payoutId: `PO-${r.rowNumber}` } },
            ]),
          );
        },
      }),
  });
  admin = await signIn(t.app, login.path, 'admin');
  finance = await signIn(t.app, login.path, 'finance');
});
afterAll(async () => t?.close());

const send = (filename: string, content: Buffer, token: string | null = admin, field = 'file') =>
  postForm(t.app, upload.path, [{ name: field, filename, content } satisfies FormPart], token);
const fileCount = async () => Number((await t.db.select({ n: count() }).from(storedFiles))[0]?.n ?? 0);

function expectRefused(res: Awaited<ReturnType<typeof send>>, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-disposition']).toBeUndefined();
  expect(envelope(res)).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: `file: ${message}` });
}

describe('the batch tool', () => {
  test('template → fill in → upload → the result xlsx with a row per upload row and the counts', async () => {
    const res = await post(t.app, template.path, {}, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toContain('payout-batch-template.xlsx');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Payouts') as ExcelJS.Worksheet;
    sheet.addRow(['INV-1', 'BR', '150.00', '01234567890', '']);
    sheet.addRow(['DUP', 'MX', '20', '12345678909', '']);
    sheet.addRow(['INV-3', 'AR', 'abc', '1', '']);
    processed = [];
    const result = await send('march.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(result.headers['content-disposition']).toContain('march-result.xlsx');
    expect(batchSummaryOf((name) => (result.headers[name] as string | undefined) ?? null)).toEqual({ total: 3, ok: 1, failed: 2 });
    // Only the rows that passed the row schema reach the module.
    expect(processed).toEqual([['INV-1', 'DUP']]);
    const rows = await sheetRows(result.rawPayload, 'Payouts');
    expect(rows.map((r) => [r[0], r[6], r[7], r[8]])).toEqual([
      ['Row', 'Result', 'Payout id', 'Error'],
      [2, 'OK', 'PO-2', ''],
      [3, 'Error', '', 'The reference DUP was used before'],
      [4, 'Error', '', expect.stringMatching(/^Country: Choose BR or MX; Amount: .*; CPF\/CNPJ: /)],
    ]);
    // The batch file is not kept in the file store.
    expect(await fileCount()).toBe(0);
  });

  test('needs the permission, like every call', async () => {
    expect(envelope(await post(t.app, template.path, {}, { token: finance })).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await send('a.xlsx', await workbookBytes({ Payouts: [HEADER] }), finance)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await send('a.xlsx', await workbookBytes({ Payouts: [HEADER] }), null)).code).toBe(ResultCode.UNAUTHORIZED);
  });
});

describe('bad input gets a clear error, and nothing is processed', () => {
  test('an .xlsx that is not a zip', async () => {
    processed = [];
    expectRefused(await send('payouts.xlsx', Buffer.from('Reference;Country\nR;BR\n')), BATCH_MESSAGES.notXlsx('payouts.xlsx'));
    expect(processed).toEqual([]);
  });

  test('a zip bomb', async () => {
    const packed = await deflatedZeros(BATCH_MAX_UNPACKED_BYTES * 2);
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', raw: { packed, declaredSize: BATCH_MAX_UNPACKED_BYTES * 2 } },
    ]);
    expectRefused(await send('bomb.xlsx', bomb), BATCH_MESSAGES.zipBomb('bomb.xlsx'));
  });

  test(`a file of ${ATTACHMENT_MAX_BYTES} + 1 bytes`, async () => {
    const res = await send('big.xlsx', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x50));
    expectRefused(res, UPLOAD_MESSAGES.tooLarge('big.xlsx', ATTACHMENT_MAX_BYTES));
  });

  test('a name with ../ is cleaned, and names the result', async () => {
    const res = await send('../../payouts.xlsx', await workbookBytes({ Payouts: [HEADER, ['R-1', 'BR', '1', '01234567890', '']] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.._.._payouts-result.xlsx');
    expect(res.headers[BATCH_RESULT_HEADERS.ok]).toBe('1');
  });

  test('another type than .xlsx, two files, a file in another field, no file', async () => {
    expectRefused(await send('payouts.csv', Buffer.from('a,b\n')), UPLOAD_MESSAGES.wrongExtension('payouts.csv', ['.xlsx']));
    const book = await workbookBytes({ Payouts: [HEADER, ['R-1', 'BR', '1', '01234567890', '']] });
    const two = await postForm(
      t.app,
      upload.path,
      [
        { name: 'file', filename: 'a.xlsx', content: book },
        { name: 'file', filename: 'b.xlsx', content: book },
      ],
      admin,
    );
    expectRefused(two, UPLOAD_MESSAGES.tooMany(1));
    const other = await send('a.xlsx', book, admin, 'files');
    expect(envelope(other)).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: `files: ${UPLOAD_MESSAGES.unexpectedFileField('files', 'file')}`,
    });
    expectRefused(await postForm(t.app, upload.path, [], admin), UPLOAD_MESSAGES.required);
  });

  test('too many rows, and a file without the template columns', async () => {
    const many = await workbookBytes({
      Payouts: [HEADER, ...Array.from({ length: 5001 }, (_, i) => [`R-${i}`, 'BR', '1', '01234567890', ''])],
    });
    expectRefused(await send('many.xlsx', many), BATCH_MESSAGES.tooManyRows());
    expectRefused(
      await send(
        'wrong.xlsx',
        await workbookBytes({
          Sheet1: [
            ['A', 'B'],
            [1, 2],
          ],
        }),
      ),
      BATCH_MESSAGES.missingColumns(['Reference', 'Country', 'Amount', 'CPF/CNPJ', 'Note']),
    );
  });
});
