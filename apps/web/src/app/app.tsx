import type { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import type { createAppRouter } from './router.tsx';

export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      {/* flushSync lets a navigation render at once when asked to (`navigate(to, { flushSync: true })`). */}
      <RouterProvider
        router={router}
        flushSync={(update) => {
          flushSync(update);
        }}
      />
    </AppProviders>
  );
}
