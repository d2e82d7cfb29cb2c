import { TenantSchema, type Tenant } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tenantKeys } from './tenant-keys.ts';

/** POST /api/v1/tenants/{id}/archive or /restore */
export function setTenantArchived(id: string, archived: boolean): Promise<Tenant> {
  return apiFetch(`/api/v1/tenants/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`, {
    method: 'POST',
    body: {},
    schema: TenantSchema,
  });
}

export function useSetTenantArchived(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => setTenantArchived(id, archived),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: tenantKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: tenantKeys.lists() }),
      ]);
    },
  });
}
