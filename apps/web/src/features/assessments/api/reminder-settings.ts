import {
  AccountReminderSettingsSchema,
  AssessmentReminderSettingsSchema,
  type AccountReminderSettings,
  type AssessmentReminderSettings,
  type UpdateAccountReminderSettings,
  type UpdateAssessmentReminderSettings,
} from '@tenantry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

const ACCOUNT_PATH = '/api/v1/account/reminder-settings';

/** GET /account/reminder-settings: the account's defaults. */
export const accountReminderSettingsQuery = () =>
  queryOptions({
    queryKey: assessmentKeys.accountReminderSettings(),
    queryFn: ({ signal }) =>
      apiFetch(ACCOUNT_PATH, { schema: AccountReminderSettingsSchema, signal }),
  });

export function useAccountReminderSettings() {
  return useQuery(accountReminderSettingsQuery());
}

/** PUT /account/reminder-settings (owners and admins); 409 when saved by someone else since. */
export function useUpdateAccountReminderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountReminderSettings): Promise<AccountReminderSettings> =>
      apiFetch(ACCOUNT_PATH, { method: 'PUT', body, schema: AccountReminderSettingsSchema }),
    onSuccess: async (saved) => {
      qc.setQueryData(assessmentKeys.accountReminderSettings(), saved);
      // Every assessment's effective settings follow the account's.
      await qc.invalidateQueries({
        predicate: (q) => q.queryKey.includes('reminder-settings'),
      });
    },
  });
}

/** GET …/{assessmentId}/reminder-settings: overrides, the account's, and what applies. */
export const assessmentReminderSettingsQuery = (tenantId: string, assessmentId: string) =>
  queryOptions({
    queryKey: assessmentKeys.reminderSettings(tenantId, assessmentId),
    queryFn: ({ signal }) =>
      apiFetch(assessmentPath(tenantId, assessmentId, '/reminder-settings'), {
        schema: AssessmentReminderSettingsSchema,
        signal,
      }),
  });

export function useAssessmentReminderSettings(tenantId: string, assessmentId: string) {
  return useQuery(assessmentReminderSettingsQuery(tenantId, assessmentId));
}

/** PUT …/{assessmentId}/reminder-settings: replaces the overrides. */
export function useUpdateAssessmentReminderSettings(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssessmentReminderSettings): Promise<AssessmentReminderSettings> =>
      apiFetch(assessmentPath(tenantId, assessmentId, '/reminder-settings'), {
        method: 'PUT',
        body,
        schema: AssessmentReminderSettingsSchema,
      }),
    onSuccess: (saved) =>
      qc.setQueryData(assessmentKeys.reminderSettings(tenantId, assessmentId), saved),
  });
}
