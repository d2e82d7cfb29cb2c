/**
 * One answer as the write path sees it: which assessment it belongs to, its row as stored and
 * as the API shows it, the value checked against its question, which of two writes is newer,
 * what the history keeps of it, and the errors a write answers with.
 */
import {
  ASSESSMENT_ERROR_CODES,
  valueProblem,
  type Answer,
  type AnswerInput,
  type Question,
} from '@tenantry/shared';
import type { assessmentAnswers, StoredValue } from '../../../db/schema/assessments.ts';
import { AppError } from '../../../lib/errors.ts';

export interface AssessmentRef {
  accountId: string;
  tenantId: string;
  assessmentId: string;
}

export type AnswerRow = typeof assessmentAnswers.$inferSelect;

export const questionNotFound = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.questionNotFound,
    404,
    'There is no such question in this assessment.',
  );

export function toAnswer(row: AnswerRow): Answer {
  return {
    questionKey: row.questionKey,
    value: row.value ?? null,
    na: row.na,
    note: row.note,
    score: row.score,
    answeredBy: {
      source: row.source,
      name: row.answeredByName,
      userId: row.userId,
      respondentId: row.respondentId,
    },
    answeredAt: row.answeredAt.toISOString(),
    revision: row.revision,
  };
}

/**
 * 409 for a write based on an older revision of the answer: someone else changed it since.
 * `details.current` is the answer as it is now (null when it was cleared).
 */
export const answerConflict = (current: Answer | null) =>
  new AppError(
    ASSESSMENT_ERROR_CODES.answerConflict,
    409,
    current
      ? `${current.answeredBy.name} changed this answer since you loaded it.`
      : 'This answer was cleared since you loaded it.',
    undefined,
    { current },
  );

/** Whether a write would store what is already stored (then it cannot lose anyone's work). */
export function sameContent(
  existing: AnswerRow | undefined,
  value: StoredValue | null,
  input: AnswerInput,
): boolean {
  const na = input.na === true;
  if (!existing) return value === null && !na;
  return (
    existing.na === na &&
    JSON.stringify(existing.value ?? null) === JSON.stringify(value) &&
    existing.note === (input.note ?? '').trim()
  );
}

/** The value as stored: checked against the question (400 naming the field otherwise). */
export function checkedValue(question: Question, input: AnswerInput): StoredValue | null {
  if (input.na) {
    if (!question.naAllowed) {
      throw new AppError(
        ASSESSMENT_ERROR_CODES.invalidAnswer,
        400,
        'This question cannot be answered “not applicable”.',
        { na: 'This question does not allow “not applicable”.' },
      );
    }
    return null;
  }
  const value = input.value ?? null;
  if (value === null) return null;
  const normalised = question.type === 'text' && typeof value === 'string' ? value.trim() : value;
  const problem = valueProblem(question, normalised);
  if (problem) {
    throw new AppError(ASSESSMENT_ERROR_CODES.invalidAnswer, 400, `The answer ${problem}.`, {
      value: `The answer ${problem}.`,
    });
  }
  return normalised;
}

/**
 * Whether the stored answer is newer than a write given at `answeredAt` (with sequence `seq`):
 * the later time wins; at the same instant the higher sequence number.
 */
export function storedIsNewer(stored: AnswerRow, answeredAt: Date, seq: number): boolean {
  const t = stored.answeredAt.getTime();
  if (t !== answeredAt.getTime()) return t > answeredAt.getTime();
  return stored.seq > seq;
}

export const historyOf = (row: Pick<AnswerRow, keyof AnswerRow>, replacedAt: Date) => ({
  assessmentId: row.assessmentId,
  accountId: row.accountId,
  questionKey: row.questionKey,
  value: row.value,
  na: row.na,
  note: row.note,
  source: row.source,
  userId: row.userId,
  respondentId: row.respondentId,
  answeredByName: row.answeredByName,
  answeredAt: row.answeredAt,
  replacedAt,
});

export const submittedError = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.submitted,
    409,
    'You have submitted your answers, so they can no longer change. Ask the sender to reopen your part.',
  );
const LINK_MESSAGES = {
  linkInvalid: 'This link is not valid. Ask the person who sent it for a new one.',
  linkExpired: 'This link has expired. Ask the person who sent it for a new one.',
  linkRevoked: 'This link was withdrawn. Ask the person who sent it if you should still answer.',
} as const;

/** 401 for a respondent link that does not (or no longer) work, with its own code. */
export const linkError = (code: keyof typeof LINK_MESSAGES) =>
  new AppError(ASSESSMENT_ERROR_CODES[code], 401, LINK_MESSAGES[code]);

/** The row the history keeps of an answer it replaces (or of a write older than it). */
export type HistoryRow = ReturnType<typeof historyOf>;
