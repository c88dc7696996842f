import { BATCH_MESSAGES, BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import { BATCH_MAX_ROWS, BATCH_MAX_UNPACKED_BYTES } from '@andes/contract/common/constants';
import { AMOUNT_INVALID_MESSAGE, CPF_CNPJ_MESSAGE } from '@andes/contract/common/validators';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type AppError, isAppError } from '../../src/http/errors.ts';
import { readBatchFile } from '../../src/modules/batch/batch-reader.ts';
import { batchResultFile, resultFileName } from '../../src/modules/batch/batch-result.ts';
import type { BatchRow } from '../../src/modules/batch/batch-spec.ts';
import { batchTemplateBytes, EXAMPLE_SHEET } from '../../src/modules/batch/batch-template.ts';
import { checkZip, ZipRefusal } from '../../src/modules/batch/zip-guard.ts';
import { HEADER, sheetRows, TEST_BATCH, type TestBatchRow, workbookBytes } from './test-batch.ts';
import { buildZip, deflatedZeros } from './zip-builder.ts';

/** The refusal a promise rejects with: the envelope's validation error and its message. */
async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (!isAppError(err)) throw err;
    return { code: (err as AppError).code, message: err.message };
  }
  throw new Error('expected a refusal');
}

const read = (content: Buffer, name = 'payouts.xlsx') => readBatchFile(TEST_BATCH, { name, content });

const GOOD = ['INV-1', 'BR', '150.00', '01234567890', 'first'];

describe('the template', () => {
  it('has the header row on the data sheet, the example on its own sheet, a drop-down and text cells', async () => {
    const bytes = await batchTemplateBytes(TEST_BATCH);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Payouts', EXAMPLE_SHEET]);

    const data = workbook.getWorksheet('Payouts') as ExcelJS.Worksheet;
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(data.rowCount).toBe(1);
    expect(data.getCell('A1').note).toBe('Unique per file, at most 64 characters');
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(data.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"BR,MX"'] });
    expect(data.getCell(`B${BATCH_MAX_ROWS + 1}`).dataValidation).toMatchObject({ type: 'list' });
    expect(data.getColumn(4).numFmt).toBe('@');

    expect(await sheetRows(bytes, EXAMPLE_SHEET)).toEqual([HEADER, ['INV-2026-0001', 'BR', '150.00', '01234567890', 'March invoice']]);
  });

  it('filled in and uploaded, its rows are read (the example sheet is not)', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await batchTemplateBytes(TEST_BATCH)) as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('Payouts') as ExcelJS.Worksheet;
    data.addRow(GOOD);
    data.addRow(['INV-2', 'MX', 99.5, '12345678000195', '']);
    const rows = await read(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((r) => [r.rowNumber, r.result])).toEqual([
      [2, { ok: true, value: { reference: 'INV-1', country: 'BR', amount: 15000, document: '01234567890', note: 'first' } }],
      [3, { ok: true, value: { reference: 'INV-2', country: 'MX', amount: 9950, document: '12345678000195', note: '' } }],
    ]);
  });
});

describe('reading an upload', () => {
  it('reads numbers, formulas, rich text and links as the texts a person sees, and skips empty rows', async () => {
    const bytes = await workbookBytes({
      Payouts: [
        [],
        HEADER,
        [
          { richText: [{ text: 'INV-' }, { text: '7', font: { bold: true } }] },
          'BR',
          { formula: '100+50', result: 150 },
          12345678909,
          null,
        ],
        [],
        [{ text: 'INV-8', hyperlink: 'https://example.com' }, 'MX', 2.5, '12345678909', 'x'],
      ],
    });
    const rows = await read(bytes);
    expect(rows.map((r) => [r.rowNumber, r.cells])).toEqual([
      [3, { reference: 'INV-7', country: 'BR', amount: '150', document: '12345678909', note: '' }],
      [5, { reference: 'INV-8', country: 'MX', amount: '2.5', document: '12345678909', note: 'x' }],
    ]);
    expect(rows.every((r) => r.result.ok)).toBe(true);
  });

  it('matches the header whatever its case, spacing, order or required mark, and ignores other columns', async () => {
    const bytes = await workbookBytes({
      Sheet1: [
        ['  note ', 'Extra', 'AMOUNT', 'cpf/cnpj', 'Country*', 'reference'],
        ['n', 'ignored', '10', '01234567890', 'BR', 'R-1'],
      ],
    });
    const [row] = await read(bytes);
    expect(row?.result).toEqual({ ok: true, value: { reference: 'R-1', country: 'BR', amount: 1000, document: '01234567890', note: 'n' } });
  });

  it('reports each bad row with every reason, naming the columns by their headers', async () => {
    const bytes = await workbookBytes({
      Payouts: [HEADER, GOOD, ['', 'AR', 'ten', '123', 'x'.repeat(129)], ['INV-3', 'MX', '0.50', '12345678909', '']],
    });
    const rows = await read(bytes);
    expect(rows.map((r) => r.result.ok)).toEqual([true, false, false]);
    expect(rows[1]?.result).toEqual({
      ok: false,
      errors: [
        'Reference: Please enter the reference',
        'Country: Choose BR or MX',
        `Amount: ${AMOUNT_INVALID_MESSAGE}`,
        `CPF/CNPJ: ${CPF_CNPJ_MESSAGE}`,
        'Note: At most 128 characters',
      ],
    });
    expect(rows[2]?.result.ok === false && rows[2].result.errors).toEqual([expect.stringMatching(/^Amount: /)]);
  });

  it('refuses a file without the template columns, naming them', async () => {
    const bytes = await workbookBytes({
      Payouts: [
        ['Reference', 'Country'],
        ['R', 'BR'],
      ],
    });
    expect(await refusal(read(bytes))).toEqual({
      code: 200001,
      message: `file: ${BATCH_MESSAGES.missingColumns(['Amount', 'CPF/CNPJ', 'Note'])}`,
    });
  });

  it('refuses a file with a header and no data rows', async () => {
    const bytes = await workbookBytes({ Payouts: [HEADER, [], ['', null, '', '', '']] });
    expect(await refusal(read(bytes))).toEqual({ code: 200001, message: `file: ${BATCH_MESSAGES.noRows}` });
  });

  it(`takes ${BATCH_MAX_ROWS} data rows and refuses ${BATCH_MAX_ROWS + 1}`, async () => {
    const rows = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => [`R-${i}`, 'BR', '1.00', '01234567890', ''])];
    const full = await read(await workbookBytes({ Payouts: rows(BATCH_MAX_ROWS) }));
    expect(full).toHaveLength(BATCH_MAX_ROWS);
    expect(full.at(-1)?.rowNumber).toBe(BATCH_MAX_ROWS + 1);
    expect(await refusal(read(await workbookBytes({ Payouts: rows(BATCH_MAX_ROWS + 1) })))).toEqual({
      code: 200001,
      message: `file: ${BATCH_MESSAGES.tooManyRows(BATCH_MAX_ROWS)}`,
    });
  });
});

describe('files that are not a workbook, and zip bombs', () => {
  const notXlsx = (name: string) => ({ code: 200001, message: `file: ${BATCH_MESSAGES.notXlsx(name)}` });
  const bomb = (name: string) => ({ code: 200001, message: `file: ${BATCH_MESSAGES.zipBomb(name)}` });

  it('refuses an .xlsx that is not a zip', async () => {
    expect(await refusal(read(Buffer.from('Reference,Country\nR,BR\n'), 'renamed.xlsx'))).toEqual(notXlsx('renamed.xlsx'));
    expect(await refusal(read(Buffer.alloc(0), 'empty.xlsx'))).toEqual(notXlsx('empty.xlsx'));
    // The zip signature alone, then garbage: no central directory.
    expect(await refusal(read(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 7)]), 'cut.xlsx'))).toEqual(notXlsx('cut.xlsx'));
  });

  it('refuses another name than .xlsx', async () => {
    expect(await refusal(read(await workbookBytes({ Payouts: [HEADER, GOOD] }), 'payouts.xls'))).toEqual(notXlsx('payouts.xls'));
  });

  it('refuses a zip that is no workbook', async () => {
    const zip = buildZip([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    expect(await refusal(read(zip, 'other.xlsx'))).toEqual({ code: 200001, message: `file: ${BATCH_MESSAGES.noSheet('other.xlsx')}` });
  });

  it('refuses a zip that says it unpacks to more than the cap, before unpacking anything', async () => {
    const size = BATCH_MAX_UNPACKED_BYTES + 1024 * 1024;
    const packed = await deflatedZeros(size);
    expect(packed.length).toBeLessThan(200_000);
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', raw: { packed, declaredSize: size } }]);
    await expect(checkZip(zip)).rejects.toMatchObject({ reason: 'bomb', message: expect.stringMatching(/more than 52428800 bytes/) });
    expect(await refusal(read(zip, 'bomb.xlsx'))).toEqual(bomb('bomb.xlsx'));
  });

  it('refuses an entry packed more than 100 times, even under the total cap', async () => {
    const zip = buildZip([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 * 1024 * 1024, 0x41) }]);
    await expect(checkZip(zip)).rejects.toMatchObject({ reason: 'bomb', message: expect.stringMatching(/packed \d+ times/) });
    expect(await refusal(read(zip, 'ratio.xlsx'))).toEqual(bomb('ratio.xlsx'));
  });

  it('refuses a zip whose entry unpacks to more than it declares (stopped at the first byte too many)', async () => {
    const packed = await deflatedZeros(BATCH_MAX_UNPACKED_BYTES * 2);
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', raw: { packed, declaredSize: 1000 } }]);
    await expect(checkZip(zip)).rejects.toMatchObject({ reason: 'bomb', message: expect.stringMatching(/too many bytes/) });
    expect(await refusal(read(zip, 'liar.xlsx'))).toEqual(bomb('liar.xlsx'));
  });

  it('refuses overlapping entries (the non-recursive zip bomb)', async () => {
    const zip = buildZip(
      [
        { name: 'a.xml', data: Buffer.from('<a/>') },
        { name: 'b.xml', data: Buffer.from('<b/>') },
      ],
      { overlapLast: true },
    );
    await expect(checkZip(zip)).rejects.toMatchObject({ reason: 'bomb' });
  });

  it('refuses an entry hidden from the central directory (a front-to-back reader would unpack it)', async () => {
    const packed = await deflatedZeros(BATCH_MAX_UNPACKED_BYTES * 2);
    const zip = buildZip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', raw: { packed, declaredSize: BATCH_MAX_UNPACKED_BYTES * 2 }, hidden: true },
    ]);
    await expect(checkZip(zip)).rejects.toMatchObject({ reason: 'unreadable' });
    expect(await refusal(read(zip, 'hidden.xlsx'))).toEqual({ code: 200001, message: `file: ${BATCH_MESSAGES.unreadable('hidden.xlsx')}` });
  });

  it('takes entries written with data descriptors (streaming zip writers) and stored entries', async () => {
    const zip = buildZip([
      { name: 'a.xml', data: Buffer.from('<a/>'.repeat(100)), dataDescriptor: true },
      { name: 'b.xml', data: Buffer.from('<b/>'), stored: true },
    ]);
    await expect(checkZip(zip)).resolves.toEqual({ entries: 2, unpackedBytes: 404 });
  });

  it('is a ZipRefusal for code that calls the check itself', async () => {
    await expect(checkZip(Buffer.from('nope'))).rejects.toBeInstanceOf(ZipRefusal);
  });
});

describe('the result file', () => {
  it('repeats every row with its result and errors, adds the output columns and a summary', async () => {
    const bytes = await workbookBytes({
      Payouts: [HEADER, GOOD, ['INV-2', 'AR', '1', '01234567890', ''], ['INV-3', 'MX', '5', '12345678909', '']],
    });
    const rows: BatchRow<TestBatchRow>[] = await read(bytes);
    const outcomes = new Map([
      [2, { ok: true as const, values: { payoutId: 'PO-1' } }],
      [4, { ok: false as const, error: 'The reference INV-3 was used by another batch' }],
    ]);
    const file = await batchResultFile(TEST_BATCH, rows, {
      fileName: 'march payouts.xlsx',
      outcomes,
      at: new Date('2026-03-10T15:00:00Z'),
    });
    expect(file.filename).toBe('march payouts-result.xlsx');
    expect(file.headers).toEqual({ [BATCH_RESULT_HEADERS.total]: '3', [BATCH_RESULT_HEADERS.ok]: '1', [BATCH_RESULT_HEADERS.failed]: '2' });
    expect(file.summary).toEqual({ total: 3, ok: 1, failed: 2 });
    const body = file.body as Buffer;
    expect(await sheetRows(body, 'Payouts')).toEqual([
      ['Row', 'Reference', 'Country', 'Amount', 'CPF/CNPJ', 'Note', 'Result', 'Payout id', 'Error'],
      [2, 'INV-1', 'BR', '150.00', '01234567890', 'first', 'OK', 'PO-1', ''],
      [3, 'INV-2', 'AR', '1', '01234567890', '', 'Error', '', 'Country: Choose BR or MX'],
      [4, 'INV-3', 'MX', '5', '12345678909', '', 'Error', '', 'The reference INV-3 was used by another batch'],
    ]);
    expect(await sheetRows(body, 'Summary')).toEqual([
      ['File', 'march payouts.xlsx'],
      ['Rows', 3],
      ['OK', 1],
      ['With errors', 2],
      ['Checked at (UTC)', '2026-03-10 15:00:00'],
    ]);
  });

  it('names the result after the upload', () => {
    expect(resultFileName('payouts.XLSX')).toBe('payouts-result.xlsx');
    expect(resultFileName('.xlsx')).toBe('batch-result.xlsx');
  });
});
