import { TenantDetailSchema, type TenantDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
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
  });

export function useTenant(id: string) {
  return useQuery(tenantQueryOptions(id));
}

/**
 * The tenant's name for a shell header (the same cache entry as the tenant screen): undefined
 * while loading, when there is no tenant, or when it cannot be read.
 */
/** The name of the account a tenant belongs to (for a shared user: who shared it), once read. */
export function useTenantAccountName(id: string | null): string | undefined {
  return useQuery({
    ...tenantQueryOptions(id ?? ''),
    enabled: id !== null,
    select: (t) => t.access.accountName || undefined,
  }).data;
}

/** For a shared user, the sharing provider's brand (docs/branding.md), once read. */
export function useTenantBrand(id: string | null): TenantDetail['access']['brand'] | undefined {
  return useQuery({
    ...tenantQueryOptions(id ?? ''),
    enabled: id !== null,
    select: (t) => t.access.brand,
  }).data;
}

export function useTenantName(id: string | null): string | undefined {
  return useQuery({ ...tenantQueryOptions(id ?? ''), enabled: id !== null, select: (t) => t.name })
    .data;
}
