/**
 * The one write path of answers, for members, shared contributors and respondents alike
 * (docs/assessments.md, "Saving an answer"): one read, then ONE statement that writes the
 * answer only if it is still at the revision read (a write based on an older revision is a
 * 409 with the answer as it is now), keeps the earlier value in the history, claims the
 * idempotency key, never lets an older write replace a newer answer, and writes the
 * assessment's scores unless another write holds them at that moment — then a roll-up
 * (score-rollup.ts) does, so answers to one busy assessment never queue behind its row.
 * Reads never recompute a score.
 */
import {
  ASSESSMENT_ERROR_CODES,
  questionScore,
  valueProblem,
  type Answer,
  type AnswerInput,
  type AnswerSource,
  type AssessmentProgress,
  type AssessmentScope,
  type AssessmentStatus,
  type Question,
  type ScoredAnswer,
  type WriteOutcome,
} from '@tenantry/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, queryShaped, type Database } from '../../../db/client.ts';
import { liveEventSql, type LiveHub, type LiveNotice } from '../../../db/live.ts';
import {
  answerHistory,
  answerWrites,
  assessmentAnswers,
  assessments,
  respondents,
  scoreRollupsDue,
  type StatusChange,
  type StoredValue,
} from '../../../db/schema/assessments.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  computeProgress,
  effectiveTargets,
  scopedFramework,
  type QuestionInfo,
} from '../assessments.framework.ts';
import { scoreEntry, scoreRollupsFor, type LastAnswer } from './score-rollup.ts';

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
function sameContent(
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

export { scoreEntry };

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

/** A failed roll-up leaves its due rows: the periodic sweep rolls them up (score-rollup.ts). */
const noop = () => {};

/** A value of a statement built once per shape (queryShaped). */
const param = (name: string) => sql.placeholder(name);
const atParam = (name: string) => sql`${param(name)}::timestamptz`;
const jsonbParam = (name: string) => sql`${param(name)}::jsonb`;
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const maybeDate = (v: unknown): Date | null => (v == null ? null : asDate(v));

/** What a write reads, in one statement: the assessment, the current answer, the respondent. */
export interface WriteState {
  ref: AssessmentRef;
  status: AssessmentStatus;
  frameworkId: string;
  frameworkVersion: number;
  scope: AssessmentScope;
  targets: Record<string, number | null>;
  scoreInput: Record<string, ScoredAnswer>;
  progress: AssessmentProgress;
  statusHistory: StatusChange[];
  writeVersion: number;
  /**
   * The answer to the question, or 'unknown' in a state kept from the writer's previous write
   * instead of read (see WriteOptions.remember): the statement itself then keeps the stored
   * answer in the history, numbers its revision and leaves a newer answer alone.
   */
  current: AnswerRow | null | 'unknown';
  respondent: {
    id: string;
    name: string;
    sections: string[] | null;
    expiresAt: Date;
    revokedAt: Date | null;
    submittedAt: Date | null;
  } | null;
}

const READ_COLUMNS = sql`
  a.id, a.account_id, a.tenant_id, a.status, a.framework_id, a.framework_version, a.scope,
  a.targets, a.score_input, a.progress, a.status_history, a.write_version,
  ans.question_key as c_key, ans.value as c_value, ans.na as c_na, ans.note as c_note,
  ans.score as c_score, ans.source as c_source, ans.user_id as c_user_id,
  ans.respondent_id as c_respondent_id, ans.answered_by_name as c_name,
  ans.answered_at as c_at, ans.seq as c_seq, ans.revision as c_revision,
  r.id as r_id, r.name as r_name, r.sections as r_sections, r.expires_at as r_expires_at,
  r.revoked_at as r_revoked_at, r.submitted_at as r_submitted_at`;

function toState(row: Record<string, unknown>, questionKey: string): WriteState {
  const ref = {
    accountId: row.account_id as string,
    tenantId: row.tenant_id as string,
    assessmentId: row.id as string,
  };
  return {
    ref,
    status: row.status as AssessmentStatus,
    frameworkId: row.framework_id as string,
    frameworkVersion: Number(row.framework_version),
    scope: row.scope as AssessmentScope,
    targets: row.targets as Record<string, number | null>,
    scoreInput: row.score_input as Record<string, ScoredAnswer>,
    progress: row.progress as AssessmentProgress,
    statusHistory: row.status_history as StatusChange[],
    writeVersion: Number(row.write_version),
    current:
      row.c_key == null
        ? null
        : {
            assessmentId: ref.assessmentId,
            accountId: ref.accountId,
            questionKey,
            value: (row.c_value ?? null) as StoredValue | null,
            na: row.c_na as boolean,
            note: row.c_note as string,
            score: row.c_score == null ? null : Number(row.c_score),
            source: row.c_source as AnswerSource,
            userId: (row.c_user_id ?? null) as string | null,
            respondentId: (row.c_respondent_id ?? null) as string | null,
            answeredByName: row.c_name as string,
            answeredAt: asDate(row.c_at),
            seq: Number(row.c_seq),
            revision: Number(row.c_revision),
          },
    respondent:
      row.r_id == null
        ? null
        : {
            id: row.r_id as string,
            name: row.r_name as string,
            sections: (row.r_sections ?? null) as string[] | null,
            expiresAt: asDate(row.r_expires_at),
            revokedAt: maybeDate(row.r_revoked_at),
            submittedAt: maybeDate(row.r_submitted_at),
          },
  };
}

/** The state of a write by a member or shared user, or by a respondent known by id. */
async function readState(
  db: Database,
  ref: AssessmentRef,
  questionKey: string,
  respondentId: string | null,
  lock = false,
): Promise<WriteState> {
  if (lock) {
    await lockQuestion(db, sql`${ref.assessmentId}`, questionKey);
  }
  const [row] = await queryShaped<Record<string, unknown>>(
    db,
    'answer-read',
    () => sql`select ${READ_COLUMNS}
      from ${assessments} a
      left join ${assessmentAnswers} ans on ans.assessment_id = a.id and ans.question_key = ${param('qkey')}
      left join ${respondents} r on r.assessment_id = a.id and r.id = ${param('rid')}
      where a.id = ${param('aid')} and a.account_id = ${param('acc')}
        and a.tenant_id = ${param('tid')}`,
    {
      qkey: questionKey,
      rid: respondentId ?? '',
      aid: ref.assessmentId,
      acc: ref.accountId,
      tid: ref.tenantId,
    },
  );
  if (!row) throw assessmentNotFound();
  return toState(row, questionKey);
}

/**
 * A write that lost its race twice waits its turn: writes to the same question of the same
 * assessment take turns (a transaction-level advisory lock, then the answer's row), while
 * every other question's writes go on. Never the assessment's row: that would stop them all.
 */
async function lockQuestion(db: Database, assessmentId: SQL, questionKey: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${assessmentId} || ':' || ${questionKey}, 0))`,
  );
  await db.execute(sql`select 1 from ${assessmentAnswers}
    where assessment_id = ${assessmentId} and question_key = ${questionKey} for update`);
}

/**
 * The state of a respondent's write, found by their token's hash (null when no respondent has
 * it): the token check and the read are one statement.
 */
export async function readStateByToken(
  db: Database,
  tokenHash: string,
  questionKey: string,
  lock = false,
): Promise<WriteState | null> {
  if (lock) {
    await lockQuestion(
      db,
      sql`(select r.assessment_id from ${respondents} r where r.token_hash = ${tokenHash})`,
      questionKey,
    );
  }
  const [row] = await queryShaped<Record<string, unknown>>(
    db,
    'answer-read-by-token',
    () => sql`select ${READ_COLUMNS}
      from ${respondents} r
      join ${assessments} a on a.id = r.assessment_id and a.account_id = r.account_id
      left join ${assessmentAnswers} ans on ans.assessment_id = a.id and ans.question_key = ${param('qkey')}
      where r.token_hash = ${param('tokenHash')}`,
    { qkey: questionKey, tokenHash },
  );
  return row ? toState(row, questionKey) : null;
}

/**
 * An answer moves the assessment's `updated_at` (the dashboard's "recently changed" order) only
 * when it is older than this: the column is indexed, and an update that changes no indexed
 * column is a HOT update, which writes no index entries — most answer writes are.
 */
export const UPDATED_AT_GRAIN_MS = 60_000;

/**
 * Optimistic attempts before a write waits its turn: on an assessment many people answer at
 * once, the last attempt locks the row (a transaction), so every write gets through.
 */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Reads the state of a write. `lock` (in a transaction): the assessment row is locked FIRST, by
 * its own statement, and then read by a new one — a `FOR UPDATE` on the joined read would
 * re-read the locked row after waiting but not the joined answer (stale under READ COMMITTED).
 */
export type ReadState = (db: Database, lock: boolean) => Promise<WriteState>;

/**
 * Saves one answer in two statements and no explicit transaction (optimistic concurrency):
 * one read (the assessment with its version, the current answer, the respondent), then ONE
 * statement that — only if the assessment is still at the version read — bumps the version,
 * writes the scores and the answer, keeps the earlier value in the history, claims the
 * idempotency key, moves the respondent's sequence, and records and announces the live event.
 * A single statement is atomic; a lost race reads again.
 */
export async function writeAnswer(
  db: Database,
  ref: AssessmentRef,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  const respondentId = writer.source === 'respondent' ? writer.respondentId : null;
  return writeWithState(
    db,
    (conn, lock) => readState(conn, ref, questionKey, respondentId, lock),
    writer,
    questionKey,
    input,
    opts,
  );
}

export async function writeWithState(
  db: Database,
  read: ReadState,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  const announced = (done: Attempt): WriteResult => {
    const { event, next, rollup, ...result } = done;
    if (event && opts.live) opts.live.announce(event);
    if (next) opts.remember?.(next);
    // Stored while another write held the scores: a roll-up that includes it writes them and
    // announces them; the write answers with the progress as it computed it.
    if (rollup) void scoreRollupsFor(db).request(rollup.ref, rollup.last, opts.live).catch(noop);
    return result;
  };

  for (let attempt = 1; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const state = await read(db, false);
    const result = await tryWrite(db, state, writer, questionKey, input, opts);
    if (result) return announced(result);
  }
  const locked = await db.transaction(async (tx) => {
    const conn = tx as unknown as Database;
    // Under the question's lock only a first answer racing in (no row to lock yet), a
    // completion or a carry-forward can still move it: read and try again.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const state = await read(conn, true);
      const result = await tryWrite(conn, state, writer, questionKey, input, opts);
      if (result) return result;
    }
    throw new Error('an answer write under the question lock lost its race three times');
  });
  // Announced once the transaction has committed.
  return announced(locked);
}

/**
 * An applied attempt, with its live event when one was recorded but not yet announced, and the
 * assessment's state after it (when it changed).
 */
type Attempt = WriteResult & {
  event?: LiveNotice;
  next?: WriteState;
  /** The answer was stored without its scores: a roll-up is due (score-rollup.ts). */
  rollup?: { ref: AssessmentRef; last: LastAnswer };
};

/** One attempt: the outcome, or null when the assessment changed since `state` was read. */
async function tryWrite(
  db: Database,
  state: WriteState,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions,
): Promise<Attempt | null> {
  const { ref } = state;
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
  const question = info.question;
  const value = checkedValue(question, input);
  const na = input.na === true;
  const note = (input.note ?? '').trim();
  const cleared = value === null && !na;
  const now = new Date();
  const seq = writer.source === 'respondent' ? writer.seq : 0;
  // From a remembered state the stored answer is not known: the statement handles it.
  const blind = state.current === 'unknown';
  if (blind && (!respondentId || !opts.tokenHash))
    throw new Error('a remembered state without its respondent');
  const existing = state.current === 'unknown' ? undefined : (state.current ?? undefined);
  // A write that names the revision it was based on is checked against the stored answer,
  // which a remembered state does not know: read it first.
  if (input.baseRevision !== undefined) {
    if (blind) return null;
    if ((existing?.revision ?? 0) !== input.baseRevision && !sameContent(existing, value, input)) {
      const key = input.idempotencyKey;
      if (key && (await claimed(db, ref, key))) return duplicate(state);
      throw answerConflict(existing ? toAnswer(existing) : null);
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
    respondentId,
    answeredByName: writer.name,
  };
  const key = input.idempotencyKey ?? null;

  // A write based on the stored revision changes that answer, whatever its device's clock says.
  const superseded =
    !!existing &&
    input.baseRevision !== existing.revision &&
    storedIsNewer(existing, answeredAt, seq);
  const bumped = { ...state, current: 'unknown' as const, writeVersion: state.writeVersion + 1 };
  const startNow = state.status === 'draft';
  const stored: AnswerRow | null =
    cleared || superseded
      ? null
      : {
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
  /**
   * What the statement keeps in the history: a write older than the stored answer (an offline
   * queue replayed after someone else answered), or the answer it replaces.
   */
  const kept = superseded
    ? historyOf({ ...existing!, ...who, value, na, note, answeredAt }, now)
    : existing
      ? historyOf(existing, now)
      : null;
  const shape = {
    blind,
    superseded,
    key: key !== null,
    respondent: respondentId !== null,
    kept: !!existing,
    stored: stored !== null,
    startNow,
    hub: !!opts.live,
  };
  const values: Record<string, unknown> = {
    aid: ref.assessmentId,
    acc: ref.accountId,
    tid: ref.tenantId,
    qkey: questionKey,
    version: state.writeVersion,
    fv: state.frameworkVersion,
    readRevision: existing?.revision ?? 0,
    now: now.toISOString(),
    staleBefore: new Date(now.getTime() - UPDATED_AT_GRAIN_MS).toISOString(),
    key,
    rid: respondentId,
    seq,
    answeredAt: answeredAt.toISOString(),
    tokenHash: opts.tokenHash ?? null,
  };
  if (kept) {
    Object.assign(values, {
      hValue: kept.value === null ? null : JSON.stringify(kept.value),
      hNa: kept.na,
      hNote: kept.note,
      hSource: kept.source,
      hUserId: kept.userId,
      hRespondentId: kept.respondentId,
      hName: kept.answeredByName,
      hAnsweredAt: kept.answeredAt.toISOString(),
    });
  }

  if (superseded) {
    // Older than what is stored: kept in the history, never written over a newer answer.
    const { applied } = await runAnswerStatement(db, shape, values, ref);
    if (!applied) return key && (await claimed(db, ref, key)) ? duplicate(state) : null;
    return {
      outcome: 'superseded',
      answer: toAnswer(existing!),
      progress: state.progress,
      next: { ...state, current: 'unknown' },
    };
  }

  const scoreInput = { ...state.scoreInput };
  if (cleared) delete scoreInput[questionKey];
  else scoreInput[questionKey] = scoreEntry(question, na, value);
  const progress = computeProgress(
    framework,
    scoreInput,
    effectiveTargets(framework, state.targets),
  );
  const statusHistory: StatusChange[] = startNow
    ? [...state.statusHistory, { status: 'in_progress', at: now.toISOString(), by: writer.name }]
    : state.statusHistory;
  Object.assign(values, {
    scoreInput: JSON.stringify(scoreInput),
    progress: JSON.stringify(progress),
    score: progress.score,
    completion: progress.completion,
    answered: progress.answered,
    total: progress.total,
    byName: writer.name,
    bySource: writer.source,
    statusHistory: startNow ? JSON.stringify(statusHistory) : null,
  });
  if (stored) {
    Object.assign(values, {
      value: stored.value === null ? null : JSON.stringify(stored.value),
      na,
      note,
      answerScore: stored.score,
      source: stored.source,
      userId: stored.userId,
      answeredByName: stored.answeredByName,
      revision: stored.revision,
    });
  }
  const { applied, scored, event, revision } = await runAnswerStatement(db, shape, values, ref);
  // A lost race, a claimed key or a refused link: a remembered state cannot tell which, so the
  // next attempt reads.
  if (!applied) {
    return !blind && key && (await claimed(db, ref, key)) ? duplicate(state) : null;
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
      ...bumped,
      scoreInput,
      progress,
      status: startNow ? 'in_progress' : state.status,
      statusHistory,
    },
  };
}

/** What decides the text of an answer write's statement (one prepared statement per shape). */
interface AnswerStatementShape {
  /** From a remembered state: the statement reads the stored answer itself (WriteState.current). */
  blind: boolean;
  /** Only the history row (the write is older than the stored answer), no scores or answer. */
  superseded: boolean;
  /** The write carries an idempotency key to claim. */
  key: boolean;
  /** A respondent writes: their row must still allow it, and their sequence moves. */
  respondent: boolean;
  /** There is a stored answer (read, not blind): the write applies only to its revision. */
  kept: boolean;
  /** The answer is stored (false: cleared, its row deleted). */
  stored: boolean;
  /** The first answer moves the assessment from draft to in progress. */
  startNow: boolean;
  /** The live event goes to the process's hub (else the statement NOTIFYs). */
  hub: boolean;
}

/**
 * ONE statement, built once per shape (queryShaped):
 * - `g` holds the assessment (a key-share lock, which answers share with each other and with a
 *   score write) while it is not completed and still on the version the answer was checked
 *   against; completing or carrying forward locks the row and so waits for answers under way;
 * - `ok`: the respondent may still answer (their row moves its sequence), the key is unclaimed;
 * - `w` writes the answer only if it is still as read (its revision), or, from a remembered
 *   state, only if the stored one is not newer (`o`, the stored row, locked, for the history);
 * - the history row, the key's claim and the live event follow `w`;
 * - `u` writes the scores computed from the state read, only if nobody else wrote them since
 *   (`write_version`) and nobody holds the row now (SKIP LOCKED: never waits for another
 *   answer's score write). When it cannot, `d` records that a roll-up is due (score-rollup.ts).
 */
function answerStatement(shape: AnswerStatementShape): SQL {
  const aq = sql`assessment_id = ${param('aid')} and question_key = ${param('qkey')}`;
  // A new answer after a clear continues the question's revisions (each earlier value is in
  // the history), so a write based on a revision from before the clear is told it is stale.
  const revisionsBefore = sql`(select count(*)::int from ${answerHistory} hc
    where hc.assessment_id = ${param('aid')} and hc.question_key = ${param('qkey')})`;
  const hold = sql`g as (select id from ${assessments}
      where id = ${param('aid')} and account_id = ${param('acc')} and tenant_id = ${param('tid')}
        and status <> 'completed' and framework_version = ${param('fv')}
      for key share)`;
  const respondent = shape.respondent
    ? sql`, r as (update ${respondents} set last_seq = greatest(last_seq, ${param('seq')}),
          last_seen_at = ${atParam('now')}
        where id = ${param('rid')} and revoked_at is null and submitted_at is null
          ${shape.blind ? sql`and token_hash = ${param('tokenHash')} and expires_at > ${atParam('now')}` : sql``}
          and exists (select 1 from g)
        returning id)`
    : sql``;
  const ok = sql`, ok as (select 1 as one from g
      where true ${shape.respondent ? sql`and exists (select 1 from r)` : sql``}
      ${shape.key ? sql`and not exists (select 1 from ${answerWrites} where assessment_id = ${param('aid')} and idempotency_key = ${param('key')})` : sql``})`;
  const columns = sql`(assessment_id, account_id, question_key, value, na, note, score, source,
      user_id, respondent_id, answered_by_name, answered_at, seq, revision)`;
  const values = (revision: SQL) => sql`${param('aid')}, ${param('acc')}, ${param('qkey')},
      ${jsonbParam('value')}, ${param('na')}, ${param('note')}, ${param('answerScore')},
      ${param('source')}, ${param('userId')}, ${param('rid')}, ${param('answeredByName')},
      ${atParam('answeredAt')}, ${param('seq')}, ${revision}`;
  const set = sql`value = ${jsonbParam('value')}, na = ${param('na')}, note = ${param('note')},
      score = ${param('answerScore')}, source = ${param('source')}, user_id = ${param('userId')},
      respondent_id = ${param('rid')}, answered_by_name = ${param('answeredByName')},
      answered_at = ${atParam('answeredAt')}, seq = ${param('seq')}`;
  const notNewer = sql`not (o.answered_at > ${atParam('answeredAt')}
      or (o.answered_at = ${atParam('answeredAt')} and o.seq > ${param('seq')}))`;
  const history = (from: SQL) => sql`, h as (
      insert into ${answerHistory} (assessment_id, account_id, question_key, value, na, note,
        source, user_id, respondent_id, answered_by_name, answered_at, replaced_at)
      ${from})`;
  const keptHistory = history(sql`select ${param('aid')}, ${param('acc')}, ${param('qkey')},
      ${jsonbParam('hValue')}, ${param('hNa')}, ${param('hNote')}, ${param('hSource')},
      ${param('hUserId')}, ${param('hRespondentId')}, ${param('hName')},
      ${atParam('hAnsweredAt')}, ${atParam('now')} from w limit 1`);
  const oldHistory = (changed: string) =>
    history(sql`select o.assessment_id, o.account_id, o.question_key, o.value, o.na, o.note,
      o.source, o.user_id, o.respondent_id, o.answered_by_name, o.answered_at, ${atParam('now')}
      from o where exists (select 1 from ${sql.raw(changed)})`);

  let write: SQL;
  if (shape.superseded) {
    // Older than the stored answer: only its history row, if the answer is still as read.
    write = sql`, w as (select 1 as revision from ok where exists (select 1 from ${assessmentAnswers}
        where ${aq} and revision = ${param('readRevision')}))
      ${keptHistory}`;
  } else if (shape.blind) {
    const old = sql`, o as (select * from ${assessmentAnswers} where ${aq} for update)`;
    write = shape.stored
      ? sql`${old},
        wu as (update ${assessmentAnswers} t set ${set}, revision = o.revision + 1 from o
          where t.assessment_id = o.assessment_id and t.question_key = o.question_key
            and exists (select 1 from ok) and ${notNewer}
          returning t.revision),
        wi as (insert into ${assessmentAnswers} ${columns}
          select ${values(sql`${revisionsBefore} + 1`)} from ok where not exists (select 1 from o)
          on conflict (assessment_id, question_key) do nothing returning revision),
        w as (select revision from wu union all select revision from wi)
        ${oldHistory('wu')}`
      : sql`${old},
        wd as (delete from ${assessmentAnswers} t using o
          where t.assessment_id = o.assessment_id and t.question_key = o.question_key
            and exists (select 1 from ok) and ${notNewer}
          returning 1),
        w as (select 1 as revision from wd
          union all select 1 from ok where not exists (select 1 from o))
        ${oldHistory('wd')}`;
  } else if (shape.stored) {
    write = shape.kept
      ? sql`, w as (update ${assessmentAnswers} set ${set}, revision = revision + 1
          where ${aq} and revision = ${param('readRevision')} and exists (select 1 from ok)
          returning revision)
        ${keptHistory}`
      : sql`, w as (insert into ${assessmentAnswers} ${columns}
          select ${values(sql`${revisionsBefore} + 1`)} from ok
          on conflict (assessment_id, question_key) do nothing returning revision)`;
  } else {
    write = shape.kept
      ? sql`, w as (delete from ${assessmentAnswers}
          where ${aq} and revision = ${param('readRevision')} and exists (select 1 from ok)
          returning 1 as revision)
        ${keptHistory}`
      : sql`, w as (select 1 as revision from ok
          where not exists (select 1 from ${assessmentAnswers} where ${aq}))`;
  }
  const claim = shape.key
    ? sql`, k as (insert into ${answerWrites} (assessment_id, idempotency_key, question_key)
        select ${param('aid')}, ${param('key')}, ${param('qkey')} from w limit 1
        on conflict do nothing)`
    : sql``;
  const scores = shape.superseded
    ? sql``
    : sql`, s as (select id from ${assessments}
          where id = ${param('aid')} and write_version = ${param('version')}
            and exists (select 1 from w)
          for no key update skip locked),
        u as (update ${assessments} set write_version = write_version + 1,
          updated_at = case when updated_at < ${atParam('staleBefore')}
            then ${atParam('now')} else updated_at end,
          score_input = ${jsonbParam('scoreInput')}, progress = ${jsonbParam('progress')},
          score = ${param('score')}, completion = ${param('completion')},
          answered = ${param('answered')}, total = ${param('total')},
          last_answer_at = ${atParam('now')}, last_answer_by = ${param('byName')},
          last_answer_source = ${param('bySource')}
          ${shape.startNow ? sql`, status = 'in_progress', status_history = ${jsonbParam('statusHistory')}` : sql``}
          where id in (select id from s)
          returning id),
        d as (insert into ${scoreRollupsDue} (assessment_id, account_id, tenant_id)
          select ${param('aid')}, ${param('acc')}, ${param('tid')}
          where exists (select 1 from w) and not exists (select 1 from u))`;
  const live = liveEventSql(
    { accountId: param('acc'), tenantId: param('tid'), assessmentId: param('aid'), kind: 'answer' },
    sql`(select 1 from w limit 1) as w1`,
  );
  const result = shape.superseded
    ? sql`select (select count(*) from w)::int as applied, 1 as scored`
    : sql`, ${live.cte} select (select count(*) from w)::int as applied,
        (select count(*) from u)::int as scored,
        ${shape.hub ? sql`${live.id} as event_id` : sql`${live.notify} as notified`}
        ${shape.stored ? sql`, (select revision from w limit 1) as revision` : sql``}`;
  return sql`with ${hold} ${respondent} ${ok} ${write} ${claim} ${scores} ${result}`;
}

/**
 * Runs an answer write's statement: whether the answer was written (still as read), whether
 * its scores were written with it, and the live event it recorded for the hub to announce
 * (with no hub, the statement NOTIFYs).
 */
async function runAnswerStatement(
  db: Database,
  shape: AnswerStatementShape,
  values: Record<string, unknown>,
  ref: AssessmentRef,
): Promise<{ applied: boolean; scored: boolean; event?: LiveNotice; revision?: number }> {
  const [row] = await queryShaped<{
    applied: number;
    scored: number;
    event_id?: unknown;
    revision?: unknown;
  }>(
    db,
    `answer-write:${[
      shape.blind,
      shape.superseded,
      shape.key,
      shape.respondent,
      shape.kept,
      shape.stored,
      shape.startNow,
      shape.hub,
    ]
      .map(Number)
      .join('')}`,
    () => answerStatement(shape),
    values,
  );
  const applied = Number(row?.applied ?? 0) > 0;
  const id = shape.hub && applied ? Number(row?.event_id) : NaN;
  return {
    applied,
    scored: Number(row?.scored ?? 0) > 0,
    ...(Number.isSafeInteger(id) && id > 0 && { event: { ...ref, id, kind: 'answer' } }),
    ...(row?.revision != null && { revision: Number(row.revision) }),
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
