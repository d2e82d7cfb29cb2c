import { RespondentSchema, type Respondent } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** POST …/respondents/{respondentId}/revoke: their link stops working on their next request. */
export function revokeRespondent(
  tenantId: string,
  assessmentId: string,
  respondentId: string,
): Promise<Respondent> {
  return apiFetch(
    assessmentPath(
      tenantId,
      assessmentId,
      `/respondents/${encodeURIComponent(respondentId)}/revoke`,
    ),
    { method: 'POST', schema: RespondentSchema },
  );
}

export function useRevokeRespondent(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (respondentId: string) => revokeRespondent(tenantId, assessmentId, respondentId),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: assessmentKeys.respondents(tenantId, assessmentId) }),
        qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) }),
      ]);
    },
  });
}
