import { AssessmentPageSchema, ASSESSMENT_LIMITS, type AssessmentPage } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys, type AssessmentListStatus } from './assessment-keys.ts';

const base = (tenantId: string) => `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments`;

/** GET /api/v1/tenants/{tenantId}/assessments: one page, newest first (keyset cursor). */
export function fetchAssessmentPage(
  tenantId: string,
  status: AssessmentListStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AssessmentPage> {
  const params = new URLSearchParams({ status, limit: String(ASSESSMENT_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch(`${base(tenantId)}?${params}`, { schema: AssessmentPageSchema, signal });
}

export const assessmentListQueryOptions = (tenantId: string, status: AssessmentListStatus) =>
  infiniteQueryOptions({
    queryKey: assessmentKeys.list(tenantId, status),
    queryFn: ({ pageParam, signal }) => fetchAssessmentPage(tenantId, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A client tenant's assessments, page after page ("Load more"). */
export function useAssessmentList(tenantId: string, status: AssessmentListStatus) {
  return useInfiniteQuery({
    ...assessmentListQueryOptions(tenantId, status),
    placeholderData: (prev) => prev,
  });
}
