import { transactionExportPreflight, transactionExportTaskCreate } from '@andes/contract/download-center/endpoints';
import { transactionFileDownload, transactionFileDownloadUrl } from '@andes/contract/transaction/endpoints';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { call } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download-cache.ts';
import type { ExportCalls } from '../../../shared/export/export-calls.ts';
import { exportFallbackName } from '../transaction-export.ts';
import { transactionKeys } from './query-keys.ts';

/**
 * The calls of a transaction list's export: the pre-flight count, the file through the download
 * cache, a one-time link (valid 10 minutes) for large results, and the download-center task.
 */
export const transactionExportCalls: ExportCalls<TransactionExportRequest> = {
  preflightKey: (request) => transactionKeys.exportPreflight(request),
  preflight: (request, signal) => call(transactionExportPreflight, request, { signal }),
  createTask: (request, idempotencyKey) => call(transactionExportTaskCreate, { ...request, idempotencyKey }),
  download: (request) => downloadFile(transactionFileDownload, request, exportFallbackName(request)),
  link: (request) => call(transactionFileDownloadUrl, request),
};
