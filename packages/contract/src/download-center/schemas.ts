import { z } from 'zod';
import { CurrencySchema } from '../common/countries.ts';
import { InstantSchema, RecordId } from '../common/fields.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { DownloadTaskIdSchema, DownloadTaskStateSchema, ReportFormatSchema, ReportTypeSchema } from './enums.ts';

/**
 * The download center: long reports and exports are written by a background job into a file that
 * the record offers for DOWNLOAD_RETENTION_DAYS. Every file carries its proof of completeness — the
 * row count, the sum per currency and the SHA-256 of its data rows — in a trailer (CSV: the last
 * lines; XLSX: a second sheet), and the record shows the same figures.
 */

/** A sum of money in cents per currency (a total of many rows: any safe integer). */
export const CurrencyTotal = z.object({
  currency: CurrencySchema,
  cents: z.number().int().refine(Number.isSafeInteger),
});
export type CurrencyTotal = z.infer<typeof CurrencyTotal>;

/** What a file holds: its data rows and their amounts per currency, in currency order. */
export const ReportFigures = z.object({
  rowCount: z.number().int().min(0),
  totals: z.array(CurrencyTotal),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

export const DownloadRecord = z.object({
  id: DownloadTaskIdSchema,
  fileName: z.string(),
  reportType: ReportTypeSchema,
  format: ReportFormatSchema,
  state: DownloadTaskStateSchema,
  creatorUserId: RecordId,
  creatorUsername: z.string(),
  createdAt: InstantSchema,
  startedAt: InstantSchema.nullable(),
  finishedAt: InstantSchema.nullable(),
  /** When the file is (or was) deleted: DOWNLOAD_RETENTION_DAYS after it was written; null until then. */
  expiresAt: InstantSchema.nullable(),
  /** The file has been deleted (retention over); the record stays to say so. */
  expired: z.boolean(),
  /** Bytes of the finished file. */
  size: z.number().int().min(0).nullable(),
  /** Progress of a running task: rows written so far of the rows expected. */
  rowsWritten: z.number().int().min(0),
  rowsExpected: z.number().int().min(0),
  /** The figures counted before the task was queued (the pre-flight the creator saw). */
  expected: ReportFigures,
  /** The figures of the finished file (its trailer); null until COMPLETE. */
  written: ReportFigures.nullable(),
  /** SHA-256 (hex) of the file's data rows, as in its trailer; null until COMPLETE. */
  sha256: z.string().nullable(),
  attempts: z.number().int().min(0),
  /** Why the last attempt failed, in words a person can act on (FAIL only). */
  failureReason: z.string().nullable(),
  /** A FAIL task that may be tried again. */
  retryable: z.boolean(),
});
export type DownloadRecord = z.infer<typeof DownloadRecord>;

export const DownloadRecordPageRequest = PageRequest.extend({
  state: DownloadTaskStateSchema.optional(),
  reportType: ReportTypeSchema.optional(),
});
export type DownloadRecordPageRequest = z.input<typeof DownloadRecordPageRequest>;

export const DownloadRecordPage = pageOf(DownloadRecord);
export type DownloadRecordPage = z.infer<typeof DownloadRecordPage>;

export const DownloadTaskParams = z.object({ id: DownloadTaskIdSchema });
export type DownloadTaskParams = z.infer<typeof DownloadTaskParams>;

export const DownloadRecordDownloadRequest = z.object({ id: DownloadTaskIdSchema });

/** A one-time URL (a path on the API's origin) that downloads the file with a plain GET until `expiresAt`. */
export const DownloadLink = z.object({ url: z.string(), expiresAt: InstantSchema });
export type DownloadLink = z.infer<typeof DownloadLink>;

// ---------------------------------------------------------------------------------------------
// Transaction exports through the download center
// ---------------------------------------------------------------------------------------------

/** What an export of this filter would write, counted before anything is queued. */
export const ExportPreflight = ReportFigures.extend({
  /** DIRECT: the file is small enough to stream now; TASK: it goes through the download center. */
  route: z.enum(['DIRECT', 'TASK']),
  /** The most rows an export downloads at once on this server (more go through the download center). */
  directMaxRows: z.number().int().positive(),
});
export type ExportPreflight = z.infer<typeof ExportPreflight>;

/** `/dashboard/transaction/file/export/task/create` (defined beside the transaction export request). */
export { TransactionExportTaskRequest } from '../transaction/schemas.ts';
