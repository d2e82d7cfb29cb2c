import { FeedbackReceiptSchema, type CreateFeedbackInput } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** POST /api/v1/feedback: the rating, comment, page path and app version. */
export function sendFeedback(input: CreateFeedbackInput) {
  return apiFetch('/api/v1/feedback', {
    method: 'POST',
    body: input,
    schema: FeedbackReceiptSchema,
  });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
