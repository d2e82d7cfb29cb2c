import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const ME_QUERY_KEY = ['me'] as const;

/** Retries server and network failures (twice), never a 4xx: those will not change by retrying. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // A 401 anywhere but /me means the session ended: mark signed out, the guards redirect.
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== 'me') {
          client.setQueryData(ME_QUERY_KEY, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError(error) {
        if (error instanceof ApiError && error.status === 401) {
          client.setQueryData(ME_QUERY_KEY, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
