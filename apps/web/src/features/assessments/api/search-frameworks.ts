import { LibraryFrameworkListSchema, type LibraryFramework } from '@tenantry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';

const LIMIT = 20;

/** GET /api/v1/library/frameworks?q=: published frameworks to start from, best matches first. */
export async function searchFrameworks(
  q: string,
  signal?: AbortSignal,
): Promise<LibraryFramework[]> {
  const params = new URLSearchParams({ limit: String(LIMIT), offset: '0' });
  if (q.trim()) params.set('q', q.trim().slice(0, 200));
  const list = await apiFetch(`/api/v1/library/frameworks?${params}`, {
    schema: LibraryFrameworkListSchema,
    signal,
  });
  // Only what has a published version can be assessed.
  return list.items.filter((f) => f.latestVersion !== null);
}

export const frameworkSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: assessmentKeys.frameworks.search(q.trim()),
    queryFn: ({ signal }) => searchFrameworks(q, signal),
  });

export function useFrameworkSearch(q: string, enabled = true) {
  return useQuery({
    ...frameworkSearchQueryOptions(q),
    enabled,
    placeholderData: keepPreviousData,
  });
}
