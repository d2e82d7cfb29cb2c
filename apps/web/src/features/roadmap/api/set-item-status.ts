import { RoadmapItemSchema, type RoadmapStatus } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffItemPath, useInvalidateRoadmap } from './staff-paths.ts';

/** POST /api/v1/service/roadmap/items/{id}/status (voters are e-mailed when it becomes done). */
export function useSetItemStatus() {
  const invalidate = useInvalidateRoadmap();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RoadmapStatus }) =>
      apiFetch(staffItemPath(id, '/status'), {
        method: 'POST',
        body: { status },
        schema: RoadmapItemSchema,
      }),
    onSettled: invalidate,
  });
}
