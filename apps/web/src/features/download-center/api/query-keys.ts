import type { DownloadRecordPageRequest } from '@andes/contract/download-center/schemas';

/** Query keys of the download center; a retry or a delete invalidates `all`. */
export const downloadCenterKeys = {
  all: ['download-center'] as const,
  page: (request: DownloadRecordPageRequest) => [...downloadCenterKeys.all, 'page', request] as const,
};
