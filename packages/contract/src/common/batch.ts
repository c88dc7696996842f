import {
  BATCH_MAX_COMPRESSION_RATIO,
  BATCH_MAX_ROWS,
  BATCH_MAX_UNPACKED_BYTES,
  BATCH_MAX_ZIP_ENTRIES,
  BATCH_UPLOAD_EXTENSION,
} from './constants.ts';
import { megabytes } from './uploads.ts';

/**
 * The batch generation tool (spec §2, §5, §7; docs/decisions/0021): a module offers a template
 * (a binary call), takes one `.xlsx` in the form field `file` (a multipart call whose answer is a
 * file) and answers the result xlsx: the uploaded rows, each with its result and error, and a
 * summary sheet. The counts also travel in these response headers, so the screen shows them
 * without opening the file.
 */
export const BATCH_RESULT_HEADERS = {
  /** Data rows read. */
  total: 'x-batch-total',
  /** Rows accepted. */
  ok: 'x-batch-ok',
  /** Rows refused (each with its reason in the result file). */
  failed: 'x-batch-failed',
} as const;

export interface BatchSummary {
  total: number;
  ok: number;
  failed: number;
}

/** The summary of a result file's headers; null when a header is missing or not a count. */
export function batchSummaryOf(header: (name: string) => string | null): BatchSummary | null {
  const count = (name: string) => {
    const raw = header(name);
    if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
    return Number(raw);
  };
  const total = count(BATCH_RESULT_HEADERS.total);
  const ok = count(BATCH_RESULT_HEADERS.ok);
  const failed = count(BATCH_RESULT_HEADERS.failed);
  return total === null || ok === null || failed === null ? null : { total, ok, failed };
}

/** The columns the result file adds after the template's. */
export const BATCH_RESULT_COLUMNS = { result: 'Result', error: 'Error' } as const;
/** The result column's values. */
export const BATCH_ROW_RESULTS = { ok: 'OK', failed: 'Error' } as const;

/** Refusals of a whole batch file (a row's own errors go in the result file instead). */
export const BATCH_MESSAGES = {
  notXlsx: (name: string) =>
    `${name} is not an ${BATCH_UPLOAD_EXTENSION} file: please upload the template saved as Excel Workbook (${BATCH_UPLOAD_EXTENSION})`,
  unreadable: (name: string) =>
    `${name} could not be read as an ${BATCH_UPLOAD_EXTENSION} workbook; please save it again from Excel and upload it`,
  zipBomb: (name: string) =>
    `${name} unpacks to more than ${megabytes(BATCH_MAX_UNPACKED_BYTES)} or is packed more than ${BATCH_MAX_COMPRESSION_RATIO} times: it is refused as a possible zip bomb`,
  tooManyEntries: (name: string) => `${name} holds more than ${BATCH_MAX_ZIP_ENTRIES} parts: it is not a workbook made from the template`,
  noSheet: (name: string) => `${name} has no worksheet`,
  missingColumns: (columns: readonly string[]) => `The header row lacks the template's columns: ${columns.join(', ')}`,
  noRows: 'The file has no data rows below the header row',
  /** A row's error (the column's header before it) for a cell holding a formula: formulas are never evaluated. */
  formulaCell: 'Cells must hold values, not formulas',
  tooManyRows: (max: number = BATCH_MAX_ROWS) => `The file has more than ${max} data rows: split it into files of at most ${max} rows`,
} as const;
