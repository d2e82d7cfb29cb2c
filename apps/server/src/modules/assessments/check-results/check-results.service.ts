/**
 * Automated check results (docs/developer.md): a tool pushes a batch of results keyed by the
 * questions' stable keys through an API key with `answers:write`. The batch is applied WHOLE
 * OR NOT AT ALL, in one transaction under the assessment row's lock, with the same rules as
 * every other answer (answers/write.ts): each result becomes the question's answer with
 * source `automation` and the tool's name, unless the answer there is newer (then it is kept
 * in the history only); the earlier value goes to the history; the scores, completion and
 * "last answer" are written once for the whole batch; a replay of the batch's idempotency key
 * changes nothing; one live event tells open screens to re-read.
 */
import {
  ASSESSMENT_ERROR_CODES,
  questionScore,
  type AssessmentProgress,
  type AssessmentScope,
  type AssessmentStatus,
  type CheckResultsBatchSchema,
  type CheckResultsOutcome,
  type Question,
  type ScoredAnswer,
  isProvisional,
} from '@tenantry/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client.ts';
import { publishLive } from '../../../db/live.ts';
import { checkResultBatches } from '../../../db/schema/api-keys.ts';
import {
  answerHistory,
  assessmentAnswers,
  assessments,
  type StatusChange,
  type StoredValue,
} from '../../../db/schema/assessments.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  checkedValue,
  historyOf,
  storedIsNewer,
  type AnswerRow,
  type AssessmentRef,
  type HistoryRow,
} from '../answers/answer.ts';
import { scoreEntry } from '../answers/score-rollup.ts';
import { assessmentNotFound, lockedError } from '../assessments.errors.ts';
import {
  computeProgress,
  effectiveTargets,
  scopedFramework,
  type ScopedFramework,
} from '../assessments.framework.ts';

type Batch = z.output<typeof CheckResultsBatchSchema>;

/** Who pushed the batch (kept with it): the API key, when there is one. */
export interface CheckResultsWriter {
  apiKeyId: string | null;
}

const messageOf = (err: unknown) =>
  err instanceof AppError ? (err.fields?.value ?? err.fields?.na ?? err.message) : String(err);

/** Applies a batch of check results to an assessment; see the file's comment. */
export async function applyCheckResults(
  db: Database,
  ref: AssessmentRef,
  writer: CheckResultsWriter,
  batch: Batch,
  now = new Date(),
): Promise<CheckResultsOutcome> {
  return db.transaction(async (tx) => {
    const a = await lockedAssessment(tx, ref);
    const done = await appliedBefore(tx, ref, batch.idempotencyKey);
    if (done) {
      return {
        outcome: 'duplicate',
        applied: done.applied,
        superseded: done.superseded,
        progress: {
          ...(a.progress as AssessmentProgress),
          provisional: isProvisional(a.status),
        },
      };
    }
    if ((a.status as AssessmentStatus) === 'completed') throw lockedError();

    const framework = await scopedFramework(
      tx,
      a.frameworkId,
      a.frameworkVersion,
      a.scope as AssessmentScope,
    );
    if (!framework) throw assessmentNotFound();
    const results = checkedResults(framework, batch, now);
    const current = await currentAnswers(
      tx,
      ref,
      batch.results.map((r) => r.questionKey),
    );
    const planned = planWrites(ref, a, results, current, batch.source, now);
    const applied = results.length - planned.superseded;

    if (planned.history.length > 0) await tx.insert(answerHistory).values(planned.history);
    let progress = a.progress as AssessmentProgress;
    if (planned.writes.length > 0) {
      await storeAnswers(tx, planned.writes);
      progress = await storeScores(tx, ref, a, framework, planned.scoreInput, batch.source, now);
    }
    await tx.insert(checkResultBatches).values({
      assessmentId: ref.assessmentId,
      idempotencyKey: batch.idempotencyKey,
      apiKeyId: writer.apiKeyId,
      applied,
      superseded: planned.superseded,
      createdAt: now,
    });
    // Applied only to an open assessment (completed answers 409 above): provisional.
    return {
      outcome: 'applied',
      applied,
      superseded: planned.superseded,
      progress: { ...progress, provisional: true },
    };
  });
}

/** The assessment, its row locked for the batch (404 outside the tenant). */
async function lockedAssessment(tx: Tx, ref: AssessmentRef) {
  await tx.execute(sql`select 1 from ${assessments} where id = ${ref.assessmentId}
    and account_id = ${ref.accountId} and tenant_id = ${ref.tenantId} for update`);
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
    );
  if (!a) throw assessmentNotFound();
  return a;
}

type LockedAssessment = Awaited<ReturnType<typeof lockedAssessment>>;

/** What a batch with this idempotency key did, when it was applied already. */
async function appliedBefore(tx: Tx, ref: AssessmentRef, idempotencyKey: string) {
  const [done] = await tx
    .select({ applied: checkResultBatches.applied, superseded: checkResultBatches.superseded })
    .from(checkResultBatches)
    .where(
      and(
        eq(checkResultBatches.assessmentId, ref.assessmentId),
        eq(checkResultBatches.idempotencyKey, idempotencyKey),
      ),
    );
  return done;
}

/** A result checked against its question, ready to become the answer. */
interface CheckedResult {
  questionKey: string;
  question: Question;
  value: StoredValue | null;
  na: boolean;
  note: string;
  answeredAt: Date;
}

/**
 * Every result checked before anything is written (the batch is whole or nothing): 400 with a
 * field per failing result. Several results for one question (observations over time) come
 * back oldest first, the order they apply in.
 */
function checkedResults(framework: ScopedFramework, batch: Batch, now: Date): CheckedResult[] {
  const fields: Record<string, string> = {};
  const checked = batch.results.map((result, i) => {
    const label = `Result ${i} (“${result.questionKey}”)`;
    const info = framework.questions.get(result.questionKey);
    if (!info) {
      fields[`results.${i}.questionKey`] =
        `${label}: there is no such question in this assessment.`;
      return null;
    }
    if (result.value === null && !result.na) {
      fields[`results.${i}.value`] = `${label}: give a value, or na: true.`;
      return null;
    }
    try {
      const value = checkedValue(info.question, { value: result.value, na: result.na });
      const observed = new Date(result.observedAt);
      return {
        questionKey: result.questionKey,
        question: info.question,
        value,
        na: result.na,
        note: result.evidence.trim(),
        // A result observed later than now (a fast clock) counts as observed now.
        answeredAt: observed.getTime() < now.getTime() ? observed : now,
      };
    } catch (err) {
      fields[`results.${i}.${result.na ? 'na' : 'value'}`] = `${label}: ${messageOf(err)}`;
      return null;
    }
  });
  const problems = Object.keys(fields).length;
  if (problems > 0) {
    throw new AppError(
      ASSESSMENT_ERROR_CODES.invalidAnswer,
      400,
      `${problems} of the ${batch.results.length} results cannot be applied, so none was: ${Object.values(fields)[0]}${problems > 1 ? ' (see fields for the others)' : ''}`,
      fields,
    );
  }
  return checked
    .filter((r) => r !== null)
    .sort((x, y) => x.answeredAt.getTime() - y.answeredAt.getTime());
}

/** The stored answers to the batch's questions, by question key. */
async function currentAnswers(
  tx: Tx,
  ref: AssessmentRef,
  keys: string[],
): Promise<Map<string, AnswerRow>> {
  const rows = await tx
    .select()
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, ref.assessmentId),
        inArray(assessmentAnswers.questionKey, keys),
      ),
    );
  return new Map(rows.map((r) => [r.questionKey, r]));
}

/**
 * What the batch writes, with the rules of every answer: a result older than the answer there
 * goes to the history only (superseded); otherwise it becomes the answer, the earlier value
 * going to the history.
 */
function planWrites(
  ref: AssessmentRef,
  a: LockedAssessment,
  results: CheckedResult[],
  current: Map<string, AnswerRow>,
  source: string,
  now: Date,
) {
  const who = {
    source: 'automation' as const,
    userId: null,
    respondentId: null,
    answeredByName: source,
  };
  const history: HistoryRow[] = [];
  const writes = new Map<string, AnswerRow>();
  const scoreInput: Record<string, ScoredAnswer> = {
    ...(a.scoreInput as Record<string, ScoredAnswer>),
  };
  let superseded = 0;
  for (const r of results) {
    const { questionKey } = r;
    const existing = writes.get(questionKey) ?? current.get(questionKey);
    const value = r.value as StoredValue | null;
    if (existing && storedIsNewer(existing, r.answeredAt, 0)) {
      superseded++;
      history.push(
        historyOf(
          { ...existing, ...who, value, na: r.na, note: r.note, answeredAt: r.answeredAt },
          now,
        ),
      );
      continue;
    }
    if (existing) history.push(historyOf(existing, now));
    writes.set(questionKey, {
      assessmentId: ref.assessmentId,
      accountId: ref.accountId,
      questionKey,
      value,
      na: r.na,
      note: r.note,
      score: questionScore(r.question, r.na ? { na: true } : { value }),
      ...who,
      answeredAt: r.answeredAt,
      seq: 0,
      revision: (existing?.revision ?? 0) + 1,
    });
    scoreInput[questionKey] = scoreEntry(r.question, r.na, value);
  }
  return { history, writes: [...writes.values()], scoreInput, superseded };
}

/** Writes the answers (one statement: new ones inserted, stored ones replaced). */
async function storeAnswers(tx: Tx, writes: AnswerRow[]): Promise<void> {
  await tx
    .insert(assessmentAnswers)
    .values(writes)
    .onConflictDoUpdate({
      target: [assessmentAnswers.assessmentId, assessmentAnswers.questionKey],
      set: {
        value: sql`excluded.value`,
        na: sql`excluded.na`,
        note: sql`excluded.note`,
        score: sql`excluded.score`,
        source: sql`excluded.source`,
        userId: sql`excluded.user_id`,
        respondentId: sql`excluded.respondent_id`,
        answeredByName: sql`excluded.answered_by_name`,
        answeredAt: sql`excluded.answered_at`,
        seq: sql`excluded.seq`,
        revision: sql`excluded.revision`,
      },
    });
}

/**
 * The scores, completion and "last answer" written once for the whole batch (the first answer
 * starts a draft), and one live event for open screens.
 */
async function storeScores(
  tx: Tx,
  ref: AssessmentRef,
  a: LockedAssessment,
  framework: ScopedFramework,
  scoreInput: Record<string, ScoredAnswer>,
  source: string,
  now: Date,
): Promise<AssessmentProgress> {
  const progress = computeProgress(
    framework,
    scoreInput,
    effectiveTargets(framework, a.targets as Record<string, number | null>),
  );
  const startNow = a.status === 'draft';
  const statusHistory: StatusChange[] = startNow
    ? [
        ...(a.statusHistory as StatusChange[]),
        { status: 'in_progress', at: now.toISOString(), by: source },
      ]
    : (a.statusHistory as StatusChange[]);
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
      lastAnswerBy: source,
      lastAnswerSource: 'automation',
      writeVersion: sql`${assessments.writeVersion} + 1`,
      updatedAt: now,
      ...(startNow ? { status: 'in_progress' as const, statusHistory } : {}),
    })
    .where(and(eq(assessments.id, ref.assessmentId), eq(assessments.accountId, ref.accountId)));
  await publishLive(tx, { ...ref, kind: 'answer' });
  return progress;
}
