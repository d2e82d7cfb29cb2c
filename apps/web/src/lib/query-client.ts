import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const ME_QUERY_KEY = ['me'] as const;

/** A failed query is asked again at most this often, this long after the failure. */
const MAX_RETRIES = 1;
const RETRY_DELAY_MS = 500;

/**
 * The one retry policy of the app: a server error or a network failure is retried once, after
 * half a second. A 4xx (401 signed out, 403, 404 not found, 429…) and an answer of the wrong
 * shape are never retried: asking again would get the same answer.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status >= 400 && error.status < 500) return false;
    if (error.code === 'common.bad_response') return false;
  }
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // A 401 anywhere but /me means the session ended: mark signed out, the guards redirect.
        if (
          error instanceof ApiError &&
          error.isUnauthenticated &&
          query.queryKey[0] !== ME_QUERY_KEY[0]
        ) {
          client.setQueryData(ME_QUERY_KEY, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError(error) {
        if (error instanceof ApiError && error.isUnauthenticated) {
          client.setQueryData(ME_QUERY_KEY, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
