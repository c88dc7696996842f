import { transactionAttachmentDownload } from '@andes/contract/transaction/endpoints';
import { downloadFile, fetchFile } from '../../../shared/api/download-cache.ts';

export interface AttachmentRef {
  /** The transaction's id. */
  id: number;
  fileId: string;
}

/**
 * The bytes of one attachment (an image to preview) as a Blob, through the download cache: the
 * token goes in a header, so an `<img src>` pointing at the API could not load it. The file list
 * keeps it in a query that never goes stale (a file's bytes never change).
 */
export async function attachmentBlob({ id, fileId }: AttachmentRef): Promise<Blob> {
  return (await fetchFile(transactionAttachmentDownload, { id, fileId })).blob;
}

/** Saves one attachment through the browser's download; resolves with the file's name. */
export function saveAttachment({ id, fileId, name }: AttachmentRef & { name: string }): Promise<string> {
  return downloadFile(transactionAttachmentDownload, { id, fileId }, name, { silent: true });
}
