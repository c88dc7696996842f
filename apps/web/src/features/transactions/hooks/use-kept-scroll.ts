import { type RefObject, useEffect } from 'react';

/**
 * Keeps a kept-alive list's own scroll position (the window scrolls, and every screen shares it):
 * while the list shows, its position is recorded; when it shows again after another screen (it
 * was hidden, so its box had no size), the position is put back.
 */
export function useKeptScroll(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let saved = 0;
    let shown = element.getClientRects().length > 0;
    const visible = () => element.getClientRects().length > 0;
    const onScroll = () => {
      if (visible()) saved = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            const now = visible();
            if (now && !shown) window.scrollTo({ top: saved });
            shown = now;
          });
    observer?.observe(element);
    return () => {
      window.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [root]);
}
