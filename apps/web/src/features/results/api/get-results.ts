import { AssessmentResultsSchema, type AssessmentResults } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { resultsKeys } from './results-keys.ts';

/** GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/results */
export function fetchResults(
  tenantId: string,
  assessmentId: string,
  signal?: AbortSignal,
): Promise<AssessmentResults> {
  return apiFetch(
    `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}/results`,
    { schema: AssessmentResultsSchema, signal },
  );
}

export const resultsQueryOptions = (tenantId: string, assessmentId: string) =>
  queryOptions({
    queryKey: resultsKeys.assessment(tenantId, assessmentId),
    queryFn: ({ signal }) => fetchResults(tenantId, assessmentId, signal),
  });

/** An assessment's results; read again whenever the page opens (answers change elsewhere). */
export function useResults(tenantId: string, assessmentId: string) {
  return useQuery({ ...resultsQueryOptions(tenantId, assessmentId), refetchOnMount: 'always' });
}
