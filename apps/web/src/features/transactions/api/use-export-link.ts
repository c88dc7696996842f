import { transactionFileDownloadUrl } from '@andes/contract/transaction/endpoints';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** A one-time URL (valid 10 minutes) that downloads the filtered list with a plain GET. */
export function useExportLink() {
  return useMutation({
    mutationFn: (request: TransactionExportRequest) => call(transactionFileDownloadUrl, request),
  });
}
