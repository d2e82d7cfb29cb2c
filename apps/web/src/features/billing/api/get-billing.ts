import { BillingSummarySchema, type Account } from '@tenantry/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '#web/lib/api.ts';
import { planLockOf, type PlanNeed, type PlanRefusal } from '#web/lib/billing-errors.ts';
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

/**
 * The lock a form shows before it is filled (lib/billing-errors `planLockOf`), from the one
 * cached billing summary. Null while unknown, for members (who cannot read the plan: the
 * server's refusal after the fact tells them) and when the plan allows it.
 */
export function usePlanLock(
  account: Pick<Account, 'permissions'> | undefined,
  need: PlanNeed,
): PlanRefusal | null {
  // Read again whenever a screen with a form opens: usage changes on other screens.
  const billing = useQuery({
    ...billingQueryOptions,
    enabled: canReadBilling(account),
    refetchOnMount: 'always',
  });
  return billing.data ? planLockOf(billing.data, need) : null;
}
