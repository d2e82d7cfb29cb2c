import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { baselineKeys } from './baseline-keys.ts';
import { baselinePath, baselineQueryOptions } from './get-baseline.ts';

/** DELETE /api/v1/tenants/{tenantId}/baseline (204; none to clear is not an error). */
export function clearBaseline(tenantId: string): Promise<void> {
  return apiFetch(baselinePath(tenantId), { method: 'DELETE' }) as Promise<void>;
}

/**
 * Clears the baseline; done once the tenant's default comparison (now empty) has been read
 * again. Comparisons with a chosen assessment are stale and not read (without a baseline the
 * server has none): the screen goes back to the default.
 */
export function useClearBaseline(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => clearBaseline(tenantId),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: baselineKeys.tenant(tenantId), refetchType: 'none' });
      // Cleared even when this read fails: the screen reads it again.
      await qc.fetchQuery(baselineQueryOptions(tenantId, undefined)).catch(() => undefined);
    },
  });
}
