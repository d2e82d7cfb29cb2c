import { BillingSummarySchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { billingKeys } from './billing-keys.ts';

/** POST /api/v1/billing/resume: undoes a cancellation before the period ends. */
export function useResumeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/billing/resume', {
        method: 'POST',
        body: {},
        schema: BillingSummarySchema,
      }),
    onSuccess: (billing) => qc.setQueryData(billingKeys.summary(), billing),
  });
}
