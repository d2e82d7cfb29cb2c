import { FeedbackItemSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { feedbackKeys } from './feedback-keys.ts';

/** PATCH /api/v1/service/feedback/{id}: mark handled, or not handled again. */
export function useSetFeedbackHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiFetch(`/api/v1/service/feedback/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { handled },
        schema: FeedbackItemSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: feedbackKeys.lists() }),
  });
}
