import { TenantDetailSchema, type TenantDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api.ts';
import { tenantKeys } from './tenant-keys.ts';

/** GET /api/v1/tenants/{id}: the tenant and the caller's role on it. */
export function fetchTenant(id: string, signal?: AbortSignal): Promise<TenantDetail> {
  return apiFetch(`/api/v1/tenants/${encodeURIComponent(id)}`, {
    schema: TenantDetailSchema,
    signal,
  });
}

export const tenantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tenantKeys.detail(id),
    queryFn: ({ signal }) => fetchTenant(id, signal),
    // A 404/403 will not change by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });

export function useTenant(id: string) {
  return useQuery(tenantQueryOptions(id));
}
