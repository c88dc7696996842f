import { PassThrough } from 'node:stream';
import { BATCH_MESSAGES } from '@andes/contract/common/batch';
import { BATCH_MAX_ROWS, BATCH_UPLOAD_EXTENSION } from '@andes/contract/common/constants';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { isAppError } from '../../http/errors.ts';
import { BatchErrors } from './batch.errors.ts';
import { type BatchRow, type BatchSpec, cellText, headerKey, isFormulaCell } from './batch-spec.ts';
import { BATCH_ZIP_LIMITS, checkZip, type ZipLimits, ZipRefusal } from './zip-guard.ts';

/**
 * Reads an uploaded batch file (docs/decisions/0021): the zip is checked first (zip-guard.ts: a
 * zip at all, its unpacked size and ratios, its layout, its true sizes), then the workbook is
 * read with exceljs' streaming WorkbookReader, one row at a time. The data sheet is the one named
 * like the template's, else the first sheet in the file. Its first non-empty row is the header, matched to the
 * template's columns by their text; every later non-empty row is a data row, at most `maxRows` of
 * them. Each data row is checked by the spec's row schema: its issues become the row's errors
 * (`Amount: …`), reported in the result file rather than refusing the file.
 *
 * The whole file is refused (validation error 200001 naming the file) when it is not a zip, is a
 * likely zip bomb, is not a workbook, lacks a template column, has no data rows or too many.
 */

interface Collected {
  named: boolean;
  missing: readonly string[] | null;
  rows: { rowNumber: number; cells: Record<string, string>; formulas: string[] }[];
  tooMany: boolean;
}

type SheetReader = AsyncIterable<ExcelJS.Row> & { name?: string };

async function collect<Row>(sheet: SheetReader, spec: BatchSpec<Row>, maxRows: number, named: boolean): Promise<Collected> {
  let columns: Map<string, number> | null = null;
  let missing: string[] | null = null;
  const rows: Collected['rows'] = [];
  let count = 0;
  let tooMany = false;
  for await (const row of sheet) {
    // Once the answer is known the rest is only read through (bounded by the zip check), so
    // exceljs finishes the sheet and removes its temporary file.
    if (tooMany || (missing && missing.length > 0)) continue;
    const values = row.values as unknown[];
    if (columns === null) {
      if (!values.some((v) => cellText(v).trim() !== '')) continue;
      const found = new Map<string, number>();
      values.forEach((v, index) => {
        const key = headerKey(cellText(v));
        if (key !== '' && !found.has(key)) found.set(key, index);
      });
      columns = new Map();
      missing = [];
      for (const c of spec.columns) {
        const index = found.get(headerKey(c.header));
        if (index === undefined) missing.push(c.header);
        else columns.set(c.key, index);
      }
      continue;
    }
    const cells: Record<string, string> = {};
    const formulas: string[] = [];
    let filled = false;
    for (const c of spec.columns) {
      const value = values[columns.get(c.key) ?? -1];
      const text = cellText(value);
      cells[c.key] = text;
      if (isFormulaCell(value)) formulas.push(c.key);
      if (text.trim() !== '' || isFormulaCell(value)) filled = true;
    }
    if (!filled) continue;
    count += 1;
    if (count > maxRows) {
      tooMany = true;
      rows.length = 0;
      continue;
    }
    rows.push({ rowNumber: row.number, cells, formulas });
  }
  return { named, missing, rows, tooMany };
}

/** The row's errors, each naming its column by the template's header. */
function rowErrors<Row>(spec: BatchSpec<Row>, error: z.ZodError): string[] {
  const headers = new Map(spec.columns.map((c) => [c.key, c.header]));
  return error.issues.map((issue) => {
    const key = issue.path[0];
    const header = typeof key === 'string' ? headers.get(key) : undefined;
    return header ? `${header}: ${issue.message}` : issue.message;
  });
}

export interface BatchFileInput {
  /** The cleaned file name (for messages). */
  name: string;
  content: Buffer;
}

/** Reads the workbook's sheets: the chosen sheet's rows (the template's sheet, else the first) and how many sheets there were. */
async function readSheets<Row>(
  spec: BatchSpec<Row>,
  content: Buffer,
  maxRows: number,
): Promise<{ chosen: Collected | null; sheets: number }> {
  let chosen: Collected | null = null;
  let sheets = 0;
  const input = new PassThrough();
  input.end(content);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell date cells from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader as AsyncIterable<SheetReader>) {
    sheets += 1;
    // The sheet named like the template's wins; until one is seen, the first sheet read (sheet1, the first tab).
    const named = sheet.name === spec.sheetName;
    const wanted = named ? !chosen?.named : chosen === null;
    if (wanted) chosen = await collect(sheet, spec, maxRows, named);
    else for await (const _ of sheet) void _;
  }
  return { chosen, sheets };
}

/** The data rows of an uploaded batch file, each checked by the spec's row schema; throws for a file that cannot be taken. */
export async function readBatchFile<Row>(
  spec: BatchSpec<Row>,
  file: BatchFileInput,
  limits: ZipLimits = BATCH_ZIP_LIMITS,
): Promise<BatchRow<Row>[]> {
  const maxRows = Math.min(spec.maxRows ?? BATCH_MAX_ROWS, BATCH_MAX_ROWS);
  if (!file.name.toLowerCase().endsWith(BATCH_UPLOAD_EXTENSION)) throw BatchErrors.notXlsx(file.name);
  try {
    await checkZip(file.content, limits);
  } catch (err) {
    if (!(err instanceof ZipRefusal)) throw err;
    if (err.reason === 'not-zip') throw BatchErrors.notXlsx(file.name);
    if (err.reason === 'bomb') throw BatchErrors.zipBomb(file.name);
    if (err.reason === 'too-many-entries') throw BatchErrors.tooManyEntries(file.name);
    throw BatchErrors.unreadable(file.name);
  }

  // The streaming reader parks worksheets that come before the shared strings in temporary files
  // and has failed once, unexplained, on a file it read at once before and after: a file that
  // fails is read a second time before it is called unreadable (a broken file fails both times).
  let read: { chosen: Collected | null; sheets: number } | undefined;
  for (let attempt = 1; read === undefined; attempt += 1) {
    try {
      read = await readSheets(spec, file.content, maxRows);
    } catch (err) {
      if (isAppError(err)) throw err;
      if (attempt >= 2) throw BatchErrors.unreadable(file.name);
    }
  }
  const { chosen, sheets } = read;
  if (sheets === 0 || chosen === null) throw BatchErrors.noSheet(file.name);
  const { missing, rows, tooMany } = chosen as Collected;
  if (missing === null) throw BatchErrors.noRows();
  if (missing.length > 0) throw BatchErrors.missingColumns(missing);
  if (tooMany) throw BatchErrors.tooManyRows(maxRows);
  if (rows.length === 0) throw BatchErrors.noRows();
  const headers = new Map(spec.columns.map((c) => [c.key, c.header]));
  return rows.map(({ rowNumber, cells, formulas }) => {
    const parsed = spec.row.safeParse(cells);
    // Formulas are never evaluated: refused, each cell named, before what the schema says of the row.
    const refused = spec.formulas === 'refuse' ? formulas.map((key) => `${headers.get(key) ?? key}: ${BATCH_MESSAGES.formulaCell}`) : [];
    if (parsed.success && refused.length === 0) return { rowNumber, cells, result: { ok: true as const, value: parsed.data } };
    return {
      rowNumber,
      cells,
      result: { ok: false as const, errors: [...refused, ...(parsed.success ? [] : rowErrors(spec, parsed.error))] },
    };
  });
}
