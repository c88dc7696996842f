import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ListKind } from '../list-kinds.ts';
import { fetchListPage, type ListRequest } from './fetch-list-page.ts';
import { transactionKeys } from './query-keys.ts';

/** The page of a list the URL points at; the rows stay while the next page loads. `null` waits. */
export function useListPage(kind: ListKind | 'deep-query', list: ListRequest | null) {
  return useQuery({
    queryKey: transactionKeys.list(kind, list),
    queryFn: ({ signal }) => fetchListPage(list as ListRequest, list?.request.cursor, signal),
    enabled: list !== null,
    placeholderData: keepPreviousData,
  });
}

/** The mobile list: pages appended as the user scrolls (the first page from the filter's start). */
export function useListInfinite(kind: ListKind | 'deep-query', list: ListRequest | null) {
  return useInfiniteQuery({
    queryKey: transactionKeys.infinite(kind, list),
    queryFn: ({ signal, pageParam }) => fetchListPage(list as ListRequest, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: list !== null,
  });
}
