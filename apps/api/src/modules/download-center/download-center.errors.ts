import { DOWNLOAD_RETENTION_DAYS, DOWNLOAD_TASK_MAX_ATTEMPTS } from '@andes/contract/download-center/enums';
import { CommonErrors } from '../../http/errors.ts';

/** Refusals of the download center, each saying what to do instead. */
export const DownloadCenterErrors = {
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
  notReady: (state: string) =>
    CommonErrors.conflict(
      state === 'FAIL'
        ? 'This task failed: retry it to write the file again'
        : 'The file is still being written: download it once the task is complete',
    ),
  expired: () =>
    CommonErrors.conflict(`This file was deleted after ${DOWNLOAD_RETENTION_DAYS} days: export the report again to get a new file`),
  notRetryable: (state: string) =>
    CommonErrors.conflict(state === 'COMPLETE' ? 'This task is complete: download its file' : 'Only a failed task can be retried'),
  noAttemptsLeft: () =>
    CommonErrors.conflict(
      `This task failed ${DOWNLOAD_TASK_MAX_ATTEMPTS} times: delete it and export the report again, or contact support`,
    ),
} as const;
