import { globalStatementPage } from '@andes/contract/global/endpoints';
import type { GlobalStatementRequest } from '@andes/contract/global/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { globalBalanceKeys } from './query-keys.ts';

/** A page of the global account's statement; the rows stay while the next page loads. */
export function useGlobalStatementPage(request: GlobalStatementRequest) {
  return useQuery({
    queryKey: globalBalanceKeys.statement(request),
    queryFn: ({ signal }) => call(globalStatementPage, request, { signal }),
    placeholderData: keepPreviousData,
  });
}
