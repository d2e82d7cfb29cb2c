import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { evidenceFilePath, evidenceKeys } from './evidence-keys.ts';

/** DELETE …/evidence/{evidenceId}: the file, its revisions, bytes and links. */
export function useDeleteEvidence(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (evidenceId: string) =>
      apiFetch(evidenceFilePath(tenantId, evidenceId), { method: 'DELETE' }),
    onSuccess: (_, evidenceId) => {
      qc.removeQueries({ queryKey: evidenceKeys.detail(tenantId, evidenceId) });
      return qc.invalidateQueries({ queryKey: evidenceKeys.tenant(tenantId) });
    },
  });
}
