import { CurrentUserSchema, type CurrentUser } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';

/**
 * A signed-out visitor: today the server answers 401; a 200 `null` (the proposed answer, which
 * the browser does not log as a failed request) means the same.
 */
const MeAnswerSchema = CurrentUserSchema.nullable();

/** GET /api/v1/me: the current user's claims, or null when signed out (401 or 200 `null`). */
export async function fetchMe(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await apiFetch('/api/v1/me', { schema: MeAnswerSchema, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 60_000,
  // Retries follow the app's one policy (lib/query-client.ts): a server hiccup once, no 4xx.
  // A failed lookup counts as signed out; a screen mounting after it must not re-ask at once
  // (that would flip the layout back to the loader and loop). Focus and sign-in refetch.
  retryOnMount: false,
});

export interface MeState {
  /** The user, or null when signed out. A failed lookup counts as signed out. */
  user: CurrentUser | null;
  isLoading: boolean;
}

export function useMe(): MeState {
  const q = useQuery(meQueryOptions);
  return { user: q.data ?? null, isLoading: q.isPending };
}
