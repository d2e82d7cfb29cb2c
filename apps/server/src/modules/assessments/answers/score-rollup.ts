/**
 * Scores of an assessment many people answer at once (docs/assessments.md, "One busy
 * assessment"). An answer normally writes its assessment's scores in its own statement; when
 * another write holds the assessment's row at that moment, the answer is stored without them,
 * records a `score_rollups_due` row, and its scores come from a ROLL-UP: the scores recomputed
 * from the assessment's answers as they are, by the one scoring model.
 *
 * - Coalesced per process: while a roll-up of an assessment runs, the writes that ask for one
 *   are served by the next, which starts after their commits. A write does not wait for it:
 *   it answers with the progress as it computed it (the state it read and its own answer), and
 *   the roll-up announces the scores to live streams (an `answer` event) once written.
 * - Exact with any number of processes: a roll-up reads the answers and the assessment's
 *   `write_version` in one statement and writes only if the version is unchanged (a lost race
 *   reads again; the third try locks the row). Every answer is then counted by the first
 *   successful score write whose read came after its commit: its own, or its roll-up's.
 * - Durable: the roll-up deletes the due rows it read; a row left behind (a process stopped
 *   between an answer and its roll-up) is rolled up by the periodic sweep (`sweepDueRollups`).
 */
import type {
  AnswerSource,
  AssessmentProgress,
  AssessmentScope,
  AssessmentStatus,
  ScoredAnswer,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { liveEventSql, type LiveHub } from '../../../db/live.ts';
import {
  assessmentAnswers,
  assessments,
  scoreRollupsDue,
  type StatusChange,
  type StoredValue,
} from '../../../db/schema/assessments.ts';
import { computeProgress, effectiveTargets, scopedFramework } from '../assessments.framework.ts';

export interface RollupRef {
  accountId: string;
  tenantId: string;
  assessmentId: string;
}

/** The latest answer among those a roll-up serves: the assessment's "last answer" columns. */
export interface LastAnswer {
  at: Date;
  by: string;
  source: AnswerSource;
}

/**
 * After a roll-up, the next one of the same assessment waits this long, gathering the writes
 * that arrive meanwhile: at most ~40 roll-ups a second per assessment and process, whatever
 * the number of writers (the first after a quiet spell runs at once).
 */
export const ROLLUP_GAP_MS = 25;

/** Optimistic roll-ups before one locks the assessment row and waits its turn. */
const OPTIMISTIC_ROLLUPS = 2;

/** What a roll-up reads, in one statement: the assessment, its answers, its due rows. */
interface Read {
  writeVersion: number;
  status: AssessmentStatus;
  statusHistory: StatusChange[];
  frameworkId: string;
  frameworkVersion: number;
  scope: AssessmentScope;
  targets: Record<string, number | null>;
  answers: Array<{ k: string; v: StoredValue | null; na: boolean }>;
  due: number[];
}

async function readForRollup(db: Database, ref: RollupRef, lock: boolean): Promise<Read | null> {
  if (lock) {
    await db.execute(
      sql`select 1 from ${assessments} where id = ${ref.assessmentId} for no key update`,
    );
  }
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.write_version, a.status, a.status_history, a.framework_id, a.framework_version,
        a.scope, a.targets,
        coalesce((select json_agg(json_build_object('k', s.question_key, 'v', s.value, 'na', s.na))
          from ${assessmentAnswers} s where s.assessment_id = a.id), '[]'::json) as answers,
        coalesce((select json_agg(d.id) from ${scoreRollupsDue} d
          where d.assessment_id = a.id), '[]'::json) as due
      from ${assessments} a
      where a.id = ${ref.assessmentId} and a.account_id = ${ref.accountId}`,
    { prepared: true },
  );
  if (!row) return null;
  return {
    writeVersion: Number(row.write_version),
    status: row.status as AssessmentStatus,
    statusHistory: row.status_history as StatusChange[],
    frameworkId: row.framework_id as string,
    frameworkVersion: Number(row.framework_version),
    scope: row.scope as AssessmentScope,
    targets: row.targets as Record<string, number | null>,
    answers: row.answers as Read['answers'],
    due: (row.due as Array<number | string>).map(Number),
  };
}

/** What scoring keeps of an answer (a free text is only "answered": it is never scored). */
export function scoreEntry(
  question: { type: string },
  na: boolean,
  value: StoredValue | null,
): ScoredAnswer {
  if (na) return { na: true };
  return { value: question.type === 'text' ? '✓' : value };
}

/**
 * Recomputes an assessment's scores from its answers and writes them (with the "last answer"
 * columns and the first answer's move from draft to in progress). Null when the assessment is
 * gone.
 */
export async function rollUpScores(
  db: Database,
  ref: RollupRef,
  last: LastAnswer | null,
  live?: Pick<LiveHub, 'announce'>,
): Promise<AssessmentProgress | null> {
  let done: Rolled | undefined;
  for (let attempt = 1; attempt <= OPTIMISTIC_ROLLUPS && !done; attempt++) {
    done = await attemptRollup(db, ref, last, false);
  }
  done ??= await db.transaction(async (tx) => {
    const locked = await attemptRollup(tx as unknown as Database, ref, last, true);
    if (!locked) throw new Error('a roll-up under the row lock found another version');
    return locked;
  });
  if (done.event && live) live.announce({ ...ref, id: done.event, kind: 'answer' });
  return done.progress;
}

/** A roll-up written: the progress (null: the assessment is gone) and its live event's id. */
interface Rolled {
  progress: AssessmentProgress | null;
  event?: number;
}

/**
 * A roll-up inside a transaction that already holds the assessment's row (completing it): the
 * scores it writes include every answer, whatever roll-up was still due.
 */
export async function rollUpLocked(
  tx: Database,
  ref: RollupRef,
): Promise<AssessmentProgress | null> {
  const done = await attemptRollup(tx, ref, null, true, false);
  if (!done) throw new Error('a roll-up under the row lock found another version');
  return done.progress;
}

/**
 * One roll-up: what it wrote, or undefined on a lost race. With `event`, the same statement
 * records a live event (announced by the caller once committed).
 */
async function attemptRollup(
  db: Database,
  ref: RollupRef,
  last: LastAnswer | null,
  lock: boolean,
  event = true,
): Promise<Rolled | undefined> {
  const read = await readForRollup(db, ref, lock);
  if (!read) return { progress: null };
  const framework = await scopedFramework(db, read.frameworkId, read.frameworkVersion, read.scope);
  if (!framework) return { progress: null };
  const scoreInput: Record<string, ScoredAnswer> = {};
  for (const a of read.answers) {
    const info = framework.questions.get(a.k);
    if (info) scoreInput[a.k] = scoreEntry(info.question, a.na, a.v ?? null);
  }
  const progress = computeProgress(
    framework,
    scoreInput,
    effectiveTargets(framework, read.targets),
  );
  // The first answer moves a draft to in progress (here when its own write could not).
  const startNow = read.status === 'draft' && progress.answered > 0;
  const statusHistory: StatusChange[] = startNow
    ? [
        ...read.statusHistory,
        {
          status: 'in_progress',
          at: (last?.at ?? new Date()).toISOString(),
          by: last?.by ?? null,
        },
      ]
    : read.statusHistory;
  const live = liveEventSql({ ...ref, kind: 'answer' }, sql`u`);
  const rows = await queryRows<{ one: number; event_id: unknown }>(
    db,
    sql`with u as (update ${assessments} set
          score_input = ${JSON.stringify(scoreInput)}::jsonb,
          progress = ${JSON.stringify(progress)}::jsonb,
          score = ${progress.score}, completion = ${progress.completion},
          answered = ${progress.answered}, total = ${progress.total},
          write_version = write_version + 1
          ${
            last
              ? sql`, last_answer_by = case when last_answer_at is null or last_answer_at <= ${last.at.toISOString()}::timestamptz
                  then ${last.by} else last_answer_by end,
                last_answer_source = case when last_answer_at is null or last_answer_at <= ${last.at.toISOString()}::timestamptz
                  then ${last.source} else last_answer_source end,
                last_answer_at = greatest(last_answer_at, ${last.at.toISOString()}::timestamptz),
                updated_at = greatest(updated_at, ${last.at.toISOString()}::timestamptz)`
              : sql``
          }
          ${startNow ? sql`, status = 'in_progress', status_history = ${JSON.stringify(statusHistory)}::jsonb` : sql``}
        where id = ${ref.assessmentId} and write_version = ${read.writeVersion}
        returning id),
      d as (delete from ${scoreRollupsDue}
        where id = any(${`{${read.due.join(',')}}`}::bigint[])
          and assessment_id = ${ref.assessmentId} and exists (select 1 from u))
      ${event ? sql`, ${live.cte}` : sql``}
      select count(*)::int as one, ${event ? live.id : sql`null`} as event_id from u`,
  );
  if (Number(rows[0]?.one ?? 0) === 0) return undefined;
  const id = Number(rows[0]?.event_id);
  return { progress, ...(Number.isSafeInteger(id) && id > 0 && { event: id }) };
}

interface Waiter {
  resolve: (p: AssessmentProgress | null) => void;
  reject: (e: unknown) => void;
}
interface Pending {
  ref: RollupRef;
  waiters: Waiter[];
  last: LastAnswer | null;
  running: boolean;
  live?: Pick<LiveHub, 'announce'>;
}

/**
 * Roll-ups of this process, coalesced per assessment: at most one runs at a time per
 * assessment, and the writes asking during it are served by the next. Keeps nothing another
 * process needs (the due rows are in the database).
 */
export class ScoreRollups {
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly db: Database) {}

  /** The assessment's progress from a roll-up that starts after this call. */
  request(
    ref: RollupRef,
    last: LastAnswer | null,
    live?: Pick<LiveHub, 'announce'>,
  ): Promise<AssessmentProgress | null> {
    let p = this.pending.get(ref.assessmentId);
    if (!p) {
      p = { ref, waiters: [], last: null, running: false };
      this.pending.set(ref.assessmentId, p);
    }
    if (live) p.live = live;
    if (last && (!p.last || last.at >= p.last.at)) p.last = last;
    const promise = new Promise<AssessmentProgress | null>((resolve, reject) =>
      p.waiters.push({ resolve, reject }),
    );
    if (!p.running) this.track(this.drain(p));
    return promise;
  }

  private track(run: Promise<void>) {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async drain(p: Pending): Promise<void> {
    p.running = true;
    try {
      for (let first = true; p.waiters.length > 0; first = false) {
        if (!first) await new Promise((resolve) => setTimeout(resolve, ROLLUP_GAP_MS));
        const batch = p.waiters.splice(0);
        const last = p.last;
        p.last = null;
        try {
          const progress = await rollUpScores(this.db, p.ref, last, p.live);
          for (const w of batch) w.resolve(progress);
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      p.running = false;
      this.pending.delete(p.ref.assessmentId);
    }
  }

  /** Waits for the roll-ups under way (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

const perDatabase = new WeakMap<object, ScoreRollups>();

/** The process's roll-ups for a database (one per database handle). */
export function scoreRollupsFor(db: Database): ScoreRollups {
  let r = perDatabase.get(db);
  if (!r) {
    r = new ScoreRollups(db);
    perDatabase.set(db, r);
  }
  return r;
}

/** Rows older than this are the sweep's: younger ones belong to a roll-up under way. */
const SWEEP_AFTER_MS = 10_000;

/**
 * Rolls up the assessments with due rows older than a few seconds (a process stopped between
 * an answer and its roll-up). Any process may run it; a roll-up is idempotent. Returns how
 * many assessments it rolled up.
 */
export async function sweepDueRollups(db: Database, now = new Date()): Promise<number> {
  const rows = await queryRows<{ assessment_id: string; account_id: string; tenant_id: string }>(
    db,
    sql`select distinct assessment_id, account_id, tenant_id from ${scoreRollupsDue}
      where created_at < ${new Date(now.getTime() - SWEEP_AFTER_MS).toISOString()}::timestamptz
      limit 500`,
  );
  const rollups = scoreRollupsFor(db);
  for (const r of rows) {
    await rollups.request(
      { accountId: r.account_id, tenantId: r.tenant_id, assessmentId: r.assessment_id },
      null,
    );
  }
  return rows.length;
}
