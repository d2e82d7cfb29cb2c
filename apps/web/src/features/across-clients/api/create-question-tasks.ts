import {
  QuestionTasksResultSchema,
  type CreateQuestionTasksInput,
  type QuestionTasksResult,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { acrossClientsKeys } from './across-clients-keys.ts';
import { questionPath } from './get-question-answers.ts';

/** POST /api/v1/questions/{frameworkId}/{questionKey}/tasks: a task per failing client. */
export function createQuestionTasks(
  frameworkId: string,
  questionKey: string,
  body: CreateQuestionTasksInput,
): Promise<QuestionTasksResult> {
  return apiFetch(`${questionPath(frameworkId, questionKey)}/tasks`, {
    method: 'POST',
    body,
    schema: QuestionTasksResultSchema,
  });
}

export function useCreateQuestionTasks(frameworkId: string, questionKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestionTasksInput) =>
      createQuestionTasks(frameworkId, questionKey, body),
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: acrossClientsKeys.question(frameworkId, questionKey) }),
  });
}
