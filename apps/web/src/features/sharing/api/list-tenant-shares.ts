import { ShareListSchema, type ShareList } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { shareKeys } from './share-keys.ts';

/** GET /api/v1/tenants/{tenantId}/shares */
export function fetchTenantShares(tenantId: string, signal?: AbortSignal): Promise<ShareList> {
  return apiFetch(`/api/v1/tenants/${encodeURIComponent(tenantId)}/shares`, {
    schema: ShareListSchema,
    signal,
  });
}

export const tenantSharesQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: shareKeys.tenant(tenantId),
    queryFn: ({ signal }) => fetchTenantShares(tenantId, signal),
  });

/** Who one client tenant is shared with. */
export function useTenantShares(tenantId: string) {
  return useQuery(tenantSharesQueryOptions(tenantId));
}
