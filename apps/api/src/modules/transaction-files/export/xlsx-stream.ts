import { type Readable, Transform, type TransformCallback } from 'node:stream';
import ExcelJS from 'exceljs';
import { type ExportColumn, type ExportOptions, type ExportRow, exportCell, exportContext, headerText } from './columns.ts';

/**
 * A transaction export as an XLSX workbook, written with exceljs' streaming WorkbookWriter
 * (shared strings off; styles on only for the two number formats it needs). The same columns
 * as the CSV: amounts are number cells shown with two decimals, times are date cells holding the
 * wall-clock time in the merchant's zone (named in the header), text cells are defused against
 * formula injection like the CSV's.
 *
 * Memory stays constant: each row is committed (written out of the worksheet) at once. exceljs
 * hands the sheet's XML to its zip writer without backpressure, so the writer paces itself: after
 * every PACE_BYTES of XML it waits until the zip has put out bytes since the previous pause. When
 * the consumer stops reading, the returned stream stops accepting bytes, the zip stops, and no
 * more rows are pulled: at most a couple of PACE_BYTES windows are in memory, whatever the size.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const AMOUNT_NUMBER_FORMAT = '0.00';
export const INSTANT_NUMBER_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export interface XlsxExportOptions extends ExportOptions {
  /** Name of the data worksheet (default `Transactions`; Excel allows at most 31 characters). */
  sheetName?: string;
  /** A second worksheet written after the data rows (the download center's proof of completeness). */
  appendix?: () => { sheetName: string; rows: readonly (readonly (string | number)[])[] };
}

/** XML bytes written between two checks that the zip has moved on (well above its 64 KB batches). */
const PACE_BYTES = 1024 * 1024;
/** A rough size of one cell's XML besides its text. */
const CELL_XML_BYTES = 40;

/** The returned stream: a pass-through that counts what the zip writer has put into it. */
class CountingStream extends Transform {
  accepted = 0;
  private waiters: (() => void)[] = [];

  constructor() {
    super();
    this.once('close', () => this.wake());
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.accepted += chunk.length;
    this.wake();
    callback(null, chunk);
  }

  /** Resolves at the next accepted chunk (or when the stream closes). */
  progress(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

function widthOf(column: ExportColumn, header: string): number {
  if (column.kind === 'amount') return Math.max(14, header.length + 2);
  if (column.kind === 'instant') return 20;
  return Math.min(60, Math.max(12, header.length + 2));
}

async function writeWorkbook<Row extends ExportRow>(
  out: CountingStream,
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly ExportColumn[],
  options: XlsxExportOptions,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet((options.sheetName ?? 'Transactions').slice(0, 31));
  const headers = columns.map((c) => headerText(c, options));
  sheet.columns = columns.map((c, i) => ({ key: c.key, width: widthOf(c, headers[i] ?? '') }));
  sheet.addRow(headers).commit();
  const context = exportContext(options);
  let pending = 0;
  let mark = out.accepted;
  for await (const row of rows) {
    if (out.destroyed) break;
    const line = sheet.addRow([]);
    for (let i = 0; i < columns.length; i++) {
      const cell = exportCell(columns[i] as ExportColumn, row, context);
      if (cell.type === 'empty') continue;
      const target = line.getCell(i + 1);
      if (cell.type === 'amount') {
        target.value = Number(cell.units);
        target.numFmt = AMOUNT_NUMBER_FORMAT;
      } else if (cell.type === 'instant') {
        target.value = new Date(cell.wallClockMs);
        target.numFmt = INSTANT_NUMBER_FORMAT;
      } else {
        target.value = cell.text;
      }
      pending += CELL_XML_BYTES + (cell.type === 'text' ? Buffer.byteLength(cell.text) : 0);
    }
    line.commit();
    if (pending >= PACE_BYTES) {
      while (out.accepted === mark && !out.destroyed) await out.progress();
      mark = out.accepted;
      pending = 0;
    }
  }
  if (out.destroyed) return;
  sheet.commit();
  const appendix = options.appendix?.();
  if (appendix) {
    const extra = workbook.addWorksheet(appendix.sheetName.slice(0, 31));
    extra.columns = [{ width: 28 }, { width: 70 }];
    for (const cells of appendix.rows) extra.addRow([...cells]).commit();
    extra.commit();
  }
  await workbook.commit();
}

/** The export as a byte stream of an XLSX file. */
export function xlsxStream<Row extends ExportRow>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly ExportColumn<Row>[],
  options: XlsxExportOptions,
): Readable {
  const out = new CountingStream();
  writeWorkbook(out, rows, columns as readonly ExportColumn[], options).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
