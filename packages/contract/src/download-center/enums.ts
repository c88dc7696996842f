import { z } from 'zod';

/** States of a download task (spec §4); a FAIL task can be retried. */
export const DOWNLOAD_TASK_STATES = ['PENDING', 'IN_PROGRESS', 'COMPLETE', 'FAIL'] as const;
export type DownloadTaskState = (typeof DOWNLOAD_TASK_STATES)[number];
export const DownloadTaskStateSchema = z.enum(DOWNLOAD_TASK_STATES);

/**
 * What a task writes. Each module that produces long reports adds its type here and its writer on
 * the server (finance statements, daily reports, sub-merchant summaries…).
 */
export const REPORT_TYPES = ['TRANSACTION', 'STATEMENT'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const ReportTypeSchema = z.enum(REPORT_TYPES);

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const ReportFormatSchema = z.enum(REPORT_FORMATS);

/** A finished file is kept this many days after it is written, then deleted (its record says so). */
export const DOWNLOAD_RETENTION_DAYS = 7;
/** A download link of the download center works once, within this many minutes. */
export const DOWNLOAD_LINK_TTL_MINUTES = 5;
/**
 * A transaction export of more rows than this goes through the download center; up to it, the
 * file is streamed at once (about 15 MB of CSV, a few seconds on the server). The default of the
 * server's ANDES_DIRECT_EXPORT_MAX_ROWS; the pre-flight answer says the figure in force.
 */
export const DIRECT_EXPORT_MAX_ROWS = 50_000;
/** A failed task can be retried this many times from the screen. */
export const DOWNLOAD_TASK_MAX_ATTEMPTS = 5;

/** `dt_` + 22 base64url characters (128 random bits): the only id of a task that leaves the server. */
export const DOWNLOAD_TASK_ID_PATTERN = /^dt_[A-Za-z0-9_-]{22}$/;
export const DownloadTaskIdSchema = z.string().regex(DOWNLOAD_TASK_ID_PATTERN, 'Not a valid download task id');
