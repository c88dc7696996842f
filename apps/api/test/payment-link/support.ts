import type { Country } from '@andes/contract/common/countries';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { paymentLinkBatchSpec } from '../../src/modules/payment-link/payment-link.batch.ts';

/** A payment-link file of a country as a person fills the template in: its header row, then the rows (cells by column key). */
export async function linkFileBytes(country: Country, rows: readonly Record<string, ExcelJS.CellValue>[]): Promise<Buffer> {
  const spec = paymentLinkBatchSpec(country, []);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.sheetName);
  sheet.addRow(spec.columns.map((c) => (c.required ? `${c.header} *` : c.header)));
  for (const r of rows) sheet.addRow(spec.columns.map((c) => r[c.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The data sheet of a result file: each row's cells by header. */
export async function resultRows(res: LightMyRequestResponse): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Payment links') as ExcelJS.Worksheet;
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    headers[col] = String(cell.value);
  });
  const out: Record<string, string>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const record: Record<string, string> = {};
    headers.forEach((h, col) => {
      const v = row.getCell(col).value;
      record[h] = v === null || v === undefined ? '' : String(v);
    });
    out.push(record);
  });
  return out;
}
