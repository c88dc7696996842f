import { useCallback } from 'react';
import { type NavigateOptions, type To, useNavigate } from 'react-router';

/** Swallows a rejected navigation: router navigation errors are ignored (spec §2). */
export function ignoreNavigationError(result: void | Promise<void>): void {
  if (result instanceof Promise) result.catch(() => undefined);
}

/** `useNavigate` whose navigations never surface an error to the page. */
export function useAppNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      ignoreNavigationError(typeof to === 'number' ? navigate(to) : navigate(to, options));
    },
    [navigate],
  );
}
