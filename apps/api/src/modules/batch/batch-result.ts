import { BATCH_RESULT_COLUMNS, BATCH_RESULT_HEADERS, BATCH_ROW_RESULTS, type BatchSummary } from '@andes/contract/common/batch';
import { XLSX_CONTENT_TYPE } from '@andes/contract/common/uploads';
import ExcelJS from 'exceljs';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { BatchOutcome, BatchRow, BatchSpec } from './batch-spec.ts';

/**
 * The result file of a batch (the answer of the upload call): the data sheet repeats every
 * uploaded row (its row number, the template's columns as read), then `Result` (OK / Error), the
 * module's output columns, and `Error` (every reason, `; `-separated). A `Summary` sheet gives the
 * file name, the counts and when it was checked. The counts also go out as the response headers
 * of BATCH_RESULT_HEADERS for the screen's summary.
 */

export const RESULT_SHEET_SUMMARY = 'Summary';
const ROW_HEADER = 'Row';

export interface BatchResultOptions {
  /** The uploaded file's (cleaned) name: the result is `<name>-result.xlsx`. */
  fileName: string;
  /** What the module made of each valid row, by row number; a valid row without an outcome is OK. */
  outcomes?: ReadonlyMap<number, BatchOutcome>;
  /** When the file was checked (the Summary sheet says it in UTC). */
  at: Date;
}

interface Line {
  rowNumber: number;
  cells: Readonly<Record<string, string>>;
  ok: boolean;
  values: Readonly<Record<string, string>>;
  errors: readonly string[];
}

function linesOf<Row>(rows: readonly BatchRow<Row>[], outcomes: ReadonlyMap<number, BatchOutcome> | undefined): Line[] {
  return rows.map((row) => {
    if (!row.result.ok) return { rowNumber: row.rowNumber, cells: row.cells, ok: false, values: {}, errors: row.result.errors };
    const outcome = outcomes?.get(row.rowNumber) ?? { ok: true };
    return outcome.ok
      ? { rowNumber: row.rowNumber, cells: row.cells, ok: true, values: outcome.values ?? {}, errors: [] }
      : { rowNumber: row.rowNumber, cells: row.cells, ok: false, values: {}, errors: [outcome.error] };
  });
}

/** The counts of a result. */
export function batchSummary<Row>(rows: readonly BatchRow<Row>[], outcomes?: ReadonlyMap<number, BatchOutcome>): BatchSummary {
  const lines = linesOf(rows, outcomes);
  const ok = lines.filter((l) => l.ok).length;
  return { total: lines.length, ok, failed: lines.length - ok };
}

/** `payouts.xlsx` → `payouts-result.xlsx`. */
export function resultFileName(uploaded: string): string {
  const base = uploaded.replace(/\.xlsx$/i, '').trim();
  return `${base === '' ? 'batch' : base}-result.xlsx`;
}

/** The result workbook's bytes and its counts. */
export async function batchResultBytes<Row>(
  spec: BatchSpec<Row>,
  rows: readonly BatchRow<Row>[],
  options: BatchResultOptions,
): Promise<{ bytes: Buffer; summary: BatchSummary }> {
  const lines = linesOf(rows, options.outcomes);
  const outputs = spec.outputColumns ?? [];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Andes';
  const sheet = workbook.addWorksheet(spec.sheetName);
  sheet.columns = [
    { header: ROW_HEADER, key: '#row', width: 6 },
    ...spec.columns.map((c) => ({ header: c.header, key: `c:${c.key}`, width: c.width ?? Math.max(12, c.header.length + 2) })),
    { header: BATCH_RESULT_COLUMNS.result, key: '#result', width: 8 },
    ...outputs.map((c) => ({ header: c.header, key: `o:${c.key}`, width: c.width ?? Math.max(14, c.header.length + 2) })),
    { header: BATCH_RESULT_COLUMNS.error, key: '#error', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const line of lines) {
    const record: Record<string, string | number> = {
      '#row': line.rowNumber,
      '#result': line.ok ? BATCH_ROW_RESULTS.ok : BATCH_ROW_RESULTS.failed,
      '#error': line.errors.join('; '),
    };
    for (const c of spec.columns) record[`c:${c.key}`] = line.cells[c.key] ?? '';
    for (const c of outputs) record[`o:${c.key}`] = line.values[c.key] ?? '';
    const row = sheet.addRow(record);
    if (!line.ok) row.getCell('#result').font = { bold: true, color: { argb: 'FFCF1322' } };
  }

  const ok = lines.filter((l) => l.ok).length;
  const summary: BatchSummary = { total: lines.length, ok, failed: lines.length - ok };
  const totals = workbook.addWorksheet(RESULT_SHEET_SUMMARY);
  totals.columns = [
    { key: 'label', width: 24 },
    { key: 'value', width: 40 },
  ];
  totals.addRows([
    { label: 'File', value: options.fileName },
    { label: 'Rows', value: summary.total },
    { label: 'OK', value: summary.ok },
    { label: 'With errors', value: summary.failed },
    { label: 'Checked at (UTC)', value: options.at.toISOString().replace('T', ' ').slice(0, 19) },
  ]);
  totals.getColumn('label').font = { bold: true };
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), summary };
}

/** The result as the answer of the upload call, its counts in BATCH_RESULT_HEADERS. */
export async function batchResultFile<Row>(
  spec: BatchSpec<Row>,
  rows: readonly BatchRow<Row>[],
  options: BatchResultOptions,
): Promise<BinaryFile & { summary: BatchSummary }> {
  const { bytes, summary } = await batchResultBytes(spec, rows, options);
  return {
    filename: resultFileName(options.fileName),
    contentType: XLSX_CONTENT_TYPE,
    body: bytes,
    headers: {
      [BATCH_RESULT_HEADERS.total]: String(summary.total),
      [BATCH_RESULT_HEADERS.ok]: String(summary.ok),
      [BATCH_RESULT_HEADERS.failed]: String(summary.failed),
    },
    summary,
  };
}
