import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** DELETE …/assessments/{assessmentId}: with its answers and respondent links. */
export async function deleteAssessment(tenantId: string, assessmentId: string): Promise<void> {
  await apiFetch(assessmentPath(tenantId, assessmentId), { method: 'DELETE' });
}

export function useDeleteAssessment(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAssessment(tenantId, assessmentId),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: assessmentKeys.detail(tenantId, assessmentId) });
      await qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) });
    },
  });
}
