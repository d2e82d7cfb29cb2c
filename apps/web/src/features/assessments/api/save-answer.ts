import {
  AnswerWriteResultSchema,
  type AnswerInput,
  type AnswerWriteResult,
  type AssessmentDetail,
} from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiFetch } from '#web/lib/api.ts';
import { applyAnswerResult, applyConflictAnswer } from '../lib/answer-cache.ts';
import { AnswerConflicts, answerConflictOf, bodyOfInput } from '../lib/answer-conflict.ts';
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

export interface AnswerWriter {
  /** Queues one write of a question's answer; resolves with the write that carried it. */
  write: (questionKey: string, input: AnswerInput) => Promise<AnswerWriteResult>;
  /** Writes refused because someone else changed the answer since (by question key). */
  conflicts: AnswerConflicts;
}

/**
 * The answer writes of one assessment, one at a time (see WriteQueue). Each result updates
 * the detail in the cache from its own answer and progress (no refetch); the lists are marked
 * stale. A write made on top of an earlier write of the same question is based on the
 * revision that one left. A refusal because someone else changed the answer since is kept in
 * `conflicts` (until a later write of it goes through or the person takes theirs) and puts
 * their answer in the cache; any 409 (also the assessment completed meanwhile) reloads the
 * detail.
 */
export function useAnswerWriter(tenantId: string, assessmentId: string): AnswerWriter {
  const qc = useQueryClient();
  const [writer] = useState((): AnswerWriter => {
    const conflicts = new AnswerConflicts();
    const queue = new WriteQueue<AnswerInput, AnswerWriteResult>(
      async (questionKey, input) => {
        const key = assessmentKeys.detail(tenantId, assessmentId);
        try {
          const result = await putAnswer(tenantId, assessmentId, questionKey, input);
          conflicts.drop(questionKey);
          qc.setQueryData<AssessmentDetail>(key, (d) =>
            d ? applyAnswerResult(d, questionKey, result) : d,
          );
          void qc.invalidateQueries({
            queryKey: assessmentKeys.lists(tenantId),
            refetchType: 'none',
          });
          return result;
        } catch (err) {
          const current = answerConflictOf(err);
          if (current !== undefined) {
            conflicts.record(questionKey, { mine: bodyOfInput(input), current });
            qc.setQueryData<AssessmentDetail>(key, (d) =>
              d ? applyConflictAnswer(d, questionKey, current) : d,
            );
          }
          if (err instanceof ApiError && err.status === 409) {
            void qc.invalidateQueries({ queryKey: key });
          }
          throw err;
        }
      },
      (input, previous) =>
        input.baseRevision === undefined
          ? input
          : { ...input, baseRevision: previous.answer?.revision ?? 0 },
    );
    return { write: (questionKey, input) => queue.enqueue(questionKey, input), conflicts };
  });
  return writer;
}
