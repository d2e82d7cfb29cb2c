import { RespondentLinkSchema, type CreateRespondent, type RespondentLink } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** POST …/respondents: their own link, in the answer only (shown once), e-mailed by default. */
export function addRespondent(
  tenantId: string,
  assessmentId: string,
  body: CreateRespondent,
): Promise<RespondentLink> {
  return apiFetch(assessmentPath(tenantId, assessmentId, '/respondents'), {
    method: 'POST',
    body,
    schema: RespondentLinkSchema,
  });
}

export function useAddRespondent(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRespondent) => addRespondent(tenantId, assessmentId, body),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: assessmentKeys.respondents(tenantId, assessmentId) }),
        qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) }),
      ]);
    },
  });
}
