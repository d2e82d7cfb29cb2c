import type { AssessmentListQuery } from '@tenantry/shared';

export type AssessmentListStatus = AssessmentListQuery['status'];

/**
 * The assessments feature's query keys (one place, so mutations and live events invalidate
 * the right ones). Everything of one client tenant sits under `tenant(tenantId)`; an
 * assessment's answer histories, respondents and carry-forwards sit under its detail, so
 * invalidating the detail refreshes them too.
 */
export const assessmentKeys = {
  all: ['assessments'] as const,
  tenant: (tenantId: string) => [...assessmentKeys.all, 'tenant', tenantId] as const,
  lists: (tenantId: string) => [...assessmentKeys.tenant(tenantId), 'list'] as const,
  list: (tenantId: string, status: AssessmentListStatus) =>
    [...assessmentKeys.lists(tenantId), status] as const,
  detail: (tenantId: string, assessmentId: string) =>
    [...assessmentKeys.tenant(tenantId), 'detail', assessmentId] as const,
  history: (tenantId: string, assessmentId: string, questionKey: string) =>
    [...assessmentKeys.detail(tenantId, assessmentId), 'history', questionKey] as const,
  respondents: (tenantId: string, assessmentId: string) =>
    [...assessmentKeys.detail(tenantId, assessmentId), 'respondents'] as const,
  /** The assessment's reminder settings (its overrides and what applies). */
  reminderSettings: (tenantId: string, assessmentId: string) =>
    [...assessmentKeys.detail(tenantId, assessmentId), 'reminder-settings'] as const,
  /** The account's reminder defaults (every assessment's settings follow them). */
  accountReminderSettings: () => [...assessmentKeys.all, 'account-reminder-settings'] as const,
  /**
   * What carrying forward to `version` would do (read each time the dialog opens). Not under
   * the detail: the carry-forward itself reloads the detail, and must not ask its preview
   * again (the assessment is on that version by then).
   */
  carryForwardPreview: (tenantId: string, assessmentId: string, version: number) =>
    [...assessmentKeys.tenant(tenantId), 'carry-forward', assessmentId, version] as const,
  /** The carry-forwards done, with the answers each set aside. */
  carryForwards: (tenantId: string, assessmentId: string) =>
    [...assessmentKeys.detail(tenantId, assessmentId), 'carry-forwards'] as const,
  /** Published frameworks to start from (the library, as the start dialog searches it). */
  frameworks: {
    all: () => [...assessmentKeys.all, 'frameworks'] as const,
    search: (q: string) => [...assessmentKeys.frameworks.all(), 'search', q] as const,
    version: (frameworkId: string, version: number | undefined) =>
      [...assessmentKeys.frameworks.all(), 'version', frameworkId, version ?? 'latest'] as const,
  },
};
