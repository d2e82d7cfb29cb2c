import { FeedbackItemSchema, type FeedbackToTicketInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { feedbackKeys } from './feedback-keys.ts';

/** POST /api/v1/service/feedback/{id}/ticket: a support ticket in the sender's name. */
export function useTurnIntoTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ticket }: { id: string; ticket: FeedbackToTicketInput }) =>
      apiFetch(`/api/v1/service/feedback/${encodeURIComponent(id)}/ticket`, {
        method: 'POST',
        body: ticket,
        schema: FeedbackItemSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: feedbackKeys.lists() }),
  });
}
