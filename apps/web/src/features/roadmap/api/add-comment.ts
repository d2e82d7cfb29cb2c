import { RoadmapItemDetailSchema, type RoadmapItemDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { itemPath } from './get-item.ts';
import { roadmapKeys } from './roadmap-keys.ts';

/** POST /api/v1/roadmap/items/{id}/comments {body} (markdown): the item with its comments. */
export function addRoadmapComment(id: string, body: string): Promise<RoadmapItemDetail> {
  return apiFetch(itemPath(id, '/comments'), {
    method: 'POST',
    body: { body },
    schema: RoadmapItemDetailSchema,
  });
}

export function useAddRoadmapComment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addRoadmapComment(id, body),
    onSuccess: async (item) => {
      await qc.cancelQueries({ queryKey: roadmapKeys.detail(id) });
      qc.setQueryData(roadmapKeys.detail(id), item);
      await qc.invalidateQueries({ queryKey: roadmapKeys.lists() });
    },
  });
}
