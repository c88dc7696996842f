import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import type { ActivityExportRequest, ParsedActivityPageRequest } from '@andes/contract/activity/schemas';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

export const activityKeys = {
  all: ['activity'] as const,
  page: (request: ParsedActivityPageRequest) => [...activityKeys.all, 'page', request] as const,
};

/** A page of the activity log; the rows stay while the next page loads. */
export function useActivityPage(request: ParsedActivityPageRequest) {
  return useQuery({
    queryKey: activityKeys.page(request),
    queryFn: ({ signal }) => call(activityPage, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the filtered log, as a file (`{ blob, filename }`); a refusal is shown by the client. */
export function useActivityExport() {
  return useMutation({
    mutationFn: (request: ActivityExportRequest) => call(activityExport, request),
  });
}
