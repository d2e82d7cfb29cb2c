import { WebhookSchema, type UpdateWebhookInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { webhookKeys } from './webhook-keys.ts';

/** PATCH /api/v1/webhooks/{id}: URL, description, events, enabled. */
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateWebhookInput }) =>
      apiFetch(`/api/v1/webhooks/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: patch,
        schema: WebhookSchema,
      }),
    onSuccess: (_hook, { id }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: webhookKeys.list() }),
        // Disabling fails the pending deliveries.
        qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
      ]),
  });
}
