import { formatDateTime } from '../common/dates.ts';
import type { ActivityEntry } from './schemas.ts';

/**
 * The activity export's CSV (RFC 4180): UTF-8 with a byte-order mark (so spreadsheet programs
 * read accents and CJK right), CRLF line ends, and times in the merchant's zone, named in the
 * header. Cells that a spreadsheet would run as a formula are defused.
 */

export const ACTIVITY_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export const ACTIVITY_CSV_COLUMNS = [
  'time',
  'actor',
  'event',
  'outcome',
  'objectType',
  'objectId',
  'objectLabel',
  'ip',
  'userAgent',
  'details',
] as const;
export type ActivityCsvColumn = (typeof ACTIVITY_CSV_COLUMNS)[number];

const HEADERS: Readonly<Record<Exclude<ActivityCsvColumn, 'time'>, string>> = {
  actor: 'User',
  event: 'Event',
  outcome: 'Outcome',
  objectType: 'Object type',
  objectId: 'Object id',
  objectLabel: 'Object',
  ip: 'IP address',
  userAgent: 'User agent',
  details: 'Details',
};

/**
 * One CSV cell. Text starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be run as
 * a formula by spreadsheet programs (CSV injection): it gets a leading `'`. Cells with a comma,
 * quote or line break are quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}${CSV_LINE_END}`;
}

/** The header line; the time column names the zone: `Time (America/Sao_Paulo)`. */
export function activityCsvHeader(timeZone: string): string {
  return csvLine(ACTIVITY_CSV_COLUMNS.map((c) => (c === 'time' ? `Time (${timeZone})` : HEADERS[c])));
}

/** Details as `key=value` pairs separated by `; `, keys sorted. */
export function formatActivityDetails(details: Readonly<Record<string, string>>): string {
  return Object.keys(details)
    .sort()
    .map((k) => `${k}=${details[k]}`)
    .join('; ');
}

/** One entry as a CSV line, its time as `YYYY-MM-DD HH:mm:ss` in the zone. */
export function activityCsvRow(entry: ActivityEntry, timeZone: string): string {
  const cells: Record<ActivityCsvColumn, string | null> = {
    time: formatDateTime(entry.time, timeZone),
    actor: entry.actorUsername,
    event: entry.event,
    outcome: entry.outcome,
    objectType: entry.objectType,
    objectId: entry.objectId,
    objectLabel: entry.objectLabel,
    ip: entry.ip,
    userAgent: entry.userAgent,
    details: formatActivityDetails(entry.details),
  };
  return csvLine(ACTIVITY_CSV_COLUMNS.map((c) => cells[c]));
}

/** The export's file name: `activity-2026-03-01_2026-03-31.csv`. */
export function activityCsvFileName(from: string, to: string): string {
  return `activity-${from}_${to}.csv`;
}
