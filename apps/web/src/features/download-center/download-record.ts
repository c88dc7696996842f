import type { Currency } from '@andes/contract/common/countries';
import type { DownloadRecord, ReportFigures } from '@andes/contract/download-center/schemas';

/**
 * How a download task is presented (pure logic of the download center screen): whether it is
 * still running, its progress, when its file expires, whether it may be downloaded, and its proof
 * of completeness — the figures counted before it was written against the figures of the file.
 */

/** While a task on screen is still running, the list reloads this often (ms). */
export const DOWNLOAD_POLL_MS = 2_000;

const DAY_MS = 86_400_000;

/** A task still being written (PENDING or IN_PROGRESS). */
export function isUnfinished(record: Pick<DownloadRecord, 'state'>): boolean {
  return record.state === 'PENDING' || record.state === 'IN_PROGRESS';
}

/** How often the rows on screen reload: every DOWNLOAD_POLL_MS while any of them is running, else never. */
export function pollWhileRunning(rows: readonly Pick<DownloadRecord, 'state'>[]): number | false {
  return rows.some(isUnfinished) ? DOWNLOAD_POLL_MS : false;
}

/** A finished file that has not expired can be downloaded. */
export function canDownload(record: Pick<DownloadRecord, 'state' | 'expired'>): boolean {
  return record.state === 'COMPLETE' && !record.expired;
}

/** Rows written of the rows expected, as a whole percentage (0 to 100). */
export function progressPercent(record: Pick<DownloadRecord, 'rowsWritten' | 'rowsExpected'>): number {
  if (record.rowsExpected <= 0) return 0;
  return Math.min(100, Math.floor((record.rowsWritten * 100) / record.rowsExpected));
}

export type Expiration = { kind: 'none' } | { kind: 'expired' } | { kind: 'expires'; days: number };

/**
 * When the file goes: not yet known (no file yet), gone, or in so many days (a part of a day
 * counts as a day: "expires in 1 day" until it has expired).
 */
export function expirationOf(record: Pick<DownloadRecord, 'expiresAt' | 'expired'>, now: Date | number): Expiration {
  if (record.expired) return { kind: 'expired' };
  if (record.expiresAt === null) return { kind: 'none' };
  const left = Date.parse(record.expiresAt) - Number(now);
  if (left <= 0) return { kind: 'expired' };
  return { kind: 'expires', days: Math.ceil(left / DAY_MS) };
}

/** A file's size for people: bytes, KB, MB or GB (1,024 each), one decimal above bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** One line of the proof: a figure counted before writing against the file's. */
export interface ProofLine {
  /** `rows`, or the currency of a total. */
  figure: 'rows' | Currency;
  expected: number | null;
  written: number | null;
  equal: boolean;
}

export interface Completeness {
  /** `pending` until the file's figures are known (the task is not COMPLETE). */
  verdict: 'pending' | 'matches' | 'differs';
  lines: ProofLine[];
}

/**
 * The proof of completeness of a task: the row count and each currency's total counted before
 * the file was written, against the figures the file holds. It matches when every figure is
 * equal (a currency on one side only is a difference).
 */
export function completenessOf(expected: ReportFigures, written: ReportFigures | null): Completeness {
  const currencies: Currency[] = [];
  for (const total of [...expected.totals, ...(written?.totals ?? [])]) {
    if (!currencies.includes(total.currency)) currencies.push(total.currency);
  }
  const centsOf = (figures: ReportFigures | null, currency: Currency) =>
    figures === null ? null : (figures.totals.find((t) => t.currency === currency)?.cents ?? null);
  const lines: ProofLine[] = [
    { figure: 'rows', expected: expected.rowCount, written: written?.rowCount ?? null, equal: written?.rowCount === expected.rowCount },
    ...currencies.map((currency) => {
      const before = centsOf(expected, currency);
      const after = centsOf(written, currency);
      return { figure: currency, expected: before, written: after, equal: before !== null && before === after };
    }),
  ];
  if (written === null) return { verdict: 'pending', lines };
  return { verdict: lines.every((line) => line.equal) ? 'matches' : 'differs', lines };
}
