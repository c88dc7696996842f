import { approvalFileDownload } from '@andes/contract/accounting/endpoints';
import { downloadFile, fetchFile } from '../../../shared/api/download-cache.ts';

export interface ProofRef {
  /** The request's id. */
  id: number;
  fileId: string;
}

/** The bytes of one proof (an image to preview) as a Blob, through the download cache (the token goes in a header). */
export async function proofBlob({ id, fileId }: ProofRef): Promise<Blob> {
  return (await fetchFile(approvalFileDownload, { id, fileId })).blob;
}

/** Saves one proof through the browser's download; resolves with the file's name. */
export function saveProof({ id, fileId, name }: ProofRef & { name: string }): Promise<string> {
  return downloadFile(approvalFileDownload, { id, fileId }, name, { silent: true });
}
