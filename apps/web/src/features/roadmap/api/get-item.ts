import { RoadmapItemDetailSchema, type RoadmapItemDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { roadmapKeys } from './roadmap-keys.ts';

export const itemPath = (id: string, rest = '') =>
  `/api/v1/roadmap/items/${encodeURIComponent(id)}${rest}`;

/** GET /api/v1/roadmap/items/{id}: the item with its comments. */
export function fetchRoadmapItem(id: string, signal?: AbortSignal): Promise<RoadmapItemDetail> {
  return apiFetch(itemPath(id), { schema: RoadmapItemDetailSchema, signal });
}

export const roadmapItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: roadmapKeys.detail(id),
    queryFn: ({ signal }) => fetchRoadmapItem(id, signal),
  });

/** One item (when its detail is open); nothing is asked without an id. */
export function useRoadmapItem(id: string | null) {
  return useQuery({ ...roadmapItemQueryOptions(id ?? ''), enabled: id !== null });
}
