import { RespondentLinkSchema, type RespondentLink } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

export interface ResendInput {
  respondentId: string;
  /** ISO time; the current expiry (or 30 days when it has passed) when left out. */
  expiresAt?: string;
  sendEmail: boolean;
}

/** POST …/respondents/{respondentId}/resend: a new link; the old one stops working. */
export function resendRespondent(
  tenantId: string,
  assessmentId: string,
  { respondentId, ...body }: ResendInput,
): Promise<RespondentLink> {
  return apiFetch(
    assessmentPath(
      tenantId,
      assessmentId,
      `/respondents/${encodeURIComponent(respondentId)}/resend`,
    ),
    { method: 'POST', body, schema: RespondentLinkSchema },
  );
}

export function useResendRespondent(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ResendInput) => resendRespondent(tenantId, assessmentId, input),
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: assessmentKeys.respondents(tenantId, assessmentId) }),
  });
}
