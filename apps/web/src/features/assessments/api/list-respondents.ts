import { RespondentListSchema, type Respondent } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** GET …/respondents: everyone with a link, their status and progress. */
export async function fetchRespondents(
  tenantId: string,
  assessmentId: string,
  signal?: AbortSignal,
): Promise<Respondent[]> {
  const list = await apiFetch(assessmentPath(tenantId, assessmentId, '/respondents'), {
    schema: RespondentListSchema,
    signal,
  });
  return list.items;
}

export const respondentsQueryOptions = (tenantId: string, assessmentId: string) =>
  queryOptions({
    queryKey: assessmentKeys.respondents(tenantId, assessmentId),
    queryFn: ({ signal }) => fetchRespondents(tenantId, assessmentId, signal),
  });

export function useRespondents(tenantId: string, assessmentId: string, enabled = true) {
  return useQuery({ ...respondentsQueryOptions(tenantId, assessmentId), enabled });
}
