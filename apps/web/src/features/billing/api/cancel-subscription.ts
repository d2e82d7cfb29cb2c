import { BillingSummarySchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { billingKeys } from './billing-keys.ts';

/** POST /api/v1/billing/cancel: the plan ends at the end of the period paid for. */
export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/billing/cancel', {
        method: 'POST',
        body: {},
        schema: BillingSummarySchema,
      }),
    onSuccess: (billing) => qc.setQueryData(billingKeys.summary(), billing),
  });
}
