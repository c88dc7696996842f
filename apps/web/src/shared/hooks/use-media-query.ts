import { useCallback, useSyncExternalStore } from 'react';

/** True while the media query matches; follows changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The person asked the system for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
