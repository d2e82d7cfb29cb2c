import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '#web/lib/api.ts';

const TenantNameSchema = z.object({ id: z.string(), name: z.string() });

/**
 * The name of the client tenant a shared user may see (GET /api/v1/tenants/{id}), for the
 * shared-tenant layout. Undefined while loading or when the tenant API does not answer.
 */
export function useSharedTenantName(tenantId: string | null): string | undefined {
  const q = useQuery({
    queryKey: ['sharing', 'shared-tenant-name', tenantId],
    enabled: tenantId !== null,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`/api/v1/tenants/${encodeURIComponent(tenantId ?? '')}`, {
          schema: TenantNameSchema,
          signal,
        })
      ).name,
    staleTime: 60_000,
  });
  return q.data;
}
