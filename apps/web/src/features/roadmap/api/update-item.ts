import { RoadmapItemSchema, type UpdateRoadmapItem } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffItemPath, useInvalidateRoadmap } from './staff-paths.ts';

/** PATCH /api/v1/service/roadmap/items/{id}: title, description, tags. */
export function useUpdateItem() {
  const invalidate = useInvalidateRoadmap();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateRoadmapItem & { id: string }) =>
      apiFetch(staffItemPath(id, ''), { method: 'PATCH', body, schema: RoadmapItemSchema }),
    onSettled: invalidate,
  });
}
