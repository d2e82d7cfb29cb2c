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
    // The screen leaves first, then forgets the detail (forgotten while shown, it would be
    // asked again and answer 404).
    onSuccess: () => qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) }),
  });
}
