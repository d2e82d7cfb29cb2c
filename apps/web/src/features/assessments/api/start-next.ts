import {
  NextAssessmentResultSchema,
  type NextAssessmentInput,
  type NextAssessmentResult,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/**
 * POST …/next: a new draft from this completed assessment, its answers carried to confirm,
 * its respondents invited again when asked. 409 `assessments.not_completed` otherwise.
 */
export function startNextAssessment(
  tenantId: string,
  assessmentId: string,
  body: NextAssessmentInput,
): Promise<NextAssessmentResult> {
  return apiFetch(assessmentPath(tenantId, assessmentId, '/next'), {
    method: 'POST',
    body,
    schema: NextAssessmentResultSchema,
  });
}

export function useStartNextAssessment(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NextAssessmentInput) => startNextAssessment(tenantId, assessmentId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) }),
  });
}
