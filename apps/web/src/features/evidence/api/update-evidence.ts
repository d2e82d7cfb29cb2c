import { EvidenceFileSchema, type EvidenceFile, type EvidencePatch } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { evidenceFilePath, evidenceKeys } from './evidence-keys.ts';

/**
 * PATCH …/evidence/{evidenceId}: name, effective date, expiry, with the version read; a stale
 * version answers 409 `evidence.conflict` with the file as it is now (`details.current`).
 */
export function useUpdateEvidence(tenantId: string, evidenceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: EvidencePatch): Promise<EvidenceFile> =>
      apiFetch(evidenceFilePath(tenantId, evidenceId), {
        method: 'PATCH',
        body: patch,
        schema: EvidenceFileSchema,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: evidenceKeys.tenant(tenantId) }),
  });
}
