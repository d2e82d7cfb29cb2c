import type { AssessmentListQuery } from '@tenantry/shared';

export type AssessmentListStatus = AssessmentListQuery['status'];

/**
 * The assessments feature's query keys (one place, so mutations and live events invalidate
 * the right ones). Everything of one client tenant sits under `tenant(tenantId)`; an
 * assessment's answer histories and respondents sit under its detail, so invalidating the
 * detail refreshes them too.
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
  /** Published frameworks to start from (the library, as the start dialog searches it). */
  frameworks: {
    all: () => [...assessmentKeys.all, 'frameworks'] as const,
    search: (q: string) => [...assessmentKeys.frameworks.all(), 'search', q] as const,
    version: (frameworkId: string, version: number | undefined) =>
      [...assessmentKeys.frameworks.all(), 'version', frameworkId, version ?? 'latest'] as const,
  },
};
