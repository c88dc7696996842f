import type { Page } from '@andes/contract/common/page';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryResult,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useIsMobile } from '../hooks/use-is-mobile.ts';
import { dialogPatch, type ListDialog, readDialog } from '../list/dialog-param.ts';
import type { KeysetPosition } from '../list/keyset.ts';
import { type ListUrl, useListUrl } from '../list/use-list-url.ts';
import { type ConfirmOptions, useConfirm } from '../ui/use-confirm.tsx';
import { type FilterParams, type FilterValues, filterPatch, filterValuesOf, pickFilters } from './list-filters.ts';

/** How a list's pages are fetched: the feature's call and query key. */
export interface ListQuery<Request, Row> {
  /** The query key of one page (under the feature's key, so that its changes invalidate it). */
  key(request: Request): QueryKey;
  fetch(request: Request, signal: AbortSignal): Promise<Page<Row>>;
  /** How long a page stays fresh (ms; the app's default when absent): 0 reloads it whenever the screen opens. */
  staleTime?: number;
}

/** A page request: keyset paging by `cursor`. */
type PagedRequest = { cursor?: string | undefined };

export interface ListScreenOptions<Request extends PagedRequest, Row, K extends string> {
  /** The filters kept in the URL (`list-filters.ts`). */
  filters: FilterParams;
  /** The request the URL describes, usually `listRequestOf(schema, filters, params, position)`. */
  requestOf(params: URLSearchParams, position: KeysetPosition): Request;
  query: ListQuery<Request, Row>;
  /** Dialogs and drawers opened through the URL (`?dialog=kind&id=n`), and which of them are about a row. */
  dialogs?: { kinds: readonly K[]; withId: readonly K[] };
  /**
   * Reload the rows shown every so many ms while this answers a number (a task still running),
   * not at all when it answers false. The rows stay on screen while they reload.
   */
  poll?(rows: readonly NoInfer<Row>[]): number | false;
}

export interface ListScreenState<Request, Row, K extends string = never> {
  list: ListUrl;
  /** The page request of the URL. */
  request: Request;
  /** The filter values of the request, as the filter bar shows them. */
  filterValues: Record<string, unknown>;
  /**
   * Applies filters: they go into the URL and the list starts again at its first page. With
   * `names`, only those filters change (a filter bar's own fields; a tab filter stays).
   */
  search(values: FilterValues, names?: readonly string[]): void;
  /** Cards with infinite scroll (mobile) rather than the paged table. */
  mobile: boolean;
  /** The rows on screen: the table's page, or every card loaded so far. */
  rows: readonly Row[];
  /** The desktop page query (idle on mobile). */
  page: UseQueryResult<Page<Row>>;
  /** The mobile query of all pages loaded (idle on desktop). */
  infinite: UseInfiniteQueryResult<InfiniteData<Page<Row>, unknown>>;
  /** The dialog the URL opens, if any. */
  dialog: ListDialog<K> | null;
  openDialog(kind: K, id?: number | null): void;
  closeDialog(): void;
  /** Asks before an action on a row (`useConfirm`); `ListScreen` renders the question. */
  confirm(options: ConfirmOptions): void;
  confirmHolder: ReactNode;
}

const NO_DIALOGS = { kinds: [], withId: [] } as const;

/**
 * The state of a list screen (the kit's half that holds no markup): filters, page and open
 * dialog in the URL; a keyset page on desktop, or all pages loaded so far on mobile; optional
 * polling. `ListScreen` renders it.
 */
export function useListScreen<Request extends PagedRequest, Row, K extends string = never>(
  options: ListScreenOptions<Request, Row, K>,
): ListScreenState<Request, Row, K> {
  const { filters, requestOf, query, dialogs = NO_DIALOGS, poll } = options;
  const list = useListUrl();
  const mobile = useIsMobile();
  const [confirm, confirmHolder] = useConfirm();
  const request = requestOf(list.params, list.position);
  const { cursor: _cursor, ...first } = request;

  const page = useQuery({
    queryKey: query.key(request),
    queryFn: ({ signal }) => query.fetch(request, signal),
    placeholderData: keepPreviousData,
    enabled: !mobile,
    ...(query.staleTime === undefined ? {} : { staleTime: query.staleTime }),
    refetchInterval: poll ? (q) => poll(q.state.data?.list ?? []) : false,
  });
  const infinite = useInfiniteQuery({
    queryKey: [...query.key(first as Request), 'infinite'],
    queryFn: ({ signal, pageParam }) =>
      query.fetch({ ...first, ...(pageParam === undefined ? {} : { cursor: pageParam }) } as Request, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: mobile,
    ...(query.staleTime === undefined ? {} : { staleTime: query.staleTime }),
    refetchInterval: poll ? (q) => poll(q.state.data?.pages.flatMap((p) => p.list) ?? []) : false,
  });

  const rows = useMemo(
    () => (mobile ? (infinite.data?.pages.flatMap((p) => p.list) ?? []) : (page.data?.list ?? [])),
    [mobile, infinite.data, page.data],
  );
  const filterValues = filterValuesOf(filters, request as Record<string, unknown>, list.params);
  const { update } = list;
  const openDialog = useCallback((kind: K, id: number | null = null) => update(dialogPatch({ kind, id }), { keepPage: true }), [update]);
  const closeDialog = useCallback(() => update(dialogPatch(null), { keepPage: true, replace: true }), [update]);

  return {
    list,
    request,
    filterValues,
    search: (values, names) => update(filterPatch(names ? pickFilters(filters, names) : filters, values)),
    mobile,
    rows,
    page,
    infinite,
    dialog: readDialog(list.params, dialogs.kinds, dialogs.withId),
    openDialog,
    closeDialog,
    confirm,
    confirmHolder,
  };
}
