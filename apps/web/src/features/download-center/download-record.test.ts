import { describe, expect, it } from 'vitest';
import { completeRecord, failedRecord, NOW, runningRecord } from './__tests__/fixtures.ts';
import {
  canDownload,
  completenessOf,
  DOWNLOAD_POLL_MS,
  expirationOf,
  formatBytes,
  isUnfinished,
  pollWhileRunning,
  progressPercent,
} from './download-record.ts';

const DAY_MS = 86_400_000;

describe('download task presentation', () => {
  it('polls while a task on screen is pending or in progress, and stops when none is', () => {
    expect(pollWhileRunning([completeRecord(), runningRecord()])).toBe(DOWNLOAD_POLL_MS);
    expect(pollWhileRunning([runningRecord({ state: 'PENDING' })])).toBe(DOWNLOAD_POLL_MS);
    expect(pollWhileRunning([completeRecord(), failedRecord()])).toBe(false);
    expect(pollWhileRunning([])).toBe(false);
    expect(isUnfinished({ state: 'FAIL' })).toBe(false);
  });

  it('offers the download of a complete file that has not expired only', () => {
    expect(canDownload(completeRecord())).toBe(true);
    expect(canDownload(completeRecord({ expired: true }))).toBe(false);
    expect(canDownload(runningRecord())).toBe(false);
    expect(canDownload(failedRecord())).toBe(false);
  });

  it('measures the progress in whole percents, never past 100', () => {
    expect(progressPercent({ rowsWritten: 12_000, rowsExpected: 50_000 })).toBe(24);
    expect(progressPercent({ rowsWritten: 1, rowsExpected: 3 })).toBe(33);
    expect(progressPercent({ rowsWritten: 0, rowsExpected: 0 })).toBe(0);
    expect(progressPercent({ rowsWritten: 70, rowsExpected: 50 })).toBe(100);
  });

  it('counts the days until expiry, a part of a day as a day', () => {
    const expires = (ms: number) => ({ expiresAt: new Date(NOW.getTime() + ms).toISOString(), expired: false });
    expect(expirationOf(expires(5.5 * DAY_MS), NOW)).toEqual({ kind: 'expires', days: 6 });
    expect(expirationOf(expires(7 * DAY_MS), NOW)).toEqual({ kind: 'expires', days: 7 });
    expect(expirationOf(expires(60_000), NOW)).toEqual({ kind: 'expires', days: 1 });
    expect(expirationOf(expires(0), NOW)).toEqual({ kind: 'expired' });
    expect(expirationOf({ ...expires(DAY_MS), expired: true }, NOW)).toEqual({ kind: 'expired' });
    expect(expirationOf({ expiresAt: null, expired: false }, NOW)).toEqual({ kind: 'none' });
  });

  it('shows sizes in bytes, KB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });
});

describe('proof of completeness', () => {
  const expected = {
    rowCount: 3,
    totals: [
      { currency: 'BRL' as const, cents: 1_000 },
      { currency: 'USD' as const, cents: 250 },
    ],
  };

  it('matches when the rows and every currency total are equal', () => {
    const proof = completenessOf(expected, structuredClone(expected));
    expect(proof.verdict).toBe('matches');
    expect(proof.lines).toEqual([
      { figure: 'rows', expected: 3, written: 3, equal: true },
      { figure: 'BRL', expected: 1_000, written: 1_000, equal: true },
      { figure: 'USD', expected: 250, written: 250, equal: true },
    ]);
  });

  it('does not match when a count, a total or a currency differs', () => {
    expect(completenessOf(expected, { ...expected, rowCount: 2 }).verdict).toBe('differs');
    const short = completenessOf(expected, { rowCount: 3, totals: [{ currency: 'BRL', cents: 1_000 }] });
    expect(short.verdict).toBe('differs');
    expect(short.lines.at(-1)).toEqual({ figure: 'USD', expected: 250, written: null, equal: false });
    const extra = completenessOf(expected, { rowCount: 3, totals: [...expected.totals, { currency: 'MXN', cents: 1 }] });
    expect(extra.verdict).toBe('differs');
    expect(extra.lines.at(-1)).toEqual({ figure: 'MXN', expected: null, written: 1, equal: false });
  });

  it('waits for the file before judging', () => {
    const proof = completenessOf(expected, null);
    expect(proof.verdict).toBe('pending');
    expect(proof.lines.every((line) => line.written === null && !line.equal)).toBe(true);
  });
});
