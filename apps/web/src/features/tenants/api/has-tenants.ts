import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTenantPage } from './list-tenants.ts';
import { tenantKeys } from './tenant-keys.ts';

/** Whether the account has at least one client tenant (archived ones count): one row asked. */
export const hasTenantsQueryOptions = queryOptions({
  queryKey: tenantKeys.any(),
  queryFn: async ({ signal }) =>
    (await fetchTenantPage({ status: 'all', limit: 1 }, null, signal)).tenants.length > 0,
});

export function useHasTenants() {
  return useQuery(hasTenantsQueryOptions);
}
