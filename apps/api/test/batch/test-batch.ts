import { requiredText, text } from '@andes/contract/common/fields';
import { amountInputSchema, CpfCnpjSchema } from '@andes/contract/common/validators';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { BatchSpec } from '../../src/modules/batch/batch-spec.ts';

/**
 * A batch of the tests, shaped like the payout batch a module will declare: a reference, a
 * country from a list, an amount, a CPF/CNPJ kept as text, an optional note.
 */
export const TestBatchRow = z
  .object({
    reference: requiredText(64, 'Please enter the reference'),
    country: text().refine((v) => v === 'BR' || v === 'MX', 'Choose BR or MX'),
    amount: amountInputSchema({ currency: 'BRL', minCents: 100 }),
    document: CpfCnpjSchema,
    note: text().max(128, 'At most 128 characters'),
  })
  .strict();
export type TestBatchRow = z.infer<typeof TestBatchRow>;

export const TEST_BATCH: BatchSpec<TestBatchRow> = {
  sheetName: 'Payouts',
  templateName: 'payout-batch-template.xlsx',
  columns: [
    { key: 'reference', header: 'Reference', example: 'INV-2026-0001', required: true, hint: 'Unique per file, at most 64 characters' },
    { key: 'country', header: 'Country', example: 'BR', required: true, options: ['BR', 'MX'] },
    { key: 'amount', header: 'Amount', example: '150.00', required: true, hint: 'In units, two decimals at most' },
    { key: 'document', header: 'CPF/CNPJ', example: '01234567890', required: true, text: true },
    { key: 'note', header: 'Note', example: 'March invoice' },
  ],
  row: TestBatchRow,
  outputColumns: [{ key: 'payoutId', header: 'Payout id' }],
};

export type CellValue = string | number | boolean | Date | null | ExcelJS.CellValue;

/** An xlsx written by exceljs (as Excel would save it): sheets of rows, the first row the header. */
export async function workbookBytes(sheets: Readonly<Record<string, readonly (readonly CellValue[])[]>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow([...row]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const HEADER = ['Reference *', 'Country *', 'Amount *', 'CPF/CNPJ *', 'Note'];

/** The rows of a sheet of an xlsx, as exceljs reads them back (values, 1-based columns dropped). */
export async function sheetRows(bytes: Buffer, sheetName: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
