import type { Answer, AnswerWriteResult, AssessmentDetail } from '@tenantry/shared';

/**
 * The detail after one answer write, from the write's own answer (the stored one, null when
 * cleared) and progress: no full refetch. A first applied answer also starts a draft, as the
 * server does.
 */
export function applyAnswerResult(
  detail: AssessmentDetail,
  questionKey: string,
  result: AnswerWriteResult,
): AssessmentDetail {
  const answers = detail.answers.filter((a) => a.questionKey !== questionKey);
  if (result.answer) answers.push(result.answer);
  const applied = result.outcome === 'applied';
  const { progress } = result;
  return {
    ...detail,
    answers,
    progress,
    score: progress.score,
    completion: progress.completion,
    answered: progress.answered,
    total: progress.total,
    status: applied && detail.status === 'draft' ? 'in_progress' : detail.status,
    lastAnswer:
      applied && result.answer
        ? {
            at: result.answer.answeredAt,
            by: result.answer.answeredBy.name,
            source: result.answer.answeredBy.source,
          }
        : detail.lastAnswer,
  };
}

/**
 * The detail after a write refused as a conflict: the answer as the refusal says it is now,
 * unless the detail already holds a newer revision (a live refresh came first). A cleared
 * answer carries no revision: the refetch that follows a refusal brings it.
 */
export function applyConflictAnswer(
  detail: AssessmentDetail,
  questionKey: string,
  current: Answer | null,
): AssessmentDetail {
  if (!current) return detail;
  const held = detail.answers.find((a) => a.questionKey === questionKey);
  if (held && held.revision >= current.revision) return detail;
  return {
    ...detail,
    answers: [...detail.answers.filter((a) => a.questionKey !== questionKey), current],
  };
}
