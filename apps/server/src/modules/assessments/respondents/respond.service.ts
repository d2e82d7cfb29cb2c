/**
 * The respondent's side (docs/assessments.md, "Respondents"): the token of their link is the
 * authority on `/api/v1/respond/*`, for one assessment and, optionally, some of its sections.
 * Their answers go through the one write path (answers/write.ts), the token check and the
 * write's read in one statement.
 */
import {
  negotiateLocale,
  type Locale,
  parseAcceptLanguage,
  type AnswerInput,
  type RespondentSession,
  type RespondentWriteResult,
} from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { publishLive, type LiveHub } from '../../../db/live.ts';
import { accounts } from '../../../db/schema/accounts.ts';
import { assessmentAnswers, assessments, respondents } from '../../../db/schema/assessments.ts';
import { tenants } from '../../../db/schema/tenants.ts';
import { remember } from '../../../lib/bounded-map.ts';
import { clientBrand, pageBrand } from '../../accounts/brand.service.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';
import { linkError } from '../answers/answer.ts';
import { carriedSummary, readCarriedRows } from '../carried/carried.read.ts';
import { readStateByToken, respondentOfHash, type WriteState } from '../answers/read-state.ts';
import { writeWithState } from '../answers/write.ts';
import { lockedError } from '../assessments.errors.ts';
import { scopedFramework } from '../assessments.framework.ts';
import { hashToken, respondentPart, type RespondentRow as Row } from './respondents.service.ts';

/** The respondent a token belongs to: 401 with the reason when it is not (or no longer) valid. */
export async function respondentByToken(
  db: Database | Tx,
  token: string | undefined,
): Promise<Row> {
  if (!token || token.length < 20 || token.length > 200) throw linkError('linkInvalid');
  const [row] = await db
    .select()
    .from(respondents)
    .where(eq(respondents.id, respondentOfHash(sql`${hashToken(token)}`)));
  if (!row) throw linkError('linkInvalid');
  if (row.revokedAt) throw linkError('linkRevoked');
  if (row.expiresAt.getTime() <= Date.now()) throw linkError('linkExpired');
  return row;
}

/** The language the respondent chose on the page: their last known locale from now on. */
export async function recordRespondentLocale(
  db: Database,
  respondent: Row,
  locale: Locale,
): Promise<void> {
  await db
    .update(respondents)
    .set({ locale })
    .where(and(eq(respondents.id, respondent.id), eq(respondents.accountId, respondent.accountId)));
}

export async function respondentSession(
  db: Database,
  respondent: Row,
  /** What their browser asks for (Accept-Language): their e-mails' language when the
   * assessment has none. Kept as it was when absent or unsupported. */
  acceptLanguage?: string | null,
): Promise<RespondentSession> {
  const locale = negotiateLocale(parseAcceptLanguage(acceptLanguage));
  const [r] = await db
    .select({ a: assessments, tenantName: tenants.name, accountName: accounts.name })
    .from(assessments)
    .innerJoin(tenants, eq(tenants.id, assessments.tenantId))
    .innerJoin(accounts, eq(accounts.id, assessments.accountId))
    .where(
      and(
        eq(assessments.id, respondent.assessmentId),
        eq(assessments.accountId, respondent.accountId),
      ),
    );
  if (!r) throw linkError('linkInvalid');
  const framework = await scopedFramework(db, r.a.frameworkId, r.a.frameworkVersion, r.a.scope);
  if (!framework) throw linkError('linkInvalid');
  const part = respondentPart(framework, respondent.sections);
  const [answers, carriedRows, brand] = await Promise.all([
    db
      .select()
      .from(assessmentAnswers)
      .where(
        and(
          eq(assessmentAnswers.assessmentId, respondent.assessmentId),
          eq(assessmentAnswers.accountId, respondent.accountId),
        ),
      ),
    readCarriedRows(db, respondent),
    clientBrand(db, respondent.accountId),
  ]);
  const current = new Map(answers.map((a) => [a.questionKey, { value: a.value, na: a.na }]));
  await db
    .update(respondents)
    .set({ lastSeenAt: new Date(), ...(locale ? { locale } : {}) })
    .where(eq(respondents.id, respondent.id));
  return {
    accountId: respondent.accountId,
    tenantId: respondent.tenantId,
    accountName: r.accountName,
    tenantName: r.tenantName,
    brand: pageBrand(brand),
    assessment: {
      id: r.a.id,
      name: r.a.name,
      status: r.a.status,
      dueDate: r.a.dueDate,
      language: r.a.language,
      frameworkName: r.a.frameworkName,
    },
    respondent: {
      id: respondent.id,
      name: respondent.name,
      expiresAt: respondent.expiresAt.toISOString(),
      submittedAt: respondent.submittedAt?.toISOString() ?? null,
    },
    document: part.document,
    answers: answers
      .filter((a) => part.questions.has(a.questionKey))
      .map((a) => ({
        questionKey: a.questionKey,
        value: a.value ?? null,
        na: a.na,
        note: a.note,
        answeredAt: a.answeredAt.toISOString(),
        mine: a.respondentId === respondent.id,
      })),
    // Only the carried answers of the respondent's part (the part's questions).
    carried: carriedSummary(carriedRows, current, part.questions, r.a.previousAssessmentId),
    lastSeq: respondent.lastSeq,
  };
}

/**
 * Write states kept between a respondent's answers, by token hash, in this process only: an
 * optimisation, never an authority — a write from one applies only if the assessment is still
 * at its version and the link still valid (answers/write.attempt.ts, WriteOptions.remember);
 * with several processes, one that did not make the previous write simply reads. Bounded in
 * count and age; taken out while in use, so two writes at once do not race on the same one.
 */
const REMEMBERED_STATES_MAX = 2000;
const REMEMBERED_STATE_TTL_MS = 10 * 60_000;
const rememberedStates = new Map<string, { state: WriteState; at: number }>();

function takeRememberedState(hash: string): WriteState | null {
  const kept = rememberedStates.get(hash);
  if (!kept) return null;
  rememberedStates.delete(hash);
  const now = Date.now();
  if (now - kept.at > REMEMBERED_STATE_TTL_MS) return null;
  if (!kept.state.respondent || kept.state.respondent.expiresAt.getTime() <= now) return null;
  return kept.state;
}

function rememberState(hash: string, state: WriteState): void {
  remember(rememberedStates, hash, { state, at: Date.now() }, REMEMBERED_STATES_MAX);
}

/**
 * A respondent's answer, by their token: the token check and the write's read are one
 * statement, the write another (answers/write.ts) — or the write alone, from the state this
 * respondent's previous write left in this process.
 */
export async function respondentWrite(
  db: Database,
  token: string | undefined,
  questionKey: string,
  input: AnswerInput & { seq: number },
  live?: Pick<LiveHub, 'announce'>,
): Promise<RespondentWriteResult> {
  if (!token || token.length < 20 || token.length > 200) throw linkError('linkInvalid');
  const hash = hashToken(token);
  const read = async (conn: Database, lock: boolean) => {
    const state = await readStateByToken(conn, hash, questionKey, lock);
    const r = state?.respondent;
    if (!state || !r) throw linkError('linkInvalid');
    if (r.revokedAt) throw linkError('linkRevoked');
    if (r.expiresAt.getTime() <= Date.now()) throw linkError('linkExpired');
    return state;
  };
  // The state this respondent's previous write left, when this process made it: the write
  // then starts without a read (one statement; it applies only if nothing changed since).
  const first = takeRememberedState(hash) ?? (await read(db, false));
  const respondent = first.respondent!;
  const sections = respondent.sections;
  let reads = 0;
  const result = await writeWithState(
    db,
    (conn, lock) => (reads++ === 0 && !lock ? Promise.resolve(first) : read(conn, lock)),
    { source: 'respondent', respondentId: respondent.id, name: respondent.name, seq: input.seq },
    questionKey,
    input,
    {
      allow: (info) => !sections || info.path.some((k) => sections.includes(k)),
      live,
      tokenHash: hash,
      remember: (next) => rememberState(hash, next),
    },
  );
  const a = result.answer;
  let answered = result.progress.answered;
  let total = result.progress.total;
  if (sections) {
    total = 0;
    answered = 0;
    for (const key of sections) {
      const s = result.progress.sections[key];
      if (!s) continue;
      total += s.total;
      answered += s.answered;
    }
  }
  return {
    outcome: result.outcome,
    answer: a
      ? {
          questionKey: a.questionKey,
          value: a.value,
          na: a.na,
          note: a.note,
          answeredAt: a.answeredAt,
          mine: a.answeredBy.respondentId === respondent.id,
        }
      : null,
    answered,
    total,
  };
}

/** "Submit my part": the respondent's answers are final; the assessor sees who has finished. */
export async function submitRespondent(db: Database, respondent: Row): Promise<Row> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(respondents)
      .where(eq(respondents.id, respondent.id))
      .for('update');
    if (!current) throw linkError('linkInvalid');
    if (current.submittedAt) return current;
    const [a] = await tx
      .update(assessments)
      // A new version: an answer of this respondent racing the submission (its statement
      // checked the respondent before this commit) no longer applies, and reads again.
      .set({
        respondentsSubmitted: sql`${assessments.respondentsSubmitted} + 1`,
        writeVersion: sql`${assessments.writeVersion} + 1`,
      })
      .where(
        and(
          eq(assessments.id, respondent.assessmentId),
          eq(assessments.accountId, respondent.accountId),
        ),
      )
      .returning({ name: assessments.name, status: assessments.status });
    if (!a) throw linkError('linkInvalid');
    if (a.status === 'completed') throw lockedError();
    const [submitted] = await tx
      .update(respondents)
      .set({ submittedAt: new Date(), lastSeenAt: new Date() })
      .where(eq(respondents.id, respondent.id))
      .returning();
    await recordAudit(
      tx,
      { accountId: respondent.accountId, userId: null, email: respondent.email },
      {
        action: 'assessments.respondent_submitted',
        targetType: 'assessment',
        targetId: respondent.assessmentId,
        data: { name: a.name, respondent: respondent.name, email: respondent.email },
      },
    );
    await emitWebhookEvent(tx, respondent, 'respondent.submitted', {
      assessment: { id: respondent.assessmentId, tenantId: respondent.tenantId, name: a.name },
      respondent: { id: respondent.id, name: respondent.name, email: respondent.email },
      submittedAt: submitted!.submittedAt?.toISOString() ?? null,
    });
    await publishLive(tx, {
      accountId: respondent.accountId,
      tenantId: respondent.tenantId,
      assessmentId: respondent.assessmentId,
      kind: 'respondent',
    });
    return submitted!;
  });
}
