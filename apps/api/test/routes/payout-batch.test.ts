import { randomUUID } from 'node:crypto';
import { BATCH_MESSAGES, BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import { ATTACHMENT_MAX_BYTES, PAYOUT_BATCH_MAX_ROWS } from '@andes/contract/common/constants';
import { COUNTRIES } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { UPLOAD_MESSAGES, XLSX_CONTENT_TYPE } from '@andes/contract/common/uploads';
import {
  payoutApprove,
  payoutBatchCheck,
  payoutBatchUpload,
  payoutPage,
  payoutRefuse,
  payoutTemplateDownload,
} from '@andes/contract/payout/endpoints';
import { PAYOUT_FIELD_MESSAGES } from '@andes/contract/payout/rails';
import { PAYOUT_MESSAGES, type PayoutBatchCheck, type PayoutPage } from '@andes/contract/payout/schemas';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { payoutBatches, payouts } from '../../src/db/schema/payouts.ts';
import { exampleCells, payoutBatchSpec } from '../../src/modules/payout/payout.batch.ts';
import { sheetRows } from '../batch/test-batch.ts';
import {
  demoActor,
  expectLedgerConsistent,
  fundedPayoutApp,
  json,
  type PayoutActor,
  payoutUser,
  sendCode,
  setPricing,
} from '../fixtures/payouts.ts';
import { envelope, post, type TestApp } from '../helper.ts';
import { EventFactory, localBalances } from '../ledger/support.ts';
import { type FormPart, postForm } from '../multipart.ts';

/**
 * Batch payouts from a file (issue #11 item 3): the template of a country, the JSON check that
 * shows each row's errors and duplicates, the dry run and the creation answering the result file,
 * and the bad files (wrong template, not an .xlsx, 10 MB + 1 byte, formulas, three decimals, a
 * wrong CLABE, too many rows). Files are real workbooks written with exceljs.
 */

const START = new Date('2026-05-18T13:00:00.000Z');
let t: TestApp;
let admin: PayoutActor;
const f = new EventFactory('payout-batch', START);

beforeAll(async () => {
  t = await fundedPayoutApp(f, START, { BR: 50_000_000, MX: 50_000_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

type Cell = string | number | ExcelJS.CellValue;

/** A file of the country's template with these rows (cells by column key). */
async function fileOf(country: 'BR' | 'MX', rows: readonly Record<string, Cell>[]): Promise<Buffer> {
  const res = await post(t.app, payoutTemplateDownload.path, { country }, { token: admin.token });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Payouts') as ExcelJS.Worksheet;
  const keys = payoutBatchSpec(country).columns.map((c) => c.key);
  for (const r of rows) sheet.addRow(keys.map((k) => r[k] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const pix = (amount: string, key: string, extra: Record<string, Cell> = {}): Record<string, Cell> => ({
  productType: 'PIX',
  amount,
  name: 'Maria Silva',
  document: '12345678909',
  pixKeyType: 'EMAIL',
  pixKey: key,
  ...extra,
});

const form = (content: Buffer, fields: Record<string, string>, filename = 'payouts.xlsx'): FormPart[] => [
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  { name: 'file', filename, content },
];
const check = async (content: Buffer, fields: Record<string, string> = { country: 'BR' }, filename?: string) =>
  envelope<PayoutBatchCheck>(await postForm(t.app, payoutBatchCheck.path, form(content, fields, filename), admin.token));
const upload = (content: Buffer, fields: Record<string, string>, filename?: string) =>
  postForm(t.app, payoutBatchUpload.path, form(content, fields, filename), admin.token);
const payoutCount = async () => Number((await t.db.select({ n: count() }).from(payouts))[0]?.n ?? 0);

describe('the template', () => {
  test('one sheet of the country’s columns: a drop-down of its rails, text identifiers, notes, and a valid example', async () => {
    const res = await post(t.app, payoutTemplateDownload.path, { country: 'BR' }, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toContain('payout-batch-template-BR.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('Payouts') as ExcelJS.Worksheet;
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Product type *',
      'Amount *',
      'Merchant reference',
      'Beneficiary name *',
      'Document number *',
      'PIX key type',
      'PIX key',
      'Bank code',
      'Branch',
      'Account type',
      'Account number',
      'E-mail',
      'Phone',
    ]);
    expect(data.getCell('A2').dataValidation).toMatchObject({ type: 'list', formulae: ['"PIX,TED"'] });
    expect(data.getColumn(5).numFmt).toBe('@');
    expect(String(data.getCell('E1').note)).toContain('CPF');
    const example = await sheetRows(Buffer.from(res.rawPayload), 'Example');
    expect(example[1]).toEqual(
      ['PIX', '150.00', 'PAY-BR-0001', 'Maria Silva', '12345678909', 'EMAIL', 'maria.silva@example.com'].concat([
        '',
        '',
        '',
        '',
        'maria.silva@example.com',
        '11987654321',
      ]),
    );
    const mx = await post(t.app, payoutTemplateDownload.path, { country: 'MX' }, { token: admin.token });
    const mxBook = new ExcelJS.Workbook();
    await mxBook.xlsx.load(mx.rawPayload as unknown as ArrayBuffer);
    expect(((mxBook.getWorksheet('Payouts') as ExcelJS.Worksheet).getRow(1).values as unknown[]).slice(1)).toEqual([
      'Product type *',
      'Amount *',
      'Merchant reference',
      'Beneficiary name *',
      'Document number',
      'Account number *',
      'E-mail',
      'Phone',
    ]);
  });

  test.each(COUNTRIES)('the example row of %s passes the row checks', (country) => {
    const parsed = payoutBatchSpec(country).row.safeParse(exampleCells(country));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  test('a country outside the caller’s is refused', async () => {
    const operator = await demoActor(t, 'payout', 'paula.payout@andes-demo.test');
    const res = await post(t.app, payoutTemplateDownload.path, { country: 'CO' }, { token: operator.token });
    expect(envelope(res)).toMatchObject({ code: ResultCode.FORBIDDEN });
  });
});

describe('checking a file (JSON, nothing written)', () => {
  test('each row’s errors in the words of the form, duplicates flagged, and the quote of the valid rows', async () => {
    await setPricing(t, 'BR', 'TED', { feeBps: 0, feeFixed: 500, vatBps: 0, open: 0 });
    const content = await fileOf('BR', [
      pix('150.00', 'a@example.com', { merchantReference: 'REF-1' }),
      pix('10.005', 'b@example.com'),
      pix('150.00', 'a@example.com'),
      pix('150', 'c@example.com', { merchantReference: 'REF-1' }),
      pix({ formula: '100+50', result: 150 } as unknown as string, 'd@example.com'),
      pix('5.00', 'e@example.com'),
      {
        productType: 'TED',
        amount: '200.00',
        name: 'Jo',
        document: '12345678909',
        bankCode: '001',
        branch: '1234',
        accountType: 'CHECKING',
        accountNo: '12345-6',
      },
      { productType: 'BOLETO', amount: '20.00', name: 'Maria Silva' },
      pix('20.00', 'f@example.com', { document: '111.111.111-11' }),
    ]);
    const before = await payoutCount();
    const res = await check(content);
    expect(res.code).toBe(ResultCode.OK);
    expect(res.data).toMatchObject({ fileName: 'payouts.xlsx', total: 9, ok: 2, failed: 7, maxRows: PAYOUT_BATCH_MAX_ROWS });
    expect(res.data.quote).toMatchObject({ currency: 'BRL', count: 2, amount: 30_000, fee: 300, vat: 0, total: 30_300, sufficient: true });
    const byRow = new Map(res.data.rows.map((r) => [r.rowNumber, r]));
    expect(byRow.get(2)).toBeUndefined();
    expect(byRow.get(3)).toMatchObject({ amount: null, errors: ['Amount: Please enter a valid amount'] });
    expect(byRow.get(4)).toMatchObject({ errors: [], duplicate: { uniqueId: null, rowNumber: 2, createdAt: null, status: null } });
    expect(byRow.get(5)).toMatchObject({ errors: [PAYOUT_MESSAGES.referenceRepeated('REF-1', 2)] });
    expect(byRow.get(6)).toMatchObject({ errors: ['Amount: Cells must hold values, not formulas'] });
    expect(byRow.get(7)).toMatchObject({ errors: ['Amount: Amount must be between 10.00 and 50,000.00 BRL'] });
    expect(byRow.get(8)).toMatchObject({ errors: [PAYOUT_MESSAGES.railClosed('TED')] });
    expect(byRow.get(9)).toMatchObject({ errors: [`Product type: ${PAYOUT_MESSAGES.noRail('BOLETO', 'BR')}`] });
    expect(byRow.get(10)).toMatchObject({ errors: [`Document number: ${PAYOUT_FIELD_MESSAGES.cpfCnpj}`] });
    expect(await payoutCount()).toBe(before);
    await setPricing(t, 'BR', 'TED', { feeBps: 0, feeFixed: 500, vatBps: 0 });
  });

  test('a CLABE with a wrong check digit names its column', async () => {
    const content = await fileOf('MX', [
      { productType: 'SPEI', amount: '1500.00', name: 'Juan Pérez', accountNo: '032180000118359718' },
      { productType: 'SPEI', amount: '1500.00', name: 'Juan Pérez', accountNo: '032180000118359719' },
    ]);
    const res = await check(content, { country: 'MX' });
    expect(res.data).toMatchObject({ total: 2, ok: 1, failed: 1 });
    expect(res.data.rows).toEqual([
      {
        rowNumber: 2,
        productType: 'SPEI',
        name: 'Juan Pérez',
        amount: 150_000,
        errors: [`Account number: ${PAYOUT_FIELD_MESSAGES.clabe}`],
        duplicate: null,
      },
    ]);
  });
});

describe('bad files are refused as a whole, and create nothing', () => {
  test('the wrong template (missing columns), a file that is not an .xlsx, 10 MB + 1 byte, too many rows', async () => {
    const before = await payoutCount();
    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet('Payouts').addRow(['Product type', 'Amount', 'Beneficiary name']);
    wrong.getWorksheet('Payouts')?.addRow(['PIX', '10', 'Maria']);
    const missing = await check(Buffer.from(await wrong.xlsx.writeBuffer()));
    expect(missing).toMatchObject({ code: ResultCode.VALIDATION_FAILED });
    expect(missing.msg).toBe(
      `file: ${BATCH_MESSAGES.missingColumns(['Merchant reference', 'Document number', 'PIX key type', 'PIX key', 'Bank code', 'Branch', 'Account type', 'Account number', 'E-mail', 'Phone'])}`,
    );
    const notXlsx = await check(Buffer.from('Product type;Amount\nPIX;10\n'));
    expect(notXlsx.msg).toBe(`file: ${BATCH_MESSAGES.notXlsx('payouts.xlsx')}`);
    const csv = envelope(await upload(Buffer.from('a,b\n'), { country: 'BR', dryRun: 'true' }, 'payouts.csv'));
    expect(csv.msg).toBe(`file: ${UPLOAD_MESSAGES.wrongExtension('payouts.csv', ['.xlsx'])}`);
    const big = envelope(await upload(Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x50), { country: 'BR', dryRun: 'true' }, 'big.xlsx'));
    expect(big.msg).toBe(`file: ${UPLOAD_MESSAGES.tooLarge('big.xlsx', ATTACHMENT_MAX_BYTES)}`);
    const rows = Array.from({ length: PAYOUT_BATCH_MAX_ROWS + 1 }, (_, i) => pix('10.00', `many${i}@example.com`));
    const many = await check(await fileOf('BR', rows));
    expect(many.msg).toBe(`file: ${BATCH_MESSAGES.tooManyRows(PAYOUT_BATCH_MAX_ROWS)}`);
    expect(await payoutCount()).toBe(before);
  });
});

describe('the upload', () => {
  const good = () => [
    pix('100.00', 'g1@example.com', { merchantReference: 'FILE-1' }),
    pix('10.001', 'g2@example.com'),
    pix('200.00', 'g3@example.com', { merchantReference: 'FILE-3' }),
  ];

  test('a dry run answers the result file and creates nothing', async () => {
    const before = await payoutCount();
    const res = await upload(await fileOf('BR', good()), { country: 'BR', dryRun: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect([
      res.headers[BATCH_RESULT_HEADERS.total],
      res.headers[BATCH_RESULT_HEADERS.ok],
      res.headers[BATCH_RESULT_HEADERS.failed],
    ]).toEqual(['3', '2', '1']);
    const rows = await sheetRows(Buffer.from(res.rawPayload), 'Payouts');
    expect(rows[0]?.slice(-4)).toEqual(['Result', 'Payout unique id', 'Status', 'Error']);
    expect(rows.slice(1).map((r) => [r[0], r.at(-4), r.at(-2), r.at(-1) ?? ''])).toEqual([
      [2, 'OK', 'Valid: not created (dry run)', ''],
      [3, 'Error', '', 'Amount: Please enter a valid amount'],
      [4, 'OK', 'Valid: not created (dry run)', ''],
    ]);
    expect(await payoutCount()).toBe(before);
  });

  test('creating needs a code bound to the valid rows’ count and total', async () => {
    const content = await fileOf('BR', good());
    const none = envelope(await upload(content, { country: 'BR' }));
    expect(none).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: PAYOUT_MESSAGES.codeRequired });
    const wrongCount = await sendCode(t, admin, 'BR', 3, 30_000);
    const other = envelope(await upload(content, { country: 'BR', verifyCode: wrongCount, requestId: randomUUID() }));
    expect(other).toMatchObject({ msg: PAYOUT_MESSAGES.codeOtherPayouts });
  });

  test('the valid rows become one batch, reserved at once; the result names each payout; the same request id never creates twice', async () => {
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    const content = await fileOf('BR', good());
    const verifyCode = await sendCode(t, admin, 'BR', 2, 30_000);
    const requestId = randomUUID();
    const res = await upload(content, { country: 'BR', verifyCode, requestId });
    expect(res.statusCode).toBe(200);
    expect(res.headers[BATCH_RESULT_HEADERS.ok]).toBe('2');
    const rows = (await sheetRows(Buffer.from(res.rawPayload), 'Payouts')).slice(1);
    const ids = rows.filter((r) => r.at(-4) === 'OK').map((r) => String(r.at(-3)));
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^PO[0-9A-Z]+$/);
    expect(rows.map((r) => r.at(-2) ?? '')).toEqual(['Created: waiting for approval', '', 'Created: waiting for approval']);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - 30_300,
      RESERVED: before.RESERVED + 30_300,
    });
    const [batch] = await t.db.select().from(payoutBatches).where(eq(payoutBatches.requestId, requestId));
    expect(batch).toMatchObject({
      source: 'FILE',
      fileName: 'payouts.xlsx',
      rowCount: 2,
      amount: 30_000,
      fee: 300,
      vat: 0,
      createdByName: 'Ana Admin',
    });
    const list = await json<PayoutPage>(t, payoutPage.path, admin.token, { country: 'BR', batchId: batch?.id });
    expect(list.data.list.map((p) => [p.uniqueId, p.fileName]).sort()).toEqual(ids.map((id) => [id, 'payouts.xlsx']).sort());

    // The same request again (a retry): the first outcome, nothing created.
    const count = await payoutCount();
    const again = await upload(content, { country: 'BR', verifyCode, requestId });
    expect(again.statusCode).toBe(200);
    const againRows = (await sheetRows(Buffer.from(again.rawPayload), 'Payouts')).slice(1);
    expect(againRows.filter((r) => r.at(-4) === 'OK').map((r) => String(r.at(-3)))).toEqual(ids);
    expect(await payoutCount()).toBe(count);
    // Another file under that request id is refused.
    const otherFile = await fileOf('BR', [pix('300.00', 'x@example.com')]);
    expect(envelope(await upload(otherFile, { country: 'BR', verifyCode, requestId }))).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: PAYOUT_MESSAGES.requestReused,
    });
  });

  test('rows repeating a payout (or each other) need the confirmation; a file without a valid row is refused', async () => {
    const content = await fileOf('BR', [pix('100.00', 'g1@example.com'), pix('55.00', 'n1@example.com'), pix('55.00', 'n1@example.com')]);
    const checked = await check(content);
    expect(checked.data.rows.map((r) => [r.rowNumber, r.duplicate?.status ?? null, r.duplicate?.rowNumber ?? null])).toEqual([
      [2, 'PENDING', null],
      [4, null, 3],
    ]);
    const verifyCode = await sendCode(t, admin, 'BR', 3, 21_000);
    const refused = envelope<{ rows: number[] }>(await upload(content, { country: 'BR', verifyCode, requestId: randomUUID() }));
    expect(refused).toMatchObject({ code: ResultCode.CONFLICT, msg: PAYOUT_MESSAGES.duplicatesNotConfirmed, data: { rows: [2, 4] } });
    const confirmed = await upload(content, { country: 'BR', verifyCode, requestId: randomUUID(), confirmDuplicates: 'true' });
    expect(confirmed.headers[BATCH_RESULT_HEADERS.ok]).toBe('3');
    const flagged = await t.db.select({ n: count() }).from(payouts).where(eq(payouts.duplicateConfirmed, true));
    expect(flagged[0]?.n).toBe(2);

    const bad = await fileOf('BR', [pix('1.001', 'z@example.com')]);
    const code = await sendCode(t, admin, 'BR', 1, 100);
    expect(envelope(await upload(bad, { country: 'BR', verifyCode: code, requestId: randomUUID() }))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: PAYOUT_MESSAGES.noValidRows,
    });
  });

  test('a file of 40 rows: one batch of 40 entries written in bulk, approved in part and refused in part, the ledger exact', async () => {
    const checker = await payoutUser(t, 'batch.checker', ['payment:payout', 'payment:payout:approve']);
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT');
    const rows = Array.from({ length: 40 }, (_, i) => pix(`${20 + i}.00`, `bulk${i}@example.com`, { merchantReference: `BULK-${i}` }));
    const total = rows.reduce((s, _r, i) => s + (20 + i) * 100, 0);
    const verifyCode = await sendCode(t, admin, 'BR', 40, total);
    const res = await upload(await fileOf('BR', rows), { country: 'BR', verifyCode, requestId: randomUUID() });
    expect(res.headers[BATCH_RESULT_HEADERS.ok]).toBe('40');
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - total - 40 * 150,
      RESERVED: before.RESERVED + total + 40 * 150,
    });
    const list = await json<PayoutPage>(t, payoutPage.path, admin.token, { country: 'BR', keyword: 'BULK-', pageSize: 100 });
    const ids = list.data.list.map((p) => p.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(40);
    const approved = await json<{ decided: number }>(t, payoutApprove.path, checker.token, { country: 'BR', ids: ids.slice(0, 20) });
    expect(approved.data.decided).toBe(20);
    const refused = await json<{ decided: number; amount: number }>(t, payoutRefuse.path, checker.token, {
      country: 'BR',
      batchId: list.data.list[0]?.batchId,
    });
    expect(refused.data.decided).toBe(20);
    const refusedAmount = list.data.list.filter((p) => ids.slice(20).includes(p.id)).reduce((s, p) => s + p.amount, 0);
    expect(refused.data.amount).toBe(refusedAmount);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - (total - refusedAmount) - 20 * 150,
      RESERVED: before.RESERVED + (total - refusedAmount) + 20 * 150,
    });
  });
});
