/**
 * "Nothing changed here" (docs/assessments.md, "Confirming last period's answers"): every
 * carried answer under a section that is still unanswered is confirmed — written with its
 * carried value, N/A and note — through the one answer write path (answers/write.ts), each in
 * its own statement, so scores, history, revisions, live events and the conflict rule are the
 * write path's. Each write is based on "no answer" (`baseRevision: 0`): a question someone
 * answered meanwhile is left as it is and reported. A request is said once by its idempotency
 * key: each write carries a key derived from it and the question, and the request's own key is
 * claimed at the end, so a replay (or a retry after a failure half-way) changes nothing twice.
 */
import {
  ASSESSMENT_ERROR_CODES,
  type AnswerInput,
  type CarriedCounts,
  type CarriedState,
  type SectionConfirmInput,
  type SectionConfirmResult,
  type RespondentSectionConfirmInput,
} from '@tenantry/shared';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TenantContext } from '../../../auth/types.ts';
import type { Database } from '../../../db/client.ts';
import type { LiveHub } from '../../../db/live.ts';
import { answerWrites, assessmentAnswers, assessments } from '../../../db/schema/assessments.ts';
import { AppError } from '../../../lib/errors.ts';
import { submittedError } from '../answers/answer.ts';
import { writeAnswer } from '../answers/write.ts';
import { assessmentNotFound, lockedError } from '../assessments.errors.ts';
import { scopedFramework, type QuestionInfo } from '../assessments.framework.ts';
import { respondentByToken, respondentWrite } from '../respondents/respond.service.ts';
import { respondentPart } from '../respondents/respondents.service.ts';
import { carriedState, carriedSummary, readCarriedRows } from './carried.read.ts';

type Live = Pick<LiveHub, 'announce'>;
type Part = ReadonlyMap<string, QuestionInfo>;

export const sectionNotFound = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.sectionNotFound,
    404,
    'There is no such section in this assessment.',
  );

/** The claim of a whole request ("Nothing changed here") among the answer writes' keys. */
const batchKey = (key: string) => `section:${key}`;

/** The key of one question's write within a request: the same on every replay. */
export function questionWriteKey(key: string, questionKey: string): string {
  const digest = createHash('sha256').update(`${key}\n${questionKey}`).digest('base64url');
  return `sc_${digest}`;
}

/** The question keys of the part under `sectionKey` (at any depth); 404 when there are none. */
function questionsUnder(part: Part, sectionKey: string): Set<string> {
  const keys = new Set<string>();
  for (const [key, info] of part) if (info.path.includes(sectionKey)) keys.add(key);
  if (keys.size === 0) throw sectionNotFound();
  return keys;
}

interface Target {
  ref: { accountId: string; tenantId: string; assessmentId: string };
  sectionKey: string;
  part: Part;
  previousAssessmentId: string | null;
}

async function answersOf(db: Database, ref: Target['ref']) {
  const rows = await db
    .select({
      questionKey: assessmentAnswers.questionKey,
      value: assessmentAnswers.value,
      na: assessmentAnswers.na,
    })
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, ref.assessmentId),
        eq(assessmentAnswers.accountId, ref.accountId),
      ),
    );
  return new Map(rows.map((r) => [r.questionKey, { value: r.value ?? null, na: r.na }]));
}

/**
 * Confirms the part's carried answers under the section still unanswered, each through `write`
 * (the one write path, as a member or as the respondent), and says what it did.
 */
async function confirmUnder(
  db: Database,
  target: Target,
  key: string,
  write: (questionKey: string, input: AnswerInput) => Promise<unknown>,
): Promise<SectionConfirmResult> {
  const { ref, part } = target;
  const under = questionsUnder(part, target.sectionKey);
  const [claim] = await db
    .select({ key: answerWrites.idempotencyKey })
    .from(answerWrites)
    .where(
      and(
        eq(answerWrites.assessmentId, ref.assessmentId),
        eq(answerWrites.idempotencyKey, batchKey(key)),
      ),
    );
  const [rows, before] = await Promise.all([readCarriedRows(db, ref), answersOf(db, ref)]);
  const carried = rows.filter((r) => under.has(r.questionKey));
  const confirmed: string[] = [];
  const skipped: SectionConfirmResult['skipped'] = [];
  if (claim) {
    // A replay: nothing is written; it names what the request confirmed.
    const keys = carried.map((r) => questionWriteKey(key, r.questionKey));
    const done = keys.length
      ? await db
          .select({ questionKey: answerWrites.questionKey })
          .from(answerWrites)
          .where(
            and(
              eq(answerWrites.assessmentId, ref.assessmentId),
              inArray(answerWrites.idempotencyKey, keys),
            ),
          )
      : [];
    return finish(db, target, 'duplicate', done.map((d) => d.questionKey).sort(), [], before);
  }
  for (const row of carried) {
    if (before.has(row.questionKey)) continue;
    try {
      await write(row.questionKey, {
        value: row.value ?? null,
        na: row.na,
        note: row.note,
        idempotencyKey: questionWriteKey(key, row.questionKey),
        baseRevision: 0,
      });
      confirmed.push(row.questionKey);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === ASSESSMENT_ERROR_CODES.answerConflict) {
        skipped.push({ questionKey: row.questionKey, reason: 'answered' });
      } else if (err.code === ASSESSMENT_ERROR_CODES.invalidAnswer) {
        skipped.push({ questionKey: row.questionKey, reason: 'invalid' });
      } else throw err;
    }
  }
  await db
    .insert(answerWrites)
    .values({
      assessmentId: ref.assessmentId,
      idempotencyKey: batchKey(key),
      questionKey: target.sectionKey,
    })
    .onConflictDoNothing();
  return finish(db, target, 'applied', confirmed, skipped);
}

async function finish(
  db: Database,
  target: Target,
  outcome: SectionConfirmResult['outcome'],
  confirmed: string[],
  skipped: SectionConfirmResult['skipped'],
  known?: Map<string, { value: unknown; na: boolean }>,
): Promise<SectionConfirmResult> {
  const [rows, answers] = await Promise.all([
    readCarriedRows(db, target.ref),
    known ?? answersOf(db, target.ref),
  ]);
  let answered = 0;
  for (const key of answers.keys()) if (target.part.has(key)) answered += 1;
  return {
    outcome,
    confirmed,
    skipped,
    carried: carriedSummary(rows, answers, target.part, target.previousAssessmentId),
    answered,
    total: target.part.size,
  };
}

async function assessmentOf(
  db: Database,
  where: { accountId: string; id: string; tenantId?: string },
) {
  const [a] = await db
    .select({
      id: assessments.id,
      tenantId: assessments.tenantId,
      status: assessments.status,
      frameworkId: assessments.frameworkId,
      frameworkVersion: assessments.frameworkVersion,
      scope: assessments.scope,
      previousAssessmentId: assessments.previousAssessmentId,
    })
    .from(assessments)
    .where(
      and(
        eq(assessments.id, where.id),
        eq(assessments.accountId, where.accountId),
        where.tenantId === undefined ? undefined : eq(assessments.tenantId, where.tenantId),
      ),
    );
  if (!a) throw assessmentNotFound();
  const framework = await scopedFramework(db, a.frameworkId, a.frameworkVersion, a.scope);
  if (!framework) throw assessmentNotFound();
  return { a, framework };
}

/** "Nothing changed here" by a member or a shared contributor, for the whole scope. */
export async function confirmSection(
  db: Database,
  who: TenantContext & { name: string },
  assessmentId: string,
  sectionKey: string,
  input: SectionConfirmInput,
  live?: Live,
): Promise<SectionConfirmResult> {
  const { a, framework } = await assessmentOf(db, {
    accountId: who.accountId,
    tenantId: who.tenantId,
    id: assessmentId,
  });
  questionsUnder(framework.questions, sectionKey);
  if (a.status === 'completed') throw lockedError();
  const ref = { accountId: who.accountId, tenantId: who.tenantId, assessmentId };
  const writer = {
    source: who.shareRole ? ('shared' as const) : ('member' as const),
    userId: who.userId,
    name: who.name,
  };
  return confirmUnder(
    db,
    { ref, sectionKey, part: framework.questions, previousAssessmentId: a.previousAssessmentId },
    input.idempotencyKey,
    (questionKey, answer) => writeAnswer(db, ref, writer, questionKey, answer, { live }),
  );
}

/** "Nothing changed here" by a respondent, for their sections; the token is the authority. */
export async function respondentConfirmSection(
  db: Database,
  token: string | undefined,
  sectionKey: string,
  input: RespondentSectionConfirmInput,
  live?: Live,
): Promise<SectionConfirmResult> {
  const respondent = await respondentByToken(db, token);
  const { a, framework } = await assessmentOf(db, {
    accountId: respondent.accountId,
    id: respondent.assessmentId,
  });
  const part = respondentPart(framework, respondent.sections).questions;
  questionsUnder(part, sectionKey);
  if (a.status === 'completed') throw lockedError();
  if (respondent.submittedAt) throw submittedError();
  const ref = { accountId: respondent.accountId, tenantId: a.tenantId, assessmentId: a.id };
  const answeredAt = input.answeredAt ?? new Date().toISOString();
  return confirmUnder(
    db,
    { ref, sectionKey, part, previousAssessmentId: a.previousAssessmentId },
    input.idempotencyKey,
    (questionKey, answer) =>
      respondentWrite(
        db,
        token,
        questionKey,
        { ...answer, idempotencyKey: answer.idempotencyKey!, seq: input.seq, answeredAt },
        live,
      ),
  );
}

/**
 * How an assessment's answers stand against last period's (for the baseline view): the state
 * of each carried question among `questionKeys`, and the counts; null when nothing was carried.
 */
export async function carriedStatesOf(
  db: Database,
  ref: { accountId: string; tenantId: string; assessmentId: string },
  questionKeys: ReadonlySet<string>,
): Promise<{ counts: CarriedCounts; states: Map<string, CarriedState> } | null> {
  const [rows, answers] = await Promise.all([readCarriedRows(db, ref), answersOf(db, ref)]);
  const states = new Map<string, CarriedState>();
  const counts: CarriedCounts = { toConfirm: 0, confirmed: 0, changed: 0 };
  for (const row of rows) {
    if (!questionKeys.has(row.questionKey)) continue;
    const state = carriedState(row, answers.get(row.questionKey));
    states.set(row.questionKey, state);
    counts[state === 'to_confirm' ? 'toConfirm' : state] += 1;
  }
  return states.size > 0 ? { counts, states } : null;
}
