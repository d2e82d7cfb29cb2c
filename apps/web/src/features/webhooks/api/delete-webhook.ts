import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { webhookKeys } from './webhook-keys.ts';

/** DELETE /api/v1/webhooks/{id}: the endpoint and its delivery log. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/v1/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      return qc.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
