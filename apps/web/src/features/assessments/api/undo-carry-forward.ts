import { AssessmentDetailSchema, type AssessmentDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/**
 * POST …/carry-forwards/{id}/undo: the assessment as it was before (version, answers, scores,
 * review marks). 409 `assessments.undo_unavailable`, its message saying why (too old,
 * answered since, a later one…).
 */
export function undoCarryForward(
  tenantId: string,
  assessmentId: string,
  carryForwardId: string,
): Promise<AssessmentDetail> {
  return apiFetch(
    assessmentPath(
      tenantId,
      assessmentId,
      `/carry-forwards/${encodeURIComponent(carryForwardId)}/undo`,
    ),
    { method: 'POST', schema: AssessmentDetailSchema },
  );
}

export function useUndoCarryForward(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (carryForwardId: string) =>
      undoCarryForward(tenantId, assessmentId, carryForwardId),
    onSuccess: async (detail) => {
      qc.setQueryData(assessmentKeys.detail(tenantId, assessmentId), detail);
      await Promise.all([
        qc.invalidateQueries({ queryKey: assessmentKeys.carryForwards(tenantId, assessmentId) }),
        qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) }),
      ]);
    },
    // Refused (answered since, too old): show the assessment as it is now.
    onError: () =>
      qc.invalidateQueries({ queryKey: assessmentKeys.detail(tenantId, assessmentId) }),
  });
}
