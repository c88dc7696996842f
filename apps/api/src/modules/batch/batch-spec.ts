import type { z } from 'zod';

/**
 * What a module tells the batch tool about its file (docs/decisions/0021): the columns of the
 * template, and the zod schema one row must pass. Rows reach the schema as texts keyed by column
 * (what the person typed, whatever Excel made of it: see cellText), so the schema is built from
 * the contract's text-based validators exactly like a form's.
 */

export interface BatchColumn {
  /** The property of the row object given to the row schema. */
  key: string;
  /** The header cell of the template; an upload is matched by it (letter case, spaces and a trailing `*` aside). */
  header: string;
  /** The value of the template's example row. */
  example: string | number;
  /** Column width in characters (default: fits the header and the example). */
  width?: number;
  /** Marked with `*` in the template's header (the row schema decides what is really required). */
  required?: boolean;
  /** The values offered in a drop-down (Excel data validation on the data rows). */
  options?: readonly string[];
  /** Cells formatted as text, so Excel keeps what is typed (leading zeros of CPF, CLABE, account numbers). */
  text?: boolean;
  /** One line shown as the header cell's note (format, unit, limits). */
  hint?: string;
}

/** A column the result file adds for rows the module processed (a created id, a generated link). */
export interface BatchOutputColumn {
  key: string;
  header: string;
  width?: number;
}

export interface BatchSpec<Row> {
  /** The template's data sheet (Excel allows at most 31 characters); an upload is read from the sheet of this name, else its first sheet. */
  sheetName: string;
  /** File name of the template, with `.xlsx`. */
  templateName: string;
  columns: readonly BatchColumn[];
  /** One row, as texts keyed by column key, to the module's row; each issue becomes the row's error text. */
  row: z.ZodType<Row>;
  /** Columns the result file adds after the template's (filled from BatchOutcome.values). */
  outputColumns?: readonly BatchOutputColumn[];
  /** Most data rows (default BATCH_MAX_ROWS, which is also the most a spec may allow). */
  maxRows?: number;
  /**
   * A cell holding a formula is never evaluated: by default it is read as the result Excel saved
   * with it; `refuse` makes it the row's error (`Header: Cells must hold values, not formulas`),
   * for files whose every value must be what a person typed (amounts, account numbers).
   */
  formulas?: 'result' | 'refuse';
}

/** True when a cell's value (as exceljs reads it) is a formula, whatever its cached result. */
export function isFormulaCell(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);
}

/** One data row of an upload as read: where it was, what it held, and what the row schema made of it. */
export interface BatchRow<Row> {
  /** The row's number in the uploaded sheet (the header is usually row 1). */
  rowNumber: number;
  /** The cells of the template's columns, as texts. */
  cells: Readonly<Record<string, string>>;
  result: { ok: true; value: Row } | { ok: false; errors: readonly string[] };
}

/** What a module made of a valid row: done (with output values), or refused with a reason. */
export type BatchOutcome = { ok: true; values?: Readonly<Record<string, string>> } | { ok: false; error: string };

/** The wall-clock date of an Excel date cell (exceljs gives UTC instants): `2026-03-01`, or the instant when it has a time. */
function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/**
 * A cell's value as the text a person sees: strings as they are, numbers in their shortest exact
 * form, booleans as TRUE/FALSE, dates as ISO dates, a formula as its cached result, rich text and
 * links as their text, an error as its code (`#N/A`).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: unknown }[]; result?: unknown; formula?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    if (typeof v.text === 'object') return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

/** A header as matched: trimmed, inner spaces collapsed, lower case, a trailing `*` (required mark) dropped. */
export function headerKey(text: string): string {
  return text
    .replace(/\*\s*$/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
