import { FrameworkListSchema, type FrameworkList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { frameworkKeys, type FrameworkListFilters } from './framework-keys.ts';

export const FRAMEWORK_PAGE_SIZE = 50;

/** GET /api/v1/content/frameworks: one page of the frameworks I may author. */
export function fetchFrameworkList(
  filters: FrameworkListFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<FrameworkList> {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.scope) search.set('scope', filters.scope);
  search.set('limit', String(FRAMEWORK_PAGE_SIZE));
  search.set('offset', String(offset));
  return apiFetch(`/api/v1/content/frameworks?${search.toString()}`, {
    schema: FrameworkListSchema,
    signal,
  });
}

export const frameworkListQueryOptions = (filters: FrameworkListFilters) =>
  infiniteQueryOptions({
    queryKey: frameworkKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchFrameworkList(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });

/** The frameworks I may author, drafts and archived ones included ("Load more"). */
export function useFrameworkList(filters: FrameworkListFilters) {
  return useInfiniteQuery({
    ...frameworkListQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
