import {
  AssessmentDetailSchema,
  type AssessmentDetail,
  type CreateAssessment,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** POST /api/v1/tenants/{tenantId}/assessments: a draft on a pinned framework version. */
export function createAssessment(
  tenantId: string,
  body: CreateAssessment,
): Promise<AssessmentDetail> {
  return apiFetch(`/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments`, {
    method: 'POST',
    body,
    schema: AssessmentDetailSchema,
  });
}

export function useCreateAssessment(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssessment) => createAssessment(tenantId, body),
    onSuccess: async (created) => {
      // The new assessment's screen opens next: its detail is already known.
      qc.setQueryData(assessmentKeys.detail(tenantId, created.id), created);
      await qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) });
    },
  });
}
