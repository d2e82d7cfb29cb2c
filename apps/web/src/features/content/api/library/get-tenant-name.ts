import { TenantDetailSchema } from '@tenantry/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/**
 * The name of the client tenant explore is opened for (GET /api/v1/tenants/{id}). The key is
 * the tenant screen's own (`['tenants', 'detail', id]`, same answer), so both share one cache
 * entry.
 */
export function useTenantName(id: string | undefined) {
  return useQuery({
    queryKey: ['tenants', 'detail', id ?? ''] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/tenants/${encodeURIComponent(id ?? '')}`, {
        schema: TenantDetailSchema,
        signal,
      }),
    enabled: Boolean(id),
    select: (t) => t.name,
  });
}
