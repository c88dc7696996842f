import { transactionAttachmentDownload } from '@andes/contract/transaction/endpoints';
import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadFile, fetchFile } from '../../../shared/api/download-cache.ts';
import { transactionKeys } from './query-keys.ts';

export interface AttachmentRef {
  /** The transaction's id. */
  id: number;
  fileId: string;
}

/**
 * The bytes of one attachment (an image to preview) as a Blob, through the download cache: the
 * token goes in a header, so an `<img src>` pointing at the API could not load it. A file's bytes
 * never change, so the answer stays fresh.
 */
export function useAttachmentBlob({ id, fileId }: AttachmentRef) {
  return useQuery({
    queryKey: transactionKeys.attachment(id, fileId),
    queryFn: async () => (await fetchFile(transactionAttachmentDownload, { id, fileId })).blob,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Saves one attachment through the browser's download; resolves with the file's name. */
export function useAttachmentDownload() {
  return useMutation({
    mutationFn: ({ id, fileId, name }: AttachmentRef & { name: string }) =>
      downloadFile(transactionAttachmentDownload, { id, fileId }, name, { silent: true }),
  });
}
