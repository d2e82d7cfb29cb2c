import { QuestionAnswersSchema, type QuestionAnswers } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { acrossClientsKeys } from './across-clients-keys.ts';

export const questionPath = (frameworkId: string, questionKey: string) =>
  `/api/v1/questions/${encodeURIComponent(frameworkId)}/${encodeURIComponent(questionKey)}`;

/** GET /api/v1/questions/{frameworkId}/{questionKey}/answers */
export function fetchQuestionAnswers(
  frameworkId: string,
  questionKey: string,
  signal?: AbortSignal,
): Promise<QuestionAnswers> {
  return apiFetch(`${questionPath(frameworkId, questionKey)}/answers`, {
    schema: QuestionAnswersSchema,
    signal,
  });
}

export const questionAnswersQueryOptions = (frameworkId: string, questionKey: string) =>
  queryOptions({
    queryKey: acrossClientsKeys.question(frameworkId, questionKey),
    queryFn: ({ signal }) => fetchQuestionAnswers(frameworkId, questionKey, signal),
  });

/** Every client's latest answer to the question; read again whenever the page opens. */
export function useQuestionAnswers(frameworkId: string, questionKey: string) {
  return useQuery({
    ...questionAnswersQueryOptions(frameworkId, questionKey),
    refetchOnMount: 'always',
  });
}
