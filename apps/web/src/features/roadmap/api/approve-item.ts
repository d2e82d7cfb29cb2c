import { RoadmapItemSchema, type RoadmapStatus } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffItemPath, useInvalidateRoadmap } from './staff-paths.ts';

/** POST /api/v1/service/roadmap/items/{id}/approve: everyone sees the suggestion. */
export function useApproveItem() {
  const invalidate = useInvalidateRoadmap();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status?: RoadmapStatus }) =>
      apiFetch(staffItemPath(id, '/approve'), {
        method: 'POST',
        body: status ? { status } : {},
        schema: RoadmapItemSchema,
      }),
    onSettled: invalidate,
  });
}
