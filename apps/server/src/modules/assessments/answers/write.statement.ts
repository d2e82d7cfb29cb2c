/**
 * The answer write's ONE statement (docs/assessments.md, "Saving an answer"), built once per
 * shape and prepared (queryShaped): what the write does is decided by `AnswerStatementShape`,
 * the values are placeholders filled in on each run.
 */
import type { AnswerSource, AssessmentProgress, ScoredAnswer } from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryShaped, type Database } from '../../../db/client.ts';
import { liveEventSql, type LiveNotice } from '../../../db/live.ts';
import {
  answerHistory,
  answerWrites,
  assessmentAnswers,
  assessments,
  respondents,
  scoreRollupsDue,
  type StatusChange,
} from '../../../db/schema/assessments.ts';
import { respondentLinks } from '../../../db/schema/reminders.ts';
import type { AnswerRow, AssessmentRef, HistoryRow } from './answer.ts';

/** A value of a statement built once per shape (queryShaped). */
export const param = (name: string) => sql.placeholder(name);
const atParam = (name: string) => sql`${param(name)}::timestamptz`;
const jsonbParam = (name: string) => sql`${param(name)}::jsonb`;

/** What decides the text of an answer write's statement (one prepared statement per shape). */
export interface AnswerStatementShape {
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
          ${
            shape.blind
              ? // Their own link, or one a reminder carried (respondent_links).
                sql`and (token_hash = ${param('tokenHash')} or exists (select 1 from ${respondentLinks} l
                  where l.token_hash = ${param('tokenHash')} and l.respondent_id = ${param('rid')}))
                and expires_at > ${atParam('now')}`
              : sql``
          }
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
 * An answer moves the assessment's `updated_at` (the dashboard's "recently changed" order) only
 * when it is older than this: the column is indexed, and an update that changes no indexed
 * column is a HOT update, which writes no index entries — most answer writes are.
 */
export const UPDATED_AT_GRAIN_MS = 60_000;

/** What one run of the statement writes (its placeholders are named in this file only). */
export interface AnswerStatementValues {
  ref: AssessmentRef;
  questionKey: string;
  /** The assessment's `write_version` and pinned framework version, as read. */
  writeVersion: number;
  frameworkVersion: number;
  /** The stored answer's revision as read (0 when there was none). */
  readRevision: number;
  now: Date;
  key: string | null;
  respondentId: string | null;
  seq: number;
  answeredAt: Date;
  tokenHash: string | null;
  /** What the history keeps: the answer replaced, or the write itself when it is older. */
  kept: HistoryRow | null;
  /** The answer written (null: cleared, or older than the stored one). */
  stored: AnswerRow | null;
  /** The assessment's scores after the write (null: older than the stored answer). */
  scores: AnswerStatementScores | null;
}

export interface AnswerStatementScores {
  scoreInput: Record<string, ScoredAnswer>;
  progress: AssessmentProgress;
  by: { name: string; source: AnswerSource };
  /** With the move to in progress when the write starts the assessment (shape.startNow). */
  statusHistory: StatusChange[] | null;
}

/** The statement's placeholders, by name, for one run. */
function placeholders(v: AnswerStatementValues): Record<string, unknown> {
  const values: Record<string, unknown> = {
    aid: v.ref.assessmentId,
    acc: v.ref.accountId,
    tid: v.ref.tenantId,
    qkey: v.questionKey,
    version: v.writeVersion,
    fv: v.frameworkVersion,
    readRevision: v.readRevision,
    now: v.now.toISOString(),
    staleBefore: new Date(v.now.getTime() - UPDATED_AT_GRAIN_MS).toISOString(),
    key: v.key,
    rid: v.respondentId,
    seq: v.seq,
    answeredAt: v.answeredAt.toISOString(),
    tokenHash: v.tokenHash,
  };
  const { kept, scores, stored } = v;
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
  if (scores) {
    Object.assign(values, {
      scoreInput: JSON.stringify(scores.scoreInput),
      progress: JSON.stringify(scores.progress),
      score: scores.progress.score,
      completion: scores.progress.completion,
      answered: scores.progress.answered,
      total: scores.progress.total,
      byName: scores.by.name,
      bySource: scores.by.source,
      statusHistory: scores.statusHistory ? JSON.stringify(scores.statusHistory) : null,
    });
  }
  if (stored) {
    Object.assign(values, {
      value: stored.value === null ? null : JSON.stringify(stored.value),
      na: stored.na,
      note: stored.note,
      answerScore: stored.score,
      source: stored.source,
      userId: stored.userId,
      answeredByName: stored.answeredByName,
      revision: stored.revision,
    });
  }
  return values;
}

/**
 * Runs an answer write's statement: whether the answer was written (still as read), whether
 * its scores were written with it, and the live event it recorded for the hub to announce
 * (with no hub, the statement NOTIFYs).
 */
export async function runAnswerStatement(
  db: Database,
  shape: AnswerStatementShape,
  values: AnswerStatementValues,
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
    placeholders(values),
  );
  const applied = Number(row?.applied ?? 0) > 0;
  const id = shape.hub && applied ? Number(row?.event_id) : NaN;
  return {
    applied,
    scored: Number(row?.scored ?? 0) > 0,
    ...(Number.isSafeInteger(id) && id > 0 && { event: { ...values.ref, id, kind: 'answer' } }),
    ...(row?.revision != null && { revision: Number(row.revision) }),
  };
}
