import {
  downloadRecordDownload,
  downloadRecordPage,
  downloadTaskDelete,
  downloadTaskRetry,
} from '@andes/contract/download-center/endpoints';
import type { DownloadRecord, DownloadRecordPageRequest } from '@andes/contract/download-center/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import { downloadCenterKeys } from './query-keys.ts';

/**
 * The pages of download tasks (the list screen fetches them, and polls while one runs). Tasks are
 * queued from other screens (the export dialog), so the list reloads each time it opens.
 */
export const downloadRecordQuery: ListQuery<DownloadRecordPageRequest, DownloadRecord> = {
  key: downloadCenterKeys.page,
  fetch: (request, signal) => call(downloadRecordPage, request, { signal }),
  staleTime: 0,
};

/** A one-time link to a finished file; a refusal (expired, gone) is shown by the client. */
export function useDownloadLink() {
  return useMutation({
    mutationFn: (id: string) => call(downloadRecordDownload, { id }),
  });
}

function useInvalidateRecords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: downloadCenterKeys.all });
}

/** Queues a failed task again; the list then polls it. */
export function useTaskRetry() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: (id: string) => call(downloadTaskRetry, {}, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Deletes a task and its file (a running task stops). */
export function useTaskDelete() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: (id: string) => call(downloadTaskDelete, {}, { params: { id } }),
    onSuccess: invalidate,
  });
}
