import { InvoiceListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { billingKeys } from './billing-keys.ts';

export const invoicesQueryOptions = queryOptions({
  queryKey: billingKeys.invoices(),
  queryFn: ({ signal }) =>
    apiFetch('/api/v1/billing/invoices', { schema: InvoiceListSchema, signal }),
});

/** GET /api/v1/billing/invoices (owners and admins); not asked while `enabled` is false. */
export function useInvoices(enabled: boolean) {
  return useQuery({ ...invoicesQueryOptions, enabled });
}
