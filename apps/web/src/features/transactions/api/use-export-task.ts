import { transactionExportTaskCreate } from '@andes/contract/download-center/endpoints';
import type { TransactionExportTaskRequest } from '@andes/contract/download-center/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/**
 * Queues the export in the download center. The request carries the dialog's idempotency key: a
 * retry or a second click answers the same task rather than queueing another.
 */
export function useExportTask() {
  return useMutation({
    mutationFn: (request: TransactionExportTaskRequest) => call(transactionExportTaskCreate, request),
  });
}
