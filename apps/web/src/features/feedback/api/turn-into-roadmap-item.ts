import { FeedbackItemSchema, type CreateRoadmapItemInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { feedbackKeys } from './feedback-keys.ts';

/** POST /api/v1/service/feedback/{id}/roadmap-item: a new roadmap item from the feedback. */
export function useTurnIntoRoadmapItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, item }: { id: string; item: CreateRoadmapItemInput }) =>
      apiFetch(`/api/v1/service/feedback/${encodeURIComponent(id)}/roadmap-item`, {
        method: 'POST',
        body: item,
        schema: FeedbackItemSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: feedbackKeys.lists() }),
  });
}
