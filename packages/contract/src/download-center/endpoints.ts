import { defineEndpoint, EmptyRequest, EmptyResponse } from '../common/define-endpoint.ts';
import { TransactionExportRequest } from '../transaction/schemas.ts';
import {
  DownloadLink,
  DownloadRecord,
  DownloadRecordDownloadRequest,
  DownloadRecordPage,
  DownloadRecordPageRequest,
  DownloadTaskParams,
  ExportPreflight,
  TransactionExportTaskRequest,
} from './schemas.ts';

/**
 * The download center (spec §7). Records are the caller's merchant's, and a sub-merchant user's
 * are those created within their sub-merchant; another merchant's id answers NOT_FOUND.
 */
export const downloadRecordPage = defineEndpoint({
  path: '/dashboard/download-center/record/page',
  summary: 'Download tasks, newest first, with their state, progress and figures',
  permission: 'download-center',
  request: DownloadRecordPageRequest,
  response: DownloadRecordPage,
});

/** A one-time link to a COMPLETE task's file (DOWNLOAD_LINK_TTL_MINUTES); refused once the file expired. */
export const downloadRecordDownload = defineEndpoint({
  path: '/dashboard/download-center/record/download',
  summary: 'A one-time download link for a finished file',
  permission: 'download-center',
  request: DownloadRecordDownloadRequest,
  response: DownloadLink,
});

/** Queues a FAIL task again (its attempts are counted; a COMPLETE or running task is refused). */
export const downloadTaskRetry = defineEndpoint({
  path: '/dashboard/download-center/download-report/retry/:id',
  summary: 'Retry a failed download task',
  permission: 'download-center',
  params: DownloadTaskParams,
  request: EmptyRequest,
  response: DownloadRecord,
});

/** Deletes a record and its file; a running task is stopped first. */
export const downloadTaskDelete = defineEndpoint({
  path: '/dashboard/download-center/delete/:id',
  summary: 'Delete a download task and its file (a running task stops)',
  permission: 'download-center:delete',
  params: DownloadTaskParams,
  request: EmptyRequest,
  response: EmptyResponse,
});

/**
 * Before a transaction export: the rows and per-currency sums the filter holds now, and whether
 * the file is streamed at once (DIRECT) or written by the download center (TASK).
 */
export const transactionExportPreflight = defineEndpoint({
  path: '/dashboard/transaction/file/export/preflight',
  summary: 'Count the rows and sum the amounts a transaction export would write',
  permission: 'transactions:export',
  timeoutMs: 60_000,
  request: TransactionExportRequest,
  response: ExportPreflight,
});

/** Queues a transaction export in the download center; the same idempotency key answers the same task. */
export const transactionExportTaskCreate = defineEndpoint({
  path: '/dashboard/transaction/file/export/task/create',
  summary: 'Queue a transaction export as a download task',
  permission: 'transactions:export',
  timeoutMs: 60_000,
  request: TransactionExportTaskRequest,
  response: DownloadRecord,
});
