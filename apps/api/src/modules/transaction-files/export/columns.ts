import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime, toEpochMs, zoneOffsetMs } from '@andes/contract/common/dates';
import { centsToUnitsString } from '@andes/contract/common/money';

/**
 * Columns of a transaction export as data, shared by the CSV and the XLSX writers. A column names
 * the row field it reads (`key`), its header in each interface language, and its kind:
 *
 * - `text`: the value as text, defused against formula injection (see `defuseFormula`);
 * - `amount`: integer cents written as currency units with two decimals, exactly (from the
 *   decimal digits of the integer, never a float division), and as a number (never defused);
 * - `instant`: a time written `YYYY-MM-DD HH:mm:ss` in the merchant's zone, the zone named in
 *   the header: `Submit time (America/Sao_Paulo, UTC-3)`;
 * - `status`: a status code, written as its label in the export's language when the column
 *   carries labels, else as the code;
 * - `count`: a whole number that is not money (a count of transactions), written as is and as a
 *   number cell without decimals.
 */

export const EXPORT_LANGUAGES = ['en', 'zh-CN'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** A text in each interface language. */
export type LocalizedText = Readonly<Record<ExportLanguage, string>>;

export const EXPORT_COLUMN_KINDS = ['text', 'amount', 'instant', 'status', 'count'] as const;
export type ExportColumnKind = (typeof EXPORT_COLUMN_KINDS)[number];

/** A row of an export: any object; columns read its fields by key. */
export type ExportRow = Readonly<Record<string, unknown>>;

export interface ExportColumn<Row extends ExportRow = ExportRow> {
  key: keyof Row & string;
  header: LocalizedText;
  kind: ExportColumnKind;
  /** `status` columns: the label of each code in each language (codes without one are written as is). */
  labels?: Readonly<Record<string, LocalizedText>>;
}

export interface ExportOptions {
  language: ExportLanguage;
  /** The merchant's IANA zone (areaAuthorityList `timezoneName`). */
  timeZone: string;
  /** The instant whose offset the headers name (default: now). */
  at?: Date;
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula gets a leading apostrophe; other text is unchanged. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The header of a column in the export's language; time columns name the zone and its offset. */
export function headerText(column: ExportColumn, options: ExportOptions): string {
  const text = column.header[options.language];
  if (column.kind !== 'instant') return text;
  return `${text} (${options.timeZone}, ${utcOffsetLabel(options.timeZone, options.at ?? new Date())})`;
}

const DIGITS = /^-?\d+$/;

/** Integer cents: a safe integer, a bigint, or a string of digits (as COPY and int8 text give them). */
function centsOf(value: unknown): number | bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'bigint') return value;
  // Up to 15 digits a number holds exactly (and is far cheaper than a bigint).
  if (typeof value === 'string' && DIGITS.test(value)) return value.length <= 15 ? Number(value) : BigInt(value);
  return null;
}

/** An instant: a Date, epoch ms (a number or a string of digits), or an ISO string. */
function instantOf(value: unknown): Date | number | string | null {
  if (value instanceof Date || typeof value === 'number') return value;
  if (typeof value === 'string') return DIGITS.test(value) ? Number(value) : value;
  return null;
}

const OFFSET_BUCKET_MS = 15 * 60_000;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Formats instants in one zone fast enough for millions of rows. A zone's offset changes only at
 * whole quarter hours (UTC) in any modern zone, so the offset is computed once per quarter hour
 * and checked at both ends of it: a quarter hour whose two ends differ (a change inside it) is
 * computed exactly for each instant. The result is identical to `formatDateTime`.
 */
export class InstantFormatter {
  private readonly offsets = new Map<number, number | null>();

  constructor(readonly timeZone: string) {}

  /** The zone's offset at `ms`, in ms. */
  offsetAt(ms: number): number {
    const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      if (this.offsets.size > 100_000) this.offsets.clear();
      const start = bucket * OFFSET_BUCKET_MS;
      const first = zoneOffsetMs(this.timeZone, start);
      offset = first === zoneOffsetMs(this.timeZone, start + OFFSET_BUCKET_MS - 1) ? first : null;
      this.offsets.set(bucket, offset);
    }
    return offset ?? zoneOffsetMs(this.timeZone, ms);
  }

  /** `wallClockMs`: the local wall-clock time read as UTC; `text`: `YYYY-MM-DD HH:mm:ss`. */
  format(instant: Date | number | string): { text: string; wallClockMs: number } {
    const ms = toEpochMs(instant);
    const wallClockMs = ms + this.offsetAt(ms);
    const d = new Date(wallClockMs);
    const year = d.getUTCFullYear();
    if (year < 1000 || year > 9999) return { text: formatDateTime(ms, this.timeZone), wallClockMs };
    const text = `${year}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
    return { text, wallClockMs };
  }
}

/** What the writers hand to `exportCell`: the options and the zone's formatter, one per export. */
export interface ExportContext {
  options: ExportOptions;
  instants: InstantFormatter;
}

export function exportContext(options: ExportOptions): ExportContext {
  return { options, instants: new InstantFormatter(options.timeZone) };
}

/** A cell as the writers see it: empty, text (already defused), a decimal number, or a local time. */
export type ExportCell =
  | { type: 'empty' }
  | { type: 'text'; text: string }
  /** `units` is the exact decimal text (`-1234.56`). */
  | { type: 'amount'; units: string }
  /** `text` is the wall-clock time in the zone; `wallClockMs` is that wall clock read as UTC (for spreadsheet dates). */
  | { type: 'instant'; text: string; wallClockMs: number }
  /** A whole number that is not money: `text` is its digits. */
  | { type: 'count'; value: number; text: string };

const EMPTY: ExportCell = { type: 'empty' };

/**
 * One cell of a row. An amount that is not an integer number of cents, or a time that is not an
 * instant, is a programming error of the caller: it throws rather than export a wrong figure.
 */
export function exportCell(column: ExportColumn, row: ExportRow, context: ExportContext): ExportCell {
  const { options } = context;
  const value = row[column.key];
  if (value === null || value === undefined) return EMPTY;
  switch (column.kind) {
    case 'amount': {
      const cents = centsOf(value);
      if (cents === null) throw new TypeError(`column ${column.key}: amount must be integer cents, got ${String(value)}`);
      return { type: 'amount', units: centsToUnitsString(cents) };
    }
    case 'instant': {
      const instant = instantOf(value);
      if (instant === null) throw new TypeError(`column ${column.key}: not an instant`);
      return { type: 'instant', ...context.instants.format(instant) };
    }
    case 'status': {
      const code = String(value);
      const label = column.labels?.[code]?.[options.language] ?? code;
      return { type: 'text', text: defuseFormula(label) };
    }
    case 'count': {
      const n = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n))
        throw new TypeError(`column ${column.key}: count must be an integer, got ${String(value)}`);
      return { type: 'count', value: n, text: String(n) };
    }
    case 'text': {
      // A number is data, never a formula: `-5` stays `-5`.
      if (typeof value === 'number' || typeof value === 'bigint') return { type: 'text', text: String(value) };
      const text = value instanceof Date ? value.toISOString() : String(value);
      return text === '' ? EMPTY : { type: 'text', text: defuseFormula(text) };
    }
  }
}

/**
 * A cell of the lines a report writes around its table (its heading lines before the column
 * header, its closing lines after the rows): text (defused like a text cell), an amount in cents,
 * or nothing.
 */
export type FrameCell = string | { cents: number } | null;
export type FrameLine = readonly FrameCell[];

/** A frame cell as the writers see a table cell. */
export function frameCell(cell: FrameCell): ExportCell {
  if (cell === null) return EMPTY;
  if (typeof cell === 'string') return cell === '' ? EMPTY : { type: 'text', text: defuseFormula(cell) };
  if (!Number.isSafeInteger(cell.cents)) throw new TypeError(`frame amount must be integer cents, got ${String(cell.cents)}`);
  return { type: 'amount', units: centsToUnitsString(cell.cents) };
}
