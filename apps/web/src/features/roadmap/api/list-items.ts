import { RoadmapListSchema, type RoadmapList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import type { RoadmapFilters } from '../lib/roadmap-view.ts';
import { roadmapKeys } from './roadmap-keys.ts';

/** Items per page; the board asks for the most a page may hold. */
export const pageSizeOf = (filters: RoadmapFilters) => (filters.view === 'board' ? 100 : 20);

/** GET /api/v1/roadmap/items: one page of items and the tags in use. */
export function fetchRoadmapPage(
  filters: RoadmapFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<RoadmapList> {
  const qs = new URLSearchParams({
    view: filters.view,
    limit: String(pageSizeOf(filters)),
    offset: String(offset),
  });
  if (filters.status) qs.set('status', filters.status);
  if (filters.tag) qs.set('tag', filters.tag);
  return apiFetch(`/api/v1/roadmap/items?${qs.toString()}`, {
    schema: RoadmapListSchema,
    signal,
  });
}

export const roadmapListQueryOptions = (filters: RoadmapFilters) =>
  infiniteQueryOptions({
    queryKey: roadmapKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchRoadmapPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
  });

/** The roadmap in one view, page after page ("Load more"). */
export function useRoadmapList(filters: RoadmapFilters) {
  return useInfiniteQuery({ ...roadmapListQueryOptions(filters), placeholderData: (p) => p });
}
