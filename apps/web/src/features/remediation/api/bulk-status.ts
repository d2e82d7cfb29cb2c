import { BulkStatusResultSchema, type BulkStatus } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tasksPath } from './list-tasks.ts';
import { remediationKeys } from './remediation-keys.ts';

/** POST …/tasks/bulk-status: all of them move, or none (404 when one is gone). */
export function bulkStatus(tenantId: string, body: BulkStatus): Promise<{ updated: number }> {
  return apiFetch(tasksPath(tenantId, '/bulk-status'), {
    method: 'POST',
    body,
    schema: BulkStatusResultSchema,
  });
}

export function useBulkStatus(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkStatus) => bulkStatus(tenantId, body),
    // The lists and any task read before (its status) are stale.
    onSettled: () => qc.invalidateQueries({ queryKey: remediationKeys.tenant(tenantId) }),
  });
}
