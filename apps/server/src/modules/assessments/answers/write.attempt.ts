/**
 * One attempt of an answer write (write.ts retries it): the question and the value checked
 * against the state read, then the ONE statement (write.statement.ts) that applies only if the
 * assessment is still as read. Null tells the caller to read again.
 */
import {
  questionScore,
  type Answer,
  type AnswerInput,
  type AnswerSource,
  type AssessmentProgress,
  type Question,
  type WriteOutcome,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import type { LiveHub, LiveNotice } from '../../../db/live.ts';
import {
  answerWrites,
  type StatusChange,
  type StoredValue,
} from '../../../db/schema/assessments.ts';
import {
  computeProgress,
  effectiveTargets,
  scopedFramework,
  type QuestionInfo,
  type ScopedFramework,
} from '../assessments.framework.ts';
import { assessmentNotFound, lockedError } from '../assessments.errors.ts';
import {
  answerConflict,
  checkedValue,
  historyOf,
  linkError,
  questionNotFound,
  sameContent,
  storedIsNewer,
  submittedError,
  toAnswer,
  type AnswerRow,
  type AssessmentRef,
} from './answer.ts';
import type { WriteState } from './read-state.ts';
import { scoreEntry, type LastAnswer } from './score-rollup.ts';
import {
  runAnswerStatement,
  type AnswerStatementScores,
  type AnswerStatementShape,
} from './write.statement.ts';

/** Who writes: a person signed in (member or shared contributor), or a respondent's device. */
export type Writer =
  | { source: 'member' | 'shared'; userId: string; name: string }
  | { source: 'respondent'; respondentId: string; name: string; seq: number };

export interface WriteResult {
  outcome: WriteOutcome;
  answer: Answer | null;
  progress: AssessmentProgress;
}

export interface WriteOptions {
  /** Refuses questions outside it with 404 (a respondent's sections). */
  allow?: (info: QuestionInfo) => boolean;
  /**
   * The process's live hub (request handlers pass `deps.live`): the write's live event is
   * announced through it once committed, gathered with others into one NOTIFY. Without it (seed
   * data, scripts) the write's own statement NOTIFYs as it commits.
   */
  live?: Pick<LiveHub, 'announce'>;
  /**
   * Called once a write is applied (or kept as superseded) with the assessment's state after
   * it: a respondent's next write may start from it instead of reading (`current: 'unknown'`);
   * the statement applies only if the assessment is still at that version.
   */
  remember?: (next: WriteState) => void;
  /** A respondent's token hash: a write from a remembered state checks the link again. */
  tokenHash?: string;
}

/**
 * An applied attempt, with its live event when one was recorded but not yet announced, and the
 * assessment's state after it (when it changed).
 */
export type Attempt = WriteResult & {
  event?: LiveNotice;
  next?: WriteState;
  /** The answer was stored without its scores: a roll-up is due (score-rollup.ts). */
  rollup?: { ref: AssessmentRef; last: LastAnswer };
};

/** One attempt: the outcome, or null when the assessment changed since `state` was read. */
export async function tryWrite(
  db: Database,
  state: WriteState,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions,
): Promise<Attempt | null> {
  const { ref } = state;
  const { framework, question } = await questionOf(db, state, writer, questionKey, opts);
  const given = givenWrite(writer, question, input);
  // From a remembered state the stored answer is not known: the statement handles it.
  const blind = state.current === 'unknown';
  if (blind && (!given.respondentId || !opts.tokenHash))
    throw new Error('a remembered state without its respondent');
  const existing = state.current === 'unknown' ? undefined : (state.current ?? undefined);
  // A write that names the revision it was based on is checked against the stored answer,
  // which a remembered state does not know: read it first.
  if (input.baseRevision !== undefined) {
    if (blind) return null;
    if (
      (existing?.revision ?? 0) !== input.baseRevision &&
      !sameContent(existing, given.value, input)
    ) {
      const key = input.idempotencyKey;
      if (key && (await claimed(db, ref, key))) return duplicate(state);
      throw answerConflict(existing ? toAnswer(existing) : null);
    }
  }

  // A write based on the stored revision changes that answer, whatever its device's clock says.
  const superseded =
    !!existing &&
    input.baseRevision !== existing.revision &&
    storedIsNewer(existing, given.answeredAt, given.seq);
  const stored =
    given.cleared || superseded ? null : storedRow(ref, questionKey, question, given, existing);
  /**
   * What the statement keeps in the history: a write older than the stored answer (an offline
   * queue replayed after someone else answered), or the answer it replaces.
   */
  const { value, na, note, answeredAt, now } = given;
  const kept = superseded
    ? historyOf({ ...existing!, ...given.who, value, na, note, answeredAt }, now)
    : existing
      ? historyOf(existing, now)
      : null;
  const startNow = state.status === 'draft';
  const shape: AnswerStatementShape = {
    blind,
    superseded,
    key: given.key !== null,
    respondent: given.respondentId !== null,
    kept: !!existing,
    stored: stored !== null,
    startNow,
    hub: !!opts.live,
  };
  const values = {
    ref,
    questionKey,
    writeVersion: state.writeVersion,
    frameworkVersion: state.frameworkVersion,
    readRevision: existing?.revision ?? 0,
    now,
    key: given.key,
    respondentId: given.respondentId,
    seq: given.seq,
    answeredAt,
    tokenHash: opts.tokenHash ?? null,
    kept,
    stored,
  };

  if (superseded) {
    // Older than what is stored: kept in the history, never written over a newer answer.
    const { applied } = await runAnswerStatement(db, shape, { ...values, scores: null });
    if (!applied) return given.key && (await claimed(db, ref, given.key)) ? duplicate(state) : null;
    return {
      outcome: 'superseded',
      answer: toAnswer(existing!),
      progress: state.progress,
      next: { ...state, current: 'unknown' },
    };
  }

  const scores = scoresAfter(state, framework, question, questionKey, given, writer, startNow);
  const { progress } = scores;
  const { applied, scored, event, revision } = await runAnswerStatement(db, shape, {
    ...values,
    scores,
  });
  // A lost race, a claimed key or a refused link: a remembered state cannot tell which, so the
  // next attempt reads.
  if (!applied) {
    return !blind && given.key && (await claimed(db, ref, given.key)) ? duplicate(state) : null;
  }
  const answer = stored ? toAnswer({ ...stored, revision: revision ?? stored.revision }) : null;
  if (!scored) {
    return {
      outcome: 'applied',
      answer,
      progress,
      event,
      rollup: { ref, last: { at: now, by: writer.name, source: writer.source } },
      // Kept although its scores are stale: the next write's answer is checked against the
      // same framework version and link, and its scores go to a roll-up as this one's did.
      next: { ...state, current: 'unknown' },
    };
  }
  return {
    outcome: 'applied',
    answer,
    progress,
    event,
    next: {
      ...state,
      current: 'unknown',
      writeVersion: state.writeVersion + 1,
      scoreInput: scores.scoreInput,
      progress,
      status: startNow ? 'in_progress' : state.status,
      statusHistory: scores.statusHistory ?? state.statusHistory,
    },
  };
}

/**
 * The question written, from the assessment's pinned version in its scope (404 outside it or
 * outside `opts.allow`); a completed assessment, or a respondent who may no longer answer, is
 * refused.
 */
async function questionOf(
  db: Database,
  state: WriteState,
  writer: Writer,
  questionKey: string,
  opts: WriteOptions,
): Promise<{ framework: ScopedFramework; question: Question }> {
  const framework = await scopedFramework(
    db,
    state.frameworkId,
    state.frameworkVersion,
    state.scope,
  );
  const info = framework?.questions.get(questionKey);
  if (!framework || !info || (opts.allow && !opts.allow(info))) throw questionNotFound();
  if (state.status === 'completed') throw lockedError();
  const respondentId = writer.source === 'respondent' ? writer.respondentId : null;
  if (respondentId) {
    if (!state.respondent) throw assessmentNotFound();
    if (state.respondent.revokedAt) throw linkError('linkRevoked');
    if (state.respondent.submittedAt) throw submittedError();
  }
  return { framework, question: info.question };
}

/** The write as given, its value checked against the question: what, when and by whom. */
interface GivenWrite {
  value: StoredValue | null;
  na: boolean;
  note: string;
  /** Neither a value nor "not applicable": the write clears the answer. */
  cleared: boolean;
  now: Date;
  answeredAt: Date;
  seq: number;
  respondentId: string | null;
  who: Pick<AnswerRow, 'source' | 'userId' | 'respondentId' | 'answeredByName'>;
  key: string | null;
}

function givenWrite(writer: Writer, question: Question, input: AnswerInput): GivenWrite {
  const value = checkedValue(question, input);
  const na = input.na === true;
  const now = new Date();
  const respondentId = writer.source === 'respondent' ? writer.respondentId : null;
  return {
    value,
    na,
    note: (input.note ?? '').trim(),
    cleared: value === null && !na,
    now,
    // A write given later than now (a fast clock) counts as given now.
    answeredAt:
      input.answeredAt && Date.parse(input.answeredAt) < now.getTime()
        ? new Date(input.answeredAt)
        : now,
    seq: writer.source === 'respondent' ? writer.seq : 0,
    respondentId,
    who: {
      source: writer.source as AnswerSource,
      userId: writer.source === 'respondent' ? null : writer.userId,
      respondentId,
      answeredByName: writer.name,
    },
    key: input.idempotencyKey ?? null,
  };
}

/** The answer row the write stores: its revision follows the stored answer's. */
function storedRow(
  ref: AssessmentRef,
  questionKey: string,
  question: Question,
  given: GivenWrite,
  existing: AnswerRow | undefined,
): AnswerRow {
  const { value, na } = given;
  return {
    assessmentId: ref.assessmentId,
    accountId: ref.accountId,
    questionKey,
    value,
    na,
    note: given.note,
    score: questionScore(question, na ? { na } : { value }),
    ...given.who,
    answeredAt: given.answeredAt,
    seq: given.seq,
    revision: (existing?.revision ?? 0) + 1,
  };
}

/** The assessment's scores with the answer stored (or cleared), computed from the state read. */
function scoresAfter(
  state: WriteState,
  framework: ScopedFramework,
  question: Question,
  questionKey: string,
  given: GivenWrite,
  writer: Writer,
  startNow: boolean,
): AnswerStatementScores {
  const scoreInput = { ...state.scoreInput };
  if (given.cleared) delete scoreInput[questionKey];
  else scoreInput[questionKey] = scoreEntry(question, given.na, given.value);
  const progress = computeProgress(
    framework,
    scoreInput,
    effectiveTargets(framework, state.targets),
  );
  const started: StatusChange = {
    status: 'in_progress',
    at: given.now.toISOString(),
    by: writer.name,
  };
  return {
    scoreInput,
    progress,
    by: { name: writer.name, source: writer.source },
    statusHistory: startNow ? [...state.statusHistory, started] : null,
  };
}

async function claimed(db: Database, ref: AssessmentRef, key: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${answerWrites}
      where assessment_id = ${ref.assessmentId} and idempotency_key = ${key}`,
    { prepared: true },
  );
  return rows.length > 0;
}

/** A write whose idempotency key was already applied: the answer and progress as they are. */
function duplicate(state: WriteState): WriteResult {
  return {
    outcome: 'duplicate',
    answer: state.current && state.current !== 'unknown' ? toAnswer(state.current) : null,
    progress: state.progress,
  };
}
