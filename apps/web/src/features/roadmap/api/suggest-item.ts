import {
  RoadmapItemSchema,
  type RoadmapItem,
  type SuggestRoadmapItemInput,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { roadmapKeys } from './roadmap-keys.ts';

/** POST /api/v1/roadmap/items: the suggestion (waits for staff approval). */
export function suggestItem(body: SuggestRoadmapItemInput): Promise<RoadmapItem> {
  return apiFetch('/api/v1/roadmap/items', {
    method: 'POST',
    body,
    schema: RoadmapItemSchema,
  });
}

export function useSuggestItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: suggestItem,
    onSuccess: () => qc.invalidateQueries({ queryKey: roadmapKeys.lists() }),
  });
}
