import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { FIRST_PAGE, type KeysetPosition, keysetHistoryState, readKeysetPosition, writeKeysetPosition } from './keyset.ts';
import { type ParamValue, patchParams } from './url-params.ts';

export interface ListUrl {
  /** The query parameters of the screen (filters, paging, open dialog). */
  params: URLSearchParams;
  /** The page shown. */
  position: KeysetPosition;
  /**
   * Changes parameters. Filter changes (the default) go back to the first page; opening or closing
   * a dialog keeps the page (`keepPage`) and replaces the history entry (`replace`).
   */
  update(patch: Readonly<Record<string, ParamValue>>, options?: { keepPage?: boolean; replace?: boolean }): void;
  /** Shows another page of the same list. */
  goTo(position: KeysetPosition): void;
}

/** The list state of a screen, kept in the URL (CONVENTIONS §4.6): reloads and shared links restore it. */
export function useListUrl(): ListUrl {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state: unknown = location.state;
  const position = useMemo(() => readKeysetPosition(params, state), [params, state]);

  const update = useCallback<ListUrl['update']>(
    (patch, options = {}) => {
      const patched = patchParams(params, patch);
      const next = options.keepPage ? patched : writeKeysetPosition(patched, FIRST_PAGE);
      const keep = options.keepPage ? keysetHistoryState(position) : null;
      setParams(next, { replace: options.replace ?? false, state: keep });
    },
    [params, position, setParams],
  );

  const goTo = useCallback<ListUrl['goTo']>(
    (target) => {
      setParams(writeKeysetPosition(params, target), { state: keysetHistoryState(target) });
    },
    [params, setParams],
  );

  return { params, position, update, goTo };
}
