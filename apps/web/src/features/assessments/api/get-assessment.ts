import { AssessmentDetailSchema, type AssessmentDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** The path of one assessment (and, with `rest`, of what is below it). */
export function assessmentPath(tenantId: string, assessmentId: string, rest = ''): string {
  return `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}${rest}`;
}

/** GET /api/v1/tenants/{tenantId}/assessments/{assessmentId} */
export function fetchAssessment(
  tenantId: string,
  assessmentId: string,
  signal?: AbortSignal,
): Promise<AssessmentDetail> {
  return apiFetch(assessmentPath(tenantId, assessmentId), {
    schema: AssessmentDetailSchema,
    signal,
  });
}

export const assessmentQueryOptions = (tenantId: string, assessmentId: string) =>
  queryOptions({
    queryKey: assessmentKeys.detail(tenantId, assessmentId),
    queryFn: ({ signal }) => fetchAssessment(tenantId, assessmentId, signal),
  });

/** One assessment: its scoped document, progress, answers and what I may do with it. */
export function useAssessment(tenantId: string, assessmentId: string) {
  return useQuery(assessmentQueryOptions(tenantId, assessmentId));
}
