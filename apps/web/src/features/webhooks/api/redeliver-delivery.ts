import { WebhookDeliverySchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { webhookKeys } from './webhook-keys.ts';

/** POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver: the same event again, now. */
export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      apiFetch(
        `/api/v1/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        { method: 'POST', body: {}, schema: WebhookDeliverySchema },
      ),
    onSuccess: async (_, { id }) => {
      await qc.cancelQueries({ queryKey: webhookKeys.deliveries(id) });
      await qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });
}
