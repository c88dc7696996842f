import { transactionExportPreflight } from '@andes/contract/download-center/endpoints';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { transactionKeys } from './query-keys.ts';

/**
 * What an export of this filter would write — rows, totals per currency — and whether it is
 * downloaded at once (DIRECT) or prepared by the download center (TASK). Counted anew each time
 * the export dialog opens; `null` waits.
 */
export function useExportPreflight(request: TransactionExportRequest | null) {
  return useQuery({
    queryKey: transactionKeys.exportPreflight(request),
    queryFn: ({ signal }) => call(transactionExportPreflight, request as TransactionExportRequest, { signal }),
    enabled: request !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
