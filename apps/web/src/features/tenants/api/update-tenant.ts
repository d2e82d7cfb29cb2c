import { TenantSchema, type Tenant, type UpdateTenantInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tenantKeys } from './tenant-keys.ts';

/** PATCH /api/v1/tenants/{id} */
export function updateTenant(id: string, body: UpdateTenantInput): Promise<Tenant> {
  return apiFetch(`/api/v1/tenants/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: TenantSchema,
  });
}

export function useUpdateTenant(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTenantInput) => updateTenant(id, body),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: tenantKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: tenantKeys.lists() }),
      ]);
    },
  });
}
