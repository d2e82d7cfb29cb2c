import { WebhookSchema, type CreateWebhookInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { webhookKeys } from './webhook-keys.ts';

/** POST /api/v1/webhooks */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) =>
      apiFetch('/api/v1/webhooks', { method: 'POST', body: input, schema: WebhookSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
