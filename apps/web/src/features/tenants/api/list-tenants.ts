import { TenantPageSchema, type TenantListQueryInput, type TenantPage } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tenantListSearch } from '../lib/list-query.ts';
import { tenantKeys } from './tenant-keys.ts';

export type TenantListFilters = Omit<TenantListQueryInput, 'cursor'>;

/** GET /api/v1/tenants: one page (keyset cursor). */
export function fetchTenantPage(
  filters: TenantListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TenantPage> {
  return apiFetch(`/api/v1/tenants?${tenantListSearch(filters, cursor)}`, {
    schema: TenantPageSchema,
    signal,
  });
}

export const tenantListQueryOptions = (filters: TenantListFilters) =>
  infiniteQueryOptions({
    queryKey: tenantKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchTenantPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The account's client tenants, page after page ("Load more"). */
export function useTenantList(filters: TenantListFilters) {
  return useInfiniteQuery({ ...tenantListQueryOptions(filters), placeholderData: (prev) => prev });
}
