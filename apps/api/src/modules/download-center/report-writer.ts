import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Language } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { CURRENCIES } from '@andes/contract/common/countries';
import { centsToUnitsString } from '@andes/contract/common/money';
import type { ReportFormat } from '@andes/contract/download-center/enums';
import type { ReportFigures } from '@andes/contract/download-center/schemas';
import {
  type ExportColumn,
  type ExportOptions,
  type ExportRow,
  exportContext,
  type FrameLine,
} from '../transaction-files/export/columns.ts';
import { CSV_CONTENT_TYPE, CSV_LINE_END, csvField, csvFrameLines, csvHead, csvRowLine } from '../transaction-files/export/csv-stream.ts';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../transaction-files/export/xlsx-stream.ts';

/**
 * A report file with its proof of completeness. Every data row is also taken as its CSV line (the
 * same bytes in a CSV and an XLSX of the same rows) into a SHA-256, counted, and its amount added
 * to its currency's total. After the last row the file gets a trailer with those figures: the CSV
 * ends with a blank line and one line per figure; the XLSX has them on a second sheet. The
 * download center's record shows the same figures, so finance can prove a file is whole: count
 * the data rows, sum them per currency, hash the data lines.
 */

export interface ProofTap {
  /** The figures of the rows seen so far (final once the stream has ended). */
  figures(): ReportFigures;
  /** SHA-256 (hex) of the data lines; final once the stream has ended. */
  sha256(): string;
}

/** What a report row must hold for the figures: its amount in cents and its currency. */
export interface FigureRow extends ExportRow {
  amount: number;
  currency: Currency;
}

const TRAILER_LABELS: Record<Language, { sheet: string; rows: string; total: (c: string) => string; sha: string }> = {
  en: { sheet: 'Proof', rows: 'Data rows', total: (c) => `Total ${c}`, sha: 'SHA-256 of the data rows (CSV lines)' },
  'zh-CN': { sheet: '校验', rows: '数据行数', total: (c) => `合计 ${c}`, sha: '数据行（CSV 行）的 SHA-256' },
};

class Proof implements ProofTap {
  private readonly hash = createHash('sha256');
  private readonly totals = new Map<Currency, number>();
  private rows = 0;
  private digest: string | null = null;

  add(line: string, row: FigureRow): void {
    this.hash.update(line, 'utf8');
    this.rows += 1;
    this.totals.set(row.currency, (this.totals.get(row.currency) ?? 0) + row.amount);
  }

  figures(): ReportFigures {
    const totals = CURRENCIES.filter((c) => this.totals.has(c)).map((currency) => ({ currency, cents: this.totals.get(currency) ?? 0 }));
    return { rowCount: this.rows, totals };
  }

  sha256(): string {
    this.digest ??= this.hash.digest('hex');
    return this.digest;
  }

  trailer(language: Language): [string, string][] {
    return trailerOf(this.figures(), this.sha256(), language);
  }
}

/** The trailer's label/value pairs, in the file's language. */
function trailerOf(figures: ReportFigures, sha256: string, language: Language): [string, string][] {
  const labels = TRAILER_LABELS[language];
  return [
    [labels.rows, String(figures.rowCount)],
    ...figures.totals.map((t): [string, string] => [labels.total(t.currency), centsToUnitsString(t.cents)]),
    [labels.sha, sha256],
  ];
}

function csvTrailer(figures: ReportFigures, sha256: string, language: Language): string {
  let text = CSV_LINE_END;
  for (const [label, value] of trailerOf(figures, sha256, language)) text += `${csvField(label)},${csvField(value)}${CSV_LINE_END}`;
  return text;
}

/**
 * The proof around a CSV that PostgreSQL's COPY wrote (copy-csv.ts): the bytes after the head
 * (`headBytes`: byte-order mark and header line) are the data lines and are hashed as they pass;
 * the figures come from the aggregate run in the COPY's own snapshot (`figures`, known before the
 * first data byte), so they count exactly the rows written.
 */
export function copiedCsvReport(
  source: AsyncIterable<Buffer>,
  headBytes: number,
  figures: () => ReportFigures | null,
  language: Language,
  /** Lines after the data rows, outside the proof (as reportStream's `closing`). */
  closing: () => readonly FrameLine[] = () => [],
): ReportStream {
  const hash = createHash('sha256');
  let digest: string | null = null;
  const sha256 = () => {
    digest ??= hash.digest('hex');
    return digest;
  };
  const known = () => {
    const f = figures();
    if (f === null) throw new Error('the COPY ended without its snapshot figures');
    return f;
  };
  async function* withTrailer(): AsyncGenerator<Buffer> {
    let skip = headBytes;
    for await (const chunk of source) {
      if (skip >= chunk.length) skip -= chunk.length;
      else {
        hash.update(skip > 0 ? chunk.subarray(skip) : chunk);
        skip = 0;
      }
      yield chunk;
    }
    const after = closing();
    const frame = after.length > 0 ? CSV_LINE_END + csvFrameLines(after) : '';
    yield Buffer.from(frame + csvTrailer(known(), sha256(), language), 'utf8');
  }
  return {
    body: Readable.from(withTrailer(), { objectMode: false }),
    contentType: CSV_CONTENT_TYPE,
    proof: { figures: known, sha256 },
  };
}

export interface ReportStream {
  body: Readable;
  contentType: string;
  proof: ProofTap;
}

/**
 * A report's frame around its table, outside the proof (neither counted nor hashed): heading lines
 * before the column header (what the file is: account, currency, zone, period, opening balance) and
 * closing lines after the data rows (a closing balance), read once every row is written.
 */
export interface ReportOptions extends ExportOptions {
  heading?: readonly FrameLine[];
  closing?: () => readonly FrameLine[];
  /** Name of the XLSX data sheet (default `Transactions`). */
  sheetName?: string;
}

/**
 * The file of `rows` in `format`, streamed (rows are pulled as the consumer reads), with the
 * trailer after the last row. `onRow` is called after each data row (progress). CSV: the
 * heading's lines and a blank line before the column header; after the rows a blank line and the
 * closing lines, then the trailer. XLSX: the same lines on the data sheet, the trailer on `Proof`.
 */
export function reportStream<Row extends FigureRow>(
  rows: AsyncIterable<Row>,
  columns: readonly ExportColumn<Row>[],
  format: ReportFormat,
  options: ReportOptions,
  onRow: (count: number) => void | Promise<void>,
): ReportStream {
  const proof = new Proof();
  const cols = columns as readonly ExportColumn[];
  const context = exportContext(options);
  async function* tapped(): AsyncGenerator<Row> {
    let n = 0;
    for await (const row of rows) {
      proof.add(csvRowLine(cols, row, context), row);
      n += 1;
      await onRow(n);
      yield row;
    }
  }
  if (format === 'xlsx') {
    const body = xlsxStream(tapped(), columns, {
      ...options,
      appendix: () => ({ sheetName: TRAILER_LABELS[options.language].sheet, rows: proof.trailer(options.language) }),
    });
    return { body, contentType: XLSX_CONTENT_TYPE, proof };
  }
  async function* csv(): AsyncGenerator<string> {
    let chunk = csvHead(columns, options, options.heading);
    let n = 0;
    for await (const row of rows) {
      const line = csvRowLine(cols, row, context);
      proof.add(line, row);
      chunk += line;
      n += 1;
      await onRow(n);
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    const closing = options.closing?.() ?? [];
    if (closing.length > 0) chunk += CSV_LINE_END + csvFrameLines(closing);
    yield chunk + csvTrailer(proof.figures(), proof.sha256(), options.language);
  }
  return { body: Readable.from(csv(), { objectMode: false }), contentType: CSV_CONTENT_TYPE, proof };
}
