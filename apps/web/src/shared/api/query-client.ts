import { QueryClient } from '@tanstack/react-query';

/**
 * Calls are not retried: the client has already shown the error (spec §8), and a retry would show
 * it again. Screens refetch when the user asks.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
