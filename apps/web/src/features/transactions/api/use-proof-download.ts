import type { ProofVariant } from '@andes/contract/transaction/enums';
import { PROOF_DOWNLOAD_ENDPOINTS } from '@andes/contract/transaction/proof-endpoints';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download-cache.ts';

export interface ProofDownload {
  id: number;
  uniqueId: string;
  variant: ProofVariant;
}

/** Downloads one proof PDF (through the download cache); resolves with the file's name. */
export function useProofDownload() {
  return useMutation({
    mutationFn: ({ id, uniqueId, variant }: ProofDownload) =>
      downloadFile(PROOF_DOWNLOAD_ENDPOINTS[variant], { id }, `proof-${uniqueId}-${variant}.pdf`),
  });
}
