import { BillingSummarySchema, type Account } from '@tenantry/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '#web/lib/api.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * One cache entry, read by the billing tab and by the past-due banner on every page: a
 * minute old is fresh enough (a change made here updates it at once).
 */
export const billingQueryOptions = queryOptions({
  queryKey: billingKeys.summary(),
  queryFn: ({ signal }) => apiFetch('/api/v1/billing', { schema: BillingSummarySchema, signal }),
  staleTime: 60_000,
});

/** Whether the member may see the plan and the past-due notice (owners and admins). */
export function canReadBilling(account: Pick<Account, 'permissions'> | undefined): boolean {
  return account?.permissions.includes('billing.read') ?? false;
}

/** GET /api/v1/billing; not asked (a member would get a 403) without `billing.read`. */
export function useBilling(account: Pick<Account, 'permissions'> | undefined) {
  return useQuery({ ...billingQueryOptions, enabled: canReadBilling(account) });
}

/** Marks the summary and the invoices stale (after a checkout, which happens elsewhere). */
export function useRefreshBilling() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: billingKeys.all }), [qc]);
}
