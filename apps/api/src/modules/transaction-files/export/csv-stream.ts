import { Readable } from 'node:stream';
import {
  type ExportCell,
  type ExportColumn,
  type ExportContext,
  type ExportOptions,
  type ExportRow,
  exportCell,
  exportContext,
  type FrameLine,
  frameCell,
  headerText,
} from './columns.ts';

/**
 * A transaction export as CSV (RFC 4180): UTF-8 with a byte-order mark (so spreadsheet programs
 * read accents and CJK right), CRLF line ends, a header line, fields quoted when they hold a
 * comma, a quote or a line break (quotes doubled). Text cells that a spreadsheet would run as a
 * formula start with an apostrophe; amounts are plain numbers.
 *
 * Memory stays constant whatever the number of rows: the stream pulls the next row from the
 * source only when its consumer asks for more (Readable.from over an async generator), and
 * lines are sent in chunks of about CHUNK_CHARS characters. Destroying the stream (client gone)
 * ends the source iterator, so a database cursor behind it is closed.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';
/** Characters gathered before a chunk is sent (~64 KB of mostly ASCII). */
const CHUNK_CHARS = 64 * 1024;

/** One field, quoted when RFC 4180 needs it. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell as CSV text: amounts and counts as plain numbers, text quoted when RFC 4180 needs it. */
function csvCell(cell: ExportCell): string {
  if (cell.type === 'amount') return cell.units;
  if (cell.type === 'count') return cell.text;
  return cell.type === 'empty' ? '' : csvField(cell.text);
}

/** One data line of the CSV, with its CRLF (the download center hashes these lines). */
export function csvRowLine(columns: readonly ExportColumn[], row: ExportRow, context: ExportContext): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(exportCell(columns[i] as ExportColumn, row, context));
  }
  return line + CSV_LINE_END;
}

/** Lines around a report's table (its heading, its closing figures) as CSV, each with its CRLF. */
export function csvFrameLines(lines: readonly FrameLine[]): string {
  let text = '';
  for (const line of lines) text += line.map((cell) => csvCell(frameCell(cell))).join(',') + CSV_LINE_END;
  return text;
}

/**
 * The start of the file: the byte-order mark and the header line (shared with copy-csv.ts); a
 * report's heading lines (`heading`, then a blank line) come between the two.
 */
export function csvHead<Row extends ExportRow>(
  columns: readonly ExportColumn<Row>[],
  options: ExportOptions,
  heading: readonly FrameLine[] = [],
): string {
  const before = heading.length === 0 ? '' : csvFrameLines(heading) + CSV_LINE_END;
  return BOM + before + (columns as readonly ExportColumn[]).map((c) => csvField(headerText(c, options))).join(',') + CSV_LINE_END;
}

async function* csvChunks<Row extends ExportRow>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly ExportColumn<Row>[],
  options: ExportOptions,
): AsyncGenerator<string> {
  const cols = columns as readonly ExportColumn[];
  const context = exportContext(options);
  let chunk = csvHead(columns, options);
  for await (const row of rows) {
    chunk += csvRowLine(cols, row, context);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

/** The export as a byte stream of UTF-8 CSV. */
export function csvStream<Row extends ExportRow>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly ExportColumn<Row>[],
  options: ExportOptions,
): Readable {
  return Readable.from(csvChunks(rows, columns, options), { objectMode: false });
}
