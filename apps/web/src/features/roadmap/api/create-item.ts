import { RoadmapItemSchema, type CreateRoadmapItemInput } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { useInvalidateRoadmap } from './staff-paths.ts';

/** POST /api/v1/service/roadmap/items: an item staff put on the roadmap (approved at once). */
export function useCreateItem() {
  const invalidate = useInvalidateRoadmap();
  return useMutation({
    mutationFn: (body: CreateRoadmapItemInput) =>
      apiFetch('/api/v1/service/roadmap/items', {
        method: 'POST',
        body,
        schema: RoadmapItemSchema,
      }),
    onSettled: invalidate,
  });
}
