import { WebhookDeliverySchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { webhookKeys } from './webhook-keys.ts';

/** POST /api/v1/webhooks/{id}/ping: a `webhook.ping` test event, sent now. */
export function usePingWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/v1/webhooks/${encodeURIComponent(id)}/ping`, {
        method: 'POST',
        body: {},
        schema: WebhookDeliverySchema,
      }),
    onSuccess: async (_, id) => {
      // A first load of the log still in flight (opened with the ping) would answer without
      // the ping: cancel it, so that the log is read again.
      await qc.cancelQueries({ queryKey: webhookKeys.deliveries(id) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
        qc.invalidateQueries({ queryKey: webhookKeys.list() }),
      ]);
    },
  });
}
