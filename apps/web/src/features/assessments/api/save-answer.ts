import {
  AnswerWriteResultSchema,
  type AnswerInput,
  type AnswerWriteResult,
  type AssessmentDetail,
} from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiFetch } from '#web/lib/api.ts';
import { applyAnswerResult } from '../lib/answer-cache.ts';
import { WriteQueue } from '../lib/write-queue.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** PUT …/answers/{questionKey}: one answer (with an idempotency key, a repeat counts once). */
export function putAnswer(
  tenantId: string,
  assessmentId: string,
  questionKey: string,
  input: AnswerInput,
): Promise<AnswerWriteResult> {
  return apiFetch(
    assessmentPath(tenantId, assessmentId, `/answers/${encodeURIComponent(questionKey)}`),
    {
      method: 'PUT',
      body: input,
      schema: AnswerWriteResultSchema,
    },
  );
}

export type AnswerWriter = (questionKey: string, input: AnswerInput) => Promise<AnswerWriteResult>;

/**
 * The answer writes of one assessment, one at a time (see WriteQueue). Each result updates
 * the detail in the cache from its own answer and progress (no refetch); the lists are marked
 * stale. A refusal because the assessment was completed meanwhile reloads the detail.
 */
export function useAnswerWriter(tenantId: string, assessmentId: string): AnswerWriter {
  const qc = useQueryClient();
  const [queue] = useState(
    () =>
      new WriteQueue<AnswerInput, AnswerWriteResult>(async (questionKey, input) => {
        const key = assessmentKeys.detail(tenantId, assessmentId);
        try {
          const result = await putAnswer(tenantId, assessmentId, questionKey, input);
          qc.setQueryData<AssessmentDetail>(key, (d) =>
            d ? applyAnswerResult(d, questionKey, result) : d,
          );
          void qc.invalidateQueries({
            queryKey: assessmentKeys.lists(tenantId),
            refetchType: 'none',
          });
          return result;
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) {
            void qc.invalidateQueries({ queryKey: key });
          }
          throw err;
        }
      }),
  );
  return (questionKey, input) => queue.enqueue(questionKey, input);
}
