import { StaffRoadmapListSchema, type StaffRoadmapList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import type { StaffFilters } from '../lib/staff-view.ts';
import { roadmapKeys } from './roadmap-keys.ts';

export const STAFF_PAGE_SIZE = 25;

/** GET /api/v1/service/roadmap/items: one page for triage (staff only). */
export function fetchStaffPage(
  filters: StaffFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<StaffRoadmapList> {
  const qs = new URLSearchParams({
    state: filters.state,
    limit: String(STAFF_PAGE_SIZE),
    offset: String(offset),
  });
  if (filters.q) qs.set('q', filters.q);
  return apiFetch(`/api/v1/service/roadmap/items?${qs.toString()}`, {
    schema: StaffRoadmapListSchema,
    signal,
  });
}

export const staffListQueryOptions = (filters: StaffFilters) =>
  infiniteQueryOptions({
    queryKey: roadmapKeys.staffList(filters),
    queryFn: ({ pageParam, signal }) => fetchStaffPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    staleTime: 0,
  });

export function useStaffRoadmapList(filters: StaffFilters, enabled = true) {
  return useInfiniteQuery({
    ...staffListQueryOptions(filters),
    enabled,
    placeholderData: (p) => p,
  });
}
