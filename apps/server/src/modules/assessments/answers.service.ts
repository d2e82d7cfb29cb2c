/**
 * The one write path of answers, for members, shared contributors and respondents alike
 * (docs/assessments.md, "Saving an answer"). In ONE transaction, under the assessment row's
 * lock: the idempotency key is claimed (a replay is applied once), a write older than the
 * stored answer is kept in the history but does not replace it, the earlier value goes to the
 * history, and the assessment's scores, completion and "last answer" are written with it. The
 * commit announces the change to live streams. Reads never recompute a score.
 */
import {
  ASSESSMENT_ERROR_CODES,
  questionScore,
  valueProblem,
  type Answer,
  type AnswerInput,
  type AnswerSource,
  type AssessmentProgress,
  type Question,
  type ScoredAnswer,
  type WriteOutcome,
} from '@tenantry/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { publishLive } from '../../db/live.ts';
import {
  answerHistory,
  answerWrites,
  assessmentAnswers,
  assessments,
  respondents,
  type StatusChange,
  type StoredValue,
} from '../../db/schema/assessments.ts';
import { AppError } from '../../lib/errors.ts';
import {
  computeProgress,
  effectiveTargets,
  scopedFramework,
  type QuestionInfo,
} from './assessments.framework.ts';

export interface AssessmentRef {
  accountId: string;
  tenantId: string;
  assessmentId: string;
}

/** Who writes: a person signed in (member or shared contributor), or a respondent's device. */
export type Writer =
  | { source: 'member' | 'shared'; userId: string; name: string }
  | { source: 'respondent'; respondentId: string; name: string; seq: number };

export interface WriteResult {
  outcome: WriteOutcome;
  answer: Answer | null;
  progress: AssessmentProgress;
}

type AnswerRow = typeof assessmentAnswers.$inferSelect;

export const assessmentNotFound = () =>
  new AppError(ASSESSMENT_ERROR_CODES.notFound, 404, 'There is no such assessment.');
export const questionNotFound = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.questionNotFound,
    404,
    'There is no such question in this assessment.',
  );
export const lockedError = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.locked,
    409,
    'This assessment is completed, so its answers are locked. Reopen it to change them.',
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

/** The value as stored: checked against the question (400 naming the field otherwise). */
function checkedValue(question: Question, input: AnswerInput): StoredValue | null {
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

/** What scoring keeps of an answer (a free text is only "answered": it is never scored). */
function scoreEntry(question: Question, na: boolean, value: StoredValue | null): ScoredAnswer {
  if (na) return { na: true };
  return { value: question.type === 'text' ? '✓' : value };
}

/**
 * Whether the stored answer is newer than a write given at `answeredAt` (with sequence `seq`):
 * the later time wins; at the same instant the higher sequence number.
 */
function storedIsNewer(stored: AnswerRow, answeredAt: Date, seq: number): boolean {
  const t = stored.answeredAt.getTime();
  if (t !== answeredAt.getTime()) return t > answeredAt.getTime();
  return stored.seq > seq;
}

const historyOf = (row: Pick<AnswerRow, keyof AnswerRow>, replacedAt: Date) => ({
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

export interface WriteOptions {
  /** Refuses questions outside it with 404 (a respondent's sections). */
  allow?: (info: QuestionInfo) => boolean;
  /** Checked under the lock, before anything is written (a respondent who has submitted). */
  assert?: (tx: Tx) => Promise<void>;
}

export async function writeAnswer(
  db: Database,
  ref: AssessmentRef,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select({
        status: assessments.status,
        frameworkId: assessments.frameworkId,
        frameworkVersion: assessments.frameworkVersion,
        scope: assessments.scope,
        targets: assessments.targets,
        scoreInput: assessments.scoreInput,
        progress: assessments.progress,
        statusHistory: assessments.statusHistory,
      })
      .from(assessments)
      .where(
        and(
          eq(assessments.id, ref.assessmentId),
          eq(assessments.accountId, ref.accountId),
          eq(assessments.tenantId, ref.tenantId),
        ),
      )
      .for('update');
    if (!a) throw assessmentNotFound();
    const framework = await scopedFramework(tx, a.frameworkId, a.frameworkVersion, a.scope);
    const info = framework?.questions.get(questionKey);
    if (!framework || !info || (opts.allow && !opts.allow(info))) throw questionNotFound();
    if (a.status === 'completed') throw lockedError();
    await opts.assert?.(tx);
    const question = info.question;
    const value = checkedValue(question, input);
    const na = input.na === true;
    const note = (input.note ?? '').trim();
    const cleared = value === null && !na;
    const now = new Date();
    const seq = writer.source === 'respondent' ? writer.seq : 0;

    const current = async (): Promise<AnswerRow | undefined> =>
      (
        await tx
          .select()
          .from(assessmentAnswers)
          .where(
            and(
              eq(assessmentAnswers.assessmentId, ref.assessmentId),
              eq(assessmentAnswers.questionKey, questionKey),
            ),
          )
      )[0];
    const bumpRespondent = async () => {
      if (writer.source !== 'respondent') return;
      await tx
        .update(respondents)
        .set({ lastSeq: sql`greatest(${respondents.lastSeq}, ${seq})`, lastSeenAt: now })
        .where(eq(respondents.id, writer.respondentId));
    };

    if (input.idempotencyKey) {
      const claimed = await tx
        .insert(answerWrites)
        .values({
          assessmentId: ref.assessmentId,
          idempotencyKey: input.idempotencyKey,
          questionKey,
        })
        .onConflictDoNothing()
        .returning({ key: answerWrites.idempotencyKey });
      if (claimed.length === 0) {
        const row = await current();
        return { outcome: 'duplicate', answer: row ? toAnswer(row) : null, progress: a.progress };
      }
    }

    // A write given later than now (a fast clock) counts as given now.
    const answeredAt =
      input.answeredAt && Date.parse(input.answeredAt) < now.getTime()
        ? new Date(input.answeredAt)
        : now;
    const who = {
      source: writer.source as AnswerSource,
      userId: writer.source === 'respondent' ? null : writer.userId,
      respondentId: writer.source === 'respondent' ? writer.respondentId : null,
      answeredByName: writer.name,
    };
    const existing = await current();

    if (existing && storedIsNewer(existing, answeredAt, seq)) {
      // Older than what is stored: kept in the history, never written over a newer answer.
      await tx.insert(answerHistory).values(
        historyOf(
          {
            ...existing,
            ...who,
            value,
            na,
            note,
            answeredAt,
          },
          now,
        ),
      );
      await bumpRespondent();
      return { outcome: 'superseded', answer: toAnswer(existing), progress: a.progress };
    }

    let row: AnswerRow | null = null;
    if (existing) await tx.insert(answerHistory).values(historyOf(existing, now));
    if (cleared) {
      if (existing) {
        await tx
          .delete(assessmentAnswers)
          .where(
            and(
              eq(assessmentAnswers.assessmentId, ref.assessmentId),
              eq(assessmentAnswers.questionKey, questionKey),
            ),
          );
      }
    } else {
      const values = {
        assessmentId: ref.assessmentId,
        accountId: ref.accountId,
        questionKey,
        value,
        na,
        note,
        score: questionScore(question, na ? { na } : { value }),
        ...who,
        answeredAt,
        seq,
        revision: (existing?.revision ?? 0) + 1,
      };
      const [upserted] = await tx
        .insert(assessmentAnswers)
        .values(values)
        .onConflictDoUpdate({
          target: [assessmentAnswers.assessmentId, assessmentAnswers.questionKey],
          set: values,
        })
        .returning();
      row = upserted ?? null;
    }

    const scoreInput = { ...a.scoreInput };
    if (cleared) delete scoreInput[questionKey];
    else scoreInput[questionKey] = scoreEntry(question, na, value);
    const progress = computeProgress(framework, scoreInput, effectiveTargets(framework, a.targets));
    const startNow = a.status === 'draft';
    const history: StatusChange[] = startNow
      ? [...a.statusHistory, { status: 'in_progress', at: now.toISOString(), by: writer.name }]
      : a.statusHistory;

    await tx
      .update(assessments)
      .set({
        scoreInput,
        progress,
        score: progress.score,
        completion: progress.completion,
        answered: progress.answered,
        total: progress.total,
        lastAnswerAt: now,
        lastAnswerBy: writer.name,
        lastAnswerSource: writer.source,
        updatedAt: now,
        ...(startNow ? { status: 'in_progress' as const, statusHistory: history } : {}),
      })
      .where(eq(assessments.id, ref.assessmentId));
    await bumpRespondent();
    await publishLive(tx, { ...ref, kind: 'answer' });
    return { outcome: 'applied', answer: row ? toAnswer(row) : null, progress };
  });
}

/** The current answer and its earlier values, newest first. */
export async function answerHistoryOf(
  db: Database,
  ref: AssessmentRef,
  questionKey: string,
  limit: number,
): Promise<{ current: AnswerRow | null; entries: (typeof answerHistory.$inferSelect)[] }> {
  const [current] = await db
    .select()
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, ref.assessmentId),
        eq(assessmentAnswers.accountId, ref.accountId),
        eq(assessmentAnswers.questionKey, questionKey),
      ),
    );
  const entries = await db
    .select()
    .from(answerHistory)
    .where(
      and(
        eq(answerHistory.assessmentId, ref.assessmentId),
        eq(answerHistory.accountId, ref.accountId),
        eq(answerHistory.questionKey, questionKey),
      ),
    )
    .orderBy(desc(answerHistory.id))
    .limit(limit);
  return { current: current ?? null, entries };
}
