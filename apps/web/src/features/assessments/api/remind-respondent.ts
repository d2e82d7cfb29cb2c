import { SentReminderSchema, type SentReminder } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/**
 * POST …/respondents/{respondentId}/remind: a reminder now (at most one e-mail a day: 409
 * `assessments.reminder_already_sent` with `details.nextAt`). The key makes a retry of the same
 * click answer the reminder already sent.
 */
export function remindRespondent(
  tenantId: string,
  assessmentId: string,
  respondentId: string,
  idempotencyKey: string,
): Promise<SentReminder> {
  return apiFetch(
    assessmentPath(
      tenantId,
      assessmentId,
      `/respondents/${encodeURIComponent(respondentId)}/remind`,
    ),
    { method: 'POST', body: { idempotencyKey }, schema: SentReminderSchema },
  );
}

export function useRemindRespondent(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { respondentId: string; idempotencyKey: string }) =>
      remindRespondent(tenantId, assessmentId, input.respondentId, input.idempotencyKey),
    onSettled: () =>
      qc.invalidateQueries({ queryKey: assessmentKeys.respondents(tenantId, assessmentId) }),
  });
}
