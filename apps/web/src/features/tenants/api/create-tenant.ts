import { TenantSchema, type CreateTenantInput, type Tenant } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tenantKeys } from './tenant-keys.ts';

/** POST /api/v1/tenants */
export function createTenant(body: CreateTenantInput): Promise<Tenant> {
  return apiFetch('/api/v1/tenants', { method: 'POST', body, schema: TenantSchema });
}

export function useCreateTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.lists() }),
  });
}
