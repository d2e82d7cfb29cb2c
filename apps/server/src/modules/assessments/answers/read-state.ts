/**
 * What an answer write reads first, in ONE statement: the assessment (status, pinned version,
 * scores, `write_version`), the current answer to the question and the respondent writing —
 * for a respondent, found by their token's hash, so the token check is the same statement.
 */
import type {
  AnswerSource,
  AssessmentProgress,
  AssessmentScope,
  AssessmentStatus,
  ScoredAnswer,
} from '@tenantry/shared';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryShaped, type Database } from '../../../db/client.ts';
import {
  assessmentAnswers,
  assessments,
  respondents,
  type StatusChange,
  type StoredValue,
} from '../../../db/schema/assessments.ts';
import { respondentLinks } from '../../../db/schema/reminders.ts';
import { assessmentNotFound } from '../assessments.errors.ts';
import type { AnswerRow, AssessmentRef } from './answer.ts';
import { param } from './write.statement.ts';

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
export async function readState(
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
 * The respondent a link token's hash names (an id, or null): their own link
 * (`respondents.token_hash`), else one a reminder carried (`respondent_links`). Two index
 * look-ups at most; the second only when the first finds nothing.
 */
export const respondentOfHash = (hash: SQL | Placeholder) =>
  sql`coalesce((select id from ${respondents} where token_hash = ${hash}),
    (select respondent_id from ${respondentLinks} where token_hash = ${hash}))`;

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
      sql`(select r.assessment_id from ${respondents} r where r.id = ${respondentOfHash(sql`${tokenHash}`)})`,
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
      where r.id = ${respondentOfHash(param('tokenHash'))}`,
    { qkey: questionKey, tokenHash },
  );
  return row ? toState(row, questionKey) : null;
}

/**
 * Reads the state of a write. `lock` (in a transaction): the assessment row is locked FIRST, by
 * its own statement, and then read by a new one — a `FOR UPDATE` on the joined read would
 * re-read the locked row after waiting but not the joined answer (stale under READ COMMITTED).
 */
export type ReadState = (db: Database, lock: boolean) => Promise<WriteState>;
