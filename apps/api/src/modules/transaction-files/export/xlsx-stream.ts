import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  type ExportCell,
  type ExportColumn,
  type ExportOptions,
  type ExportRow,
  exportCell,
  exportContext,
  type FrameLine,
  frameCell,
  headerText,
} from './columns.ts';

/**
 * A transaction export as an XLSX workbook, written with exceljs' streaming WorkbookWriter
 * (shared strings off; styles on only for the two number formats it needs). The same columns
 * as the CSV: amounts are number cells shown with two decimals, times are date cells holding the
 * wall-clock time in the merchant's zone (named in the header), text cells are defused against
 * formula injection like the CSV's.
 *
 * Memory stays constant: each row is committed (written out of the worksheet) at once, and the
 * writer waits whenever the zip has not taken the XML written so far. exceljs has no back-pressure
 * of its own (exceljs/exceljs#734): a worksheet's XML goes into exceljs' StreamBuf, which pushes
 * every 64 KB into the zip's input without looking at what the zip (a slower, compressing reader)
 * has taken, so on a fast source the XML of the sheet piled up there (145 MB of buffers over
 * 200,000 rows read from memory; the row loop's own pacing, on the zip's output, did not bound it).
 * Here each part of the workbook is a plain Node stream (`XmlPart`, opened by
 * `PacedWorkbookWriter`): the zip reads it with Node's own back-pressure, it holds at most
 * PART_BUFFER_BYTES on each side, and after each row the writer waits for it to drain when it is
 * full. When the consumer stops reading, the zip stops, the part fills, and no more rows are pulled;
 * when the consumer goes away (the returned stream is destroyed), the writer stops.
 *
 * What a row leaves behind is short-lived too (garbage that dies young costs no memory; what lives
 * through two young-generation collections is promoted and piles up until a full one): cells share
 * three style objects, and the XML reaches the stream in 64 KB chunks of bytes.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const AMOUNT_NUMBER_FORMAT = '0.00';
export const INSTANT_NUMBER_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export interface XlsxExportOptions extends ExportOptions {
  /** Name of the data worksheet (default `Transactions`; Excel allows at most 31 characters). */
  sheetName?: string;
  /** A second worksheet written after the data rows (the download center's proof of completeness). */
  appendix?: () => { sheetName: string; rows: readonly (readonly (string | number)[])[] };
  /** Lines above the column header (a report's heading: account, zone, period, opening balance), then a blank row. */
  heading?: readonly FrameLine[];
  /** Lines after the data rows, after a blank row (a statement's closing balance); read once the rows are written. */
  closing?: () => readonly FrameLine[];
}

/**
 * XML bytes a part holds on each side before the writer waits: what the row loop may write ahead
 * of the zip, and what the zip has queued to compress while the loop makes the next rows. Small:
 * a chunk that waits long enough is promoted, and its bytes are freed only at the next full
 * collection (1 MB gave the same rows/s with about 40 MB more of such buffers at the peak).
 */
export const PART_BUFFER_BYTES = 128 * 1024;

/**
 * The three cell styles, one object each, shared by every cell (exceljs' documented way: a style
 * object assigned to many cells is shared by reference). exceljs' style registry remembers a style
 * object's id by its identity: a cell with a style object of its own (as `cell.numFmt = …` makes)
 * has its style rendered to XML again to find the id, about half of what writing a row allocated.
 * Never modified.
 */
const AMOUNT_STYLE: Partial<ExcelJS.Style> = { numFmt: AMOUNT_NUMBER_FORMAT };
const INSTANT_STYLE: Partial<ExcelJS.Style> = { numFmt: INSTANT_NUMBER_FORMAT };
const TEXT_STYLE: Partial<ExcelJS.Style> = {};
const COUNT_STYLE: Partial<ExcelJS.Style> = { numFmt: '0' };

/** XML gathered into one chunk before it enters a part's stream (about 64 KB). */
const CHUNK_CHARS = 64 * 1024;

/** A chunk exceljs writes into a part: a string, bytes, or its own StringBuf (which copies itself out). */
function partText(chunk: unknown): string {
  if (typeof chunk === 'string') return chunk;
  if (Buffer.isBuffer(chunk)) return chunk.toString('utf8');
  if (typeof (chunk as { toBuffer?: unknown } | null)?.toBuffer === 'function')
    return (chunk as { toBuffer(): Buffer }).toBuffer().toString('utf8');
  throw new TypeError('an XLSX part takes strings and bytes');
}

/**
 * One file inside the workbook (a worksheet's XML): a pass-through the zip reads as a Node stream.
 * exceljs writes each row as a string of its own; they are joined here, as they come, into chunks
 * of about CHUNK_CHARS that enter the stream as bytes. So the stream's buffers hold a few large
 * chunks outside the JS heap rather than thousands of row strings that live long enough to be
 * promoted to the old generation, and the zip gets one deflate call per chunk. exceljs writes
 * whole XML elements, so every chunk is whole UTF-8.
 */
class XmlPart extends Transform {
  private text = '';

  constructor() {
    super({ writableHighWaterMark: PART_BUFFER_BYTES, readableHighWaterMark: PART_BUFFER_BYTES });
  }

  override write(
    chunk: unknown,
    encoding?: BufferEncoding | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): boolean {
    const done = typeof encoding === 'function' ? encoding : callback;
    this.text += partText(chunk);
    if (this.text.length < CHUNK_CHARS) {
      if (done) process.nextTick(done, null);
      return !this.writableNeedDrain;
    }
    const bytes = Buffer.from(this.text, 'utf8');
    this.text = '';
    return done ? super.write(bytes, done) : super.write(bytes);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, chunk);
  }

  /** The last chunk, after every written one (end() was called). */
  override _flush(callback: TransformCallback): void {
    const rest = this.text;
    this.text = '';
    callback(null, rest === '' ? undefined : Buffer.from(rest, 'utf8'));
  }
}

/**
 * exceljs' streaming workbook writer with its parts as XmlPart streams instead of its StreamBuf.
 * `_openStream` is where exceljs 4.4's WorkbookWriter opens each part it streams (worksheets,
 * their relations and comments) and hands it to the zip: the one method replaced; what is written,
 * and so the file, is exceljs' own.
 */
class PacedWorkbookWriter extends ExcelJS.stream.xlsx.WorkbookWriter {
  private readonly open = new Set<XmlPart>();

  constructor(out: PassThrough, options: Omit<Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>, 'stream'>) {
    super({ ...options, stream: out });
    // exceljs listens to its zip's errors only once the workbook is committed: until then a failed
    // zip would leave the row loop waiting for a part to drain. It fails the file instead.
    this.archive.on('error', (error: Error) => out.destroy(error));
  }

  /**
   * exceljs' archiver (archiverjs), its `zip`, which it creates in its constructor and appends every
   * part to (an accessor of another name: exceljs assigns `zip` itself).
   */
  private get archive(): {
    append(source: Readable, data: { name: string }): void;
    on(event: 'error', listener: (error: Error) => void): void;
  } {
    return (this as unknown as { zip: never }).zip;
  }

  _openStream(path: string): XmlPart {
    const part = new XmlPart();
    this.archive.append(part, { name: path });
    this.open.add(part);
    // exceljs waits for 'zipped' on a worksheet it commits itself (as its own _openStream emits it).
    part.once('finish', () => {
      this.open.delete(part);
      part.emit('zipped');
    });
    return part;
  }

  /** Whether exceljs opened its parts here (it does in 4.4; a version that does not must fail loudly, not buffer). */
  get paced(): boolean {
    return this.open.size > 0;
  }

  /**
   * Resolves once no part holds more than PART_BUFFER_BYTES the zip has not taken, or when `out`
   * is closed (the consumer went away, or the file failed).
   */
  async caughtUp(out: PassThrough): Promise<void> {
    for (;;) {
      let full: XmlPart | undefined;
      for (const part of this.open) if (part.writableNeedDrain) full = part;
      if (full === undefined || out.destroyed) return;
      await drained(full, out);
    }
  }
}

/** Resolves when `part` has drained, or when `part` or `out` is closed. */
function drained(part: XmlPart, out: Readable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      part.off('drain', done);
      part.off('close', done);
      out.off('close', done);
      resolve();
    };
    part.on('drain', done);
    part.on('close', done);
    out.on('close', done);
  });
}

/** Writes one cell (nothing for an empty one), with one of the shared styles. */
function setCell(target: ExcelJS.Cell, cell: ExportCell): void {
  if (cell.type === 'empty') return;
  if (cell.type === 'amount') {
    target.value = Number(cell.units);
    target.style = AMOUNT_STYLE;
  } else if (cell.type === 'instant') {
    target.value = new Date(cell.wallClockMs);
    target.style = INSTANT_STYLE;
  } else if (cell.type === 'count') {
    target.value = cell.value;
    target.style = COUNT_STYLE;
  } else {
    target.value = cell.text;
    target.style = TEXT_STYLE;
  }
}

function writeFrameLines(sheet: ExcelJS.Worksheet, lines: readonly FrameLine[]): void {
  for (const cells of lines) {
    const line = sheet.addRow([]);
    cells.forEach((cell, i) => {
      setCell(line.getCell(i + 1), frameCell(cell));
    });
    line.commit();
  }
}

function widthOf(column: ExportColumn, header: string): number {
  if (column.kind === 'amount') return Math.max(14, header.length + 2);
  if (column.kind === 'instant') return 20;
  return Math.min(60, Math.max(12, header.length + 2));
}

async function writeWorkbook<Row extends ExportRow>(
  out: PassThrough,
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly ExportColumn[],
  options: XlsxExportOptions,
): Promise<void> {
  const workbook = new PacedWorkbookWriter(out, { useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet((options.sheetName ?? 'Transactions').slice(0, 31));
  if (!workbook.paced) throw new Error('exceljs did not open the worksheet through _openStream: its XML would not be paced');
  const headers = columns.map((c) => headerText(c, options));
  sheet.columns = columns.map((c, i) => ({ key: c.key, width: widthOf(c, headers[i] ?? '') }));
  if (options.heading && options.heading.length > 0) {
    writeFrameLines(sheet, options.heading);
    sheet.addRow([]).commit();
  }
  sheet.addRow(headers).commit();
  const context = exportContext(options);
  for await (const row of rows) {
    if (out.destroyed) break;
    const line = sheet.addRow([]);
    for (let i = 0; i < columns.length; i++) {
      const cell = exportCell(columns[i] as ExportColumn, row, context);
      if (cell.type !== 'empty') setCell(line.getCell(i + 1), cell);
    }
    line.commit();
    await workbook.caughtUp(out);
  }
  if (out.destroyed) return;
  const closing = options.closing?.() ?? [];
  if (closing.length > 0) {
    sheet.addRow([]).commit();
    writeFrameLines(sheet, closing);
  }
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
  const out = new PassThrough();
  writeWorkbook(out, rows, columns as readonly ExportColumn[], options).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
