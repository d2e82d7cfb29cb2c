import { MergeRoadmapResultSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffItemPath, useInvalidateRoadmap } from './staff-paths.ts';

/** POST /api/v1/service/roadmap/items/{id}/merge {targetId}: its votes move to the target. */
export function useMergeItem() {
  const invalidate = useInvalidateRoadmap();
  return useMutation({
    mutationFn: ({ id, targetId }: { id: string; targetId: string }) =>
      apiFetch(staffItemPath(id, '/merge'), {
        method: 'POST',
        body: { targetId },
        schema: MergeRoadmapResultSchema,
      }),
    onSettled: invalidate,
  });
}
