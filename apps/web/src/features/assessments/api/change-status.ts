import { AssessmentDetailSchema, type AssessmentDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** The status moves: draft → in progress, → completed (answers locked), completed → reopened. */
export type StatusMove = 'start' | 'complete' | 'reopen';

/** POST …/assessments/{assessmentId}/{start|complete|reopen} (409 from the wrong status). */
export function changeStatus(
  tenantId: string,
  assessmentId: string,
  move: StatusMove,
): Promise<AssessmentDetail> {
  return apiFetch(assessmentPath(tenantId, assessmentId, `/${move}`), {
    method: 'POST',
    schema: AssessmentDetailSchema,
  });
}

export function useChangeStatus(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (move: StatusMove) => changeStatus(tenantId, assessmentId, move),
    onSuccess: async (detail) => {
      qc.setQueryData(assessmentKeys.detail(tenantId, assessmentId), detail);
      await qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) });
    },
    // A 409 means someone else moved it first: show what it is now.
    onError: () =>
      qc.invalidateQueries({ queryKey: assessmentKeys.detail(tenantId, assessmentId) }),
  });
}
