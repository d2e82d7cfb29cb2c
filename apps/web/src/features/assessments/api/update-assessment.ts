import {
  AssessmentDetailSchema,
  type AssessmentDetail,
  type UpdateAssessment,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** PATCH …/assessments/{assessmentId}: name, owner, due date, targets (only those sent). */
export function updateAssessment(
  tenantId: string,
  assessmentId: string,
  body: UpdateAssessment,
): Promise<AssessmentDetail> {
  return apiFetch(assessmentPath(tenantId, assessmentId), {
    method: 'PATCH',
    body,
    schema: AssessmentDetailSchema,
  });
}

export function useUpdateAssessment(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssessment) => updateAssessment(tenantId, assessmentId, body),
    onSuccess: async (detail) => {
      qc.setQueryData(assessmentKeys.detail(tenantId, assessmentId), detail);
      await qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) });
    },
  });
}
