import { INFINITE_SCROLL_THRESHOLD_PX } from '@andes/contract/common/constants';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { isNearBottom, sentinelRootMargin } from './near-bottom.ts';

export interface InfiniteScrollOptions {
  /** More pages exist (TanStack Query's `hasNextPage`). */
  hasMore: boolean;
  /** A page is loading (`isFetchingNextPage`): no second request meanwhile. */
  loading: boolean;
  /** Loads the next page (`fetchNextPage`). */
  onLoadMore(): void;
  /** The scrolling element; the page (document) when absent. */
  root?: RefObject<HTMLElement | null>;
  /** Distance from the bottom that triggers, in px (default the spec's 0.3 px). */
  threshold?: number;
}

function metricsOf(root: HTMLElement | null) {
  if (root) return { scrollTop: root.scrollTop, scrollHeight: root.scrollHeight, clientHeight: root.clientHeight };
  const doc = document.documentElement;
  return { scrollTop: window.scrollY || doc.scrollTop, scrollHeight: doc.scrollHeight, clientHeight: window.innerHeight };
}

/**
 * Infinite scroll for mobile lists (spec §2, §9): returns a ref for a sentinel element placed
 * after the last item. The next page is asked for when the sentinel comes within `threshold` px
 * of the bottom of the scrolling area — seen by an IntersectionObserver whose root margin extends
 * the viewport by the threshold, and, where the observer is missing or misses a sub-pixel edge,
 * by a scroll listener that measures the distance to the bottom. Never while a page loads or when
 * there is no more.
 */
export function useInfiniteScroll({ hasMore, loading, onLoadMore, root, threshold = INFINITE_SCROLL_THRESHOLD_PX }: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };
  // One request per page: set when asked, cleared when the loading it started has finished.
  const asked = useRef(false);
  useEffect(() => {
    if (!loading) asked.current = false;
  }, [loading]);

  const trigger = useCallback(() => {
    const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
    if (!more || busy || asked.current) return;
    asked.current = true;
    load();
  }, []);

  // Set up again whenever a page has arrived: observing anew reports whether the sentinel is
  // still in view (a short page), which a running observer would not report again.
  useEffect(() => {
    if (!sentinel || !hasMore || loading) return;
    const rootElement = root?.current ?? null;
    const cleanups: Array<() => void> = [];
    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) trigger();
        },
        { root: rootElement, rootMargin: sentinelRootMargin(threshold), threshold: 0 },
      );
      observer.observe(sentinel);
      cleanups.push(() => observer.disconnect());
    } else if (isNearBottom(metricsOf(rootElement), threshold)) {
      trigger();
    }
    const target: HTMLElement | Window = rootElement ?? window;
    const onScroll = () => {
      if (isNearBottom(metricsOf(rootElement), threshold)) trigger();
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    cleanups.push(() => target.removeEventListener('scroll', onScroll));
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [sentinel, hasMore, loading, root, threshold, trigger]);

  return setSentinel;
}
