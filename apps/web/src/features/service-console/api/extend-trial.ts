import { SubscriptionRowSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceKeys } from './service-keys.ts';

/** POST /api/v1/service/subscriptions/{accountId}/trial */
export function useExtendTrial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, days }: { accountId: string; days: number }) =>
      apiFetch(`/api/v1/service/subscriptions/${encodeURIComponent(accountId)}/trial`, {
        method: 'POST',
        body: { days },
        schema: SubscriptionRowSchema,
      }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: serviceKeys.subscriptions() }),
        qc.invalidateQueries({ queryKey: serviceKeys.accounts() }),
      ]),
  });
}
