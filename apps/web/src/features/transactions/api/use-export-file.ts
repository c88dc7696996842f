import { transactionFileDownload } from '@andes/contract/transaction/endpoints';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download-cache.ts';
import { exportFallbackName } from '../transaction-export.ts';

/** Downloads the filtered list as CSV or XLSX (through the download cache); resolves with the file's name. */
export function useExportFile() {
  return useMutation({
    mutationFn: (request: TransactionExportRequest) => downloadFile(transactionFileDownload, request, exportFallbackName(request)),
  });
}
