import { ChangePlanResultSchema, type ChangePlanInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * POST /api/v1/billing/change: moves a paid subscription to another plan or interval (Free:
 * cancels it at the end of the period). Answers whether it was an upgrade or a downgrade.
 */
export function useChangePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePlanInput) =>
      apiFetch('/api/v1/billing/change', {
        method: 'POST',
        body: input,
        schema: ChangePlanResultSchema,
      }),
    onSuccess: async (result) => {
      qc.setQueryData(billingKeys.summary(), result.billing);
      await qc.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}
