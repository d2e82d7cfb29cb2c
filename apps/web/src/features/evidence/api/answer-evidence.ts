import { EvidenceMapSchema } from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentEvidencePath, evidenceKeys } from './evidence-keys.ts';

/** GET …/assessments/{assessmentId}/evidence: every answer's linked files, by question key. */
export function useAnswerEvidence(tenantId: string, assessmentId: string) {
  return useQuery({
    queryKey: evidenceKeys.answers(tenantId, assessmentId),
    queryFn: ({ signal }) =>
      apiFetch(assessmentEvidencePath(tenantId, assessmentId, '/evidence'), {
        schema: EvidenceMapSchema,
        signal,
      }),
  });
}

const linkPath = (tenantId: string, assessmentId: string, questionKey: string, id: string) =>
  assessmentEvidencePath(
    tenantId,
    assessmentId,
    `/answers/${encodeURIComponent(questionKey)}/evidence/${encodeURIComponent(id)}`,
  );

/**
 * PUT (link a library file to the answer) or DELETE (unlink it; it stays in the library)
 * …/answers/{questionKey}/evidence/{evidenceId}.
 */
export function useAnswerLink(tenantId: string, assessmentId: string, questionKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ evidenceId, link }: { evidenceId: string; link: boolean }) =>
      apiFetch(linkPath(tenantId, assessmentId, questionKey, evidenceId), {
        method: link ? 'PUT' : 'DELETE',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: evidenceKeys.tenant(tenantId) }),
  });
}
