import {
  caseClose,
  caseDetail,
  caseEdit,
  caseFileDownload,
  caseFileUpload,
  casePage,
  caseReopen,
  caseReplyPage,
  caseReplySave,
  caseSave,
  caseStatistics,
} from '@andes/contract/support/endpoints';
import type {
  CaseActionRequest,
  CaseDetail,
  CaseEditRequest,
  CaseReplySaveRequest,
  CaseSaveRequest,
  CaseStatisticsRequest,
  SupportCase,
} from '@andes/contract/support/schemas';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { downloadFile, fetchFile } from '../../../shared/api/download-cache.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { CaseListRequest } from '../support-url.ts';

/** The case files' uploader endpoint (appendices of a case and of replies: 3 files, 10 MB each). */
export const CASE_UPLOAD = caseFileUpload;

/** A case and its thread reload this often while the page is open (a platform reply appears by itself). */
export const CASE_POLL_MS = 15_000;
/** Replies per page of the thread. */
const REPLY_PAGE_SIZE = 50;

/** Query keys of the support screens; any change of a case invalidates `all`. */
export const supportKeys = {
  all: ['support'] as const,
  statistics: (request: CaseStatisticsRequest) => [...supportKeys.all, 'statistics', request] as const,
  page: (request: CaseListRequest) => [...supportKeys.all, 'page', request] as const,
  detail: (id: number) => [...supportKeys.all, 'detail', id] as const,
  replies: (id: number) => [...supportKeys.all, 'replies', id] as const,
  /** A case's files' previews (a file's bytes never change). */
  files: (id: number) => ['support-files', id] as const,
};

/** The cases' pages (reloaded whenever the screen opens: the provider moves them). */
export const caseListQuery: ListQuery<CaseListRequest, SupportCase> = {
  key: (request) => supportKeys.page(request),
  fetch: (request, signal) => call(casePage, request, { signal }),
  staleTime: 0,
};

/** Cases per status for the status chips. */
export function useCaseStatistics(request: CaseStatisticsRequest) {
  return useQuery({
    queryKey: supportKeys.statistics(request),
    queryFn: ({ signal }) => call(caseStatistics, request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * One case with its linked transaction. While the page is open it reloads every CASE_POLL_MS and
 * when the window gets the focus again, so the provider's replies and changes show by themselves.
 */
export function useCaseDetail(id: number | null, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: supportKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(caseDetail, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: options.poll ? CASE_POLL_MS : false,
    refetchOnWindowFocus: options.poll ?? false,
  });
}

/** A case's thread, oldest first, page after page; reloads with the case. */
export function useCaseReplies(id: number) {
  return useInfiniteQuery({
    queryKey: supportKeys.replies(id),
    queryFn: ({ signal, pageParam }) =>
      call(
        caseReplyPage,
        { id, order: 'OLDEST_FIRST', pageSize: REPLY_PAGE_SIZE, ...(pageParam === undefined ? {} : { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchInterval: CASE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

function useSettled() {
  const queryClient = useQueryClient();
  return (detail?: CaseDetail) => {
    if (detail) queryClient.setQueryData(supportKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: supportKeys.all });
  };
}

/** Opens a case (idempotent by the form's key), then refreshes the screens. */
export function useCaseSave() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (request: CaseSaveRequest) => call(caseSave, request, { silent: true }),
    onSuccess: () => settled(),
  });
}

/** Changes a case (conditional on the version the form loaded). */
export function useCaseEdit() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (request: CaseEditRequest) => call(caseEdit, request, { silent: true }),
    onSuccess: (detail) => settled(detail),
    onError: () => settled(),
  });
}

/** Replies in a case (idempotent by the reply box's request id). */
export function useCaseReply() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (request: CaseReplySaveRequest) => call(caseReplySave, request, { silent: true }),
    onSuccess: () => settled(),
  });
}

/** Closes or reopens a case with instructions (idempotent by the dialog's request id). */
export function useCaseAction() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ action, request }: { action: 'CLOSE' | 'REOPEN'; request: CaseActionRequest }) =>
      call(action === 'CLOSE' ? caseClose : caseReopen, request, { silent: true }),
    onSuccess: (detail) => settled(detail),
    onError: () => settled(),
  });
}

/** The bytes of one case file (an image to preview), through the download cache. */
export async function caseFileBlob(id: number, fileId: string): Promise<Blob> {
  return (await fetchFile(caseFileDownload, { id, fileId })).blob;
}

/** Saves one case file through the browser's download; resolves with the file's name. */
export function saveCaseFile(id: number, fileId: string, name: string): Promise<string> {
  return downloadFile(caseFileDownload, { id, fileId }, name, { silent: true });
}
