import { EvidenceDetailSchema } from '@tenantry/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { evidenceFilePath, evidenceKeys } from './evidence-keys.ts';

/** GET …/evidence/{evidenceId}: the file with its revisions (newest first) and where it is used. */
export function useEvidenceDetail(tenantId: string, evidenceId: string | null) {
  return useQuery({
    queryKey: evidenceKeys.detail(tenantId, evidenceId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(evidenceFilePath(tenantId, evidenceId ?? ''), {
        schema: EvidenceDetailSchema,
        signal,
      }),
    enabled: evidenceId !== null,
  });
}
