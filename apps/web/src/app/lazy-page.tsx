import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import type { PageLoader } from '../shared/routing/route-entry.ts';
import { ErrorBoundary } from '../shared/ui/error-boundary.tsx';
import { RouteFallback } from '../shared/ui/route-fallback.tsx';

const pages = new WeakMap<PageLoader, LazyExoticComponent<ComponentType>>();

function pageOf(loader: PageLoader, fresh = false): LazyExoticComponent<ComponentType> {
  let page = pages.get(loader);
  if (!page || fresh) {
    page = lazy(loader);
    pages.set(loader, page);
  }
  return page;
}

/**
 * A route's page: its code loads on first visit (Suspense fallback meanwhile), and a failure (a
 * chunk that did not load, a render error) shows an error with a retry that loads it again.
 */
export function LazyPage({ loader, fallback = <RouteFallback /> }: { loader: PageLoader; fallback?: ReactNode }) {
  const { pathname } = useLocation();
  const [, setAttempts] = useState(0);
  const Page = pageOf(loader);
  const retry = () => {
    pageOf(loader, true);
    setAttempts((n) => n + 1);
  };
  return (
    <ErrorBoundary resetKey={pathname} onRetry={retry}>
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
