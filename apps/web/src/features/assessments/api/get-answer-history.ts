import { AnswerHistorySchema, type AnswerHistory } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** GET …/answers/{questionKey}/history: the answer now and its earlier values, newest first. */
export function fetchAnswerHistory(
  tenantId: string,
  assessmentId: string,
  questionKey: string,
  signal?: AbortSignal,
): Promise<AnswerHistory> {
  return apiFetch(
    assessmentPath(tenantId, assessmentId, `/answers/${encodeURIComponent(questionKey)}/history`),
    { schema: AnswerHistorySchema, signal },
  );
}

export const answerHistoryQueryOptions = (
  tenantId: string,
  assessmentId: string,
  questionKey: string,
) =>
  queryOptions({
    queryKey: assessmentKeys.history(tenantId, assessmentId, questionKey),
    queryFn: ({ signal }) => fetchAnswerHistory(tenantId, assessmentId, questionKey, signal),
    staleTime: 0,
  });

/** One question's answer history (asked when the history is opened). */
export function useAnswerHistory(
  tenantId: string,
  assessmentId: string,
  questionKey: string,
  enabled: boolean,
) {
  return useQuery({ ...answerHistoryQueryOptions(tenantId, assessmentId, questionKey), enabled });
}
