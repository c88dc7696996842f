import type { DownloadRecord } from '@andes/contract/download-center/schemas';

/** "Now" of the download-center tests. */
export const NOW = new Date('2026-01-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

/** A finished CSV whose figures match: 1,234 rows, BRL and USD totals, expiring in 6 days. */
export function completeRecord(overrides: Partial<DownloadRecord> = {}): DownloadRecord {
  const figures = {
    rowCount: 1234,
    totals: [
      { currency: 'BRL' as const, cents: 123_456_789 },
      { currency: 'USD' as const, cents: 50_000 },
    ],
  };
  return {
    id: 'dt_completeCsvFile0000001',
    fileName: 'transactions-payin-BR-2026-01-14.csv',
    reportType: 'TRANSACTION',
    format: 'csv',
    state: 'COMPLETE',
    creatorUserId: 7,
    creatorUsername: 'demo.finance',
    createdAt: at(-DAY_MS),
    startedAt: at(-DAY_MS + 1_000),
    finishedAt: at(-DAY_MS + 60_000),
    expiresAt: at(5.5 * DAY_MS),
    expired: false,
    size: 1_572_864,
    rowsWritten: 1234,
    rowsExpected: 1234,
    expected: figures,
    written: figures,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    attempts: 1,
    failureReason: null,
    retryable: false,
    ...overrides,
  };
}

/** A task being written: 12,000 of 50,000 rows. */
export function runningRecord(overrides: Partial<DownloadRecord> = {}): DownloadRecord {
  return completeRecord({
    id: 'dt_runningXlsxFile0000002',
    fileName: 'transactions-payout-MX-2026-01-15.xlsx',
    format: 'xlsx',
    state: 'IN_PROGRESS',
    createdAt: at(-120_000),
    finishedAt: null,
    expiresAt: null,
    size: null,
    rowsWritten: 12_000,
    rowsExpected: 50_000,
    expected: { rowCount: 50_000, totals: [{ currency: 'MXN', cents: 987_654_321 }] },
    written: null,
    sha256: null,
    ...overrides,
  });
}

/** A failed task that may be retried. */
export function failedRecord(overrides: Partial<DownloadRecord> = {}): DownloadRecord {
  return completeRecord({
    id: 'dt_failedCsvFile000000003',
    fileName: 'transactions-payin-CO-2026-01-13.csv',
    state: 'FAIL',
    createdAt: at(-2 * DAY_MS),
    finishedAt: at(-2 * DAY_MS + 30_000),
    expiresAt: null,
    size: null,
    rowsWritten: 4_000,
    written: null,
    sha256: null,
    attempts: 2,
    failureReason: 'The database did not answer in time; try again',
    retryable: true,
    ...overrides,
  });
}

/** A file past its retention: gone. */
export function expiredRecord(): DownloadRecord {
  return completeRecord({
    id: 'dt_expiredCsvFile00000004',
    fileName: 'transactions-payin-BR-2026-01-01.csv',
    createdAt: at(-14 * DAY_MS),
    expiresAt: at(-6 * DAY_MS),
    expired: true,
  });
}

export function recordPage(list: DownloadRecord[], nextCursor: string | null = null) {
  return { list, total: list.length, totalCapped: false, nextCursor };
}
