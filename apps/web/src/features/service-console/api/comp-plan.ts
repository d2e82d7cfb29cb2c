import { SubscriptionRowSchema, type PlanId } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceKeys } from './service-keys.ts';

/** POST /api/v1/service/subscriptions/{accountId}/comp (`plan: null` ends the comp). */
export function useCompPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      accountId,
      ...body
    }: {
      accountId: string;
      plan: PlanId | null;
      reason: string;
    }) =>
      apiFetch(`/api/v1/service/subscriptions/${encodeURIComponent(accountId)}/comp`, {
        method: 'POST',
        body,
        schema: SubscriptionRowSchema,
      }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: serviceKeys.subscriptions() }),
        qc.invalidateQueries({ queryKey: serviceKeys.accounts() }),
      ]),
  });
}
