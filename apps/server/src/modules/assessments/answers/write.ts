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
import type { AnswerInput } from '@tenantry/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { answerWrites } from '../../../lib/metrics.ts';
import type { AssessmentRef } from './answer.ts';
import { readState, type ReadState } from './read-state.ts';
import { scoreRollupsFor } from './score-rollup.ts';
import {
  tryWrite,
  type Attempt,
  type Writer,
  type WriteOptions,
  type WriteResult,
} from './write.attempt.ts';

export type { Writer, WriteOptions, WriteResult };

/** A failed roll-up leaves its due rows: the periodic sweep rolls them up (score-rollup.ts). */
const noop = () => {};

/**
 * Optimistic attempts before a write waits its turn: on an assessment many people answer at
 * once, the last attempt locks the row (a transaction), so every write gets through.
 */
const OPTIMISTIC_ATTEMPTS = 3;

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

/** Counts every save by its outcome (GET /metrics: `tenantry_answer_writes_total`). */
export async function writeWithState(
  db: Database,
  read: ReadState,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  try {
    const result = await writeOnce(db, read, writer, questionKey, input, opts);
    answerWrites.inc({ source: writer.source, outcome: result.outcome });
    return result;
  } catch (err) {
    const outcome =
      err instanceof AppError ? (err.status === 409 ? 'conflict' : 'refused') : 'error';
    answerWrites.inc({ source: writer.source, outcome });
    throw err;
  }
}

async function writeOnce(
  db: Database,
  read: ReadState,
  writer: Writer,
  questionKey: string,
  input: AnswerInput,
  opts: WriteOptions,
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
