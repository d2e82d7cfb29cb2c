/**
 * One question across all clients (docs/across-clients.md): every client tenant's latest
 * answer to a framework question's stable key, whatever version of the framework its
 * assessment pins, grouped by answer; and one remediation task for each client that fails it.
 *
 * Two statements, never one per tenant: the answers (the latest per tenant, by the index on
 * the answers' account and question key) and the number of client tenants the caller reaches.
 * "Failing" is what the assessment keeps on write: the question is among its gaps (answered,
 * scored, below its section's target; docs/scoring.md). Every query carries the account and
 * the caller's client-tenant access (auth/tenant-access.ts).
 */
import {
  can,
  OPEN_TASK_STATUSES,
  QUESTION_ANSWERS_ERROR_CODES,
  readableValue,
  type AnswerGroup,
  type AssessmentStatus,
  type ClientAnswer,
  type CreateGapTasks,
  type Question,
  type QuestionAnswers,
  type QuestionTasksResult,
} from '@tenantry/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { tenantAccessWhere } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { assessmentAnswers, assessments } from '../../db/schema/assessments.ts';
import { remediationTasks } from '../../db/schema/remediation.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { AppError } from '../../lib/errors.ts';
import { readableQuestion, type ReadableQuestion } from '../content/library.service.ts';
import { createQuestionTasks } from '../remediation/gap-tasks.service.ts';

const notFound = () =>
  new AppError(
    QUESTION_ANSWERS_ERROR_CODES.notFound,
    404,
    'There is no such question in a framework you can read.',
  );

interface Target {
  frameworkId: string;
  questionKey: string;
}

async function questionOf(db: Database, actor: AccountContext, t: Target) {
  const q = await readableQuestion(db, actor, t.frameworkId, t.questionKey);
  if (!q) throw notFound();
  return q;
}

/** Every reachable, active client tenant's latest answer to the question (one statement). */
async function latestAnswers(db: Database, actor: AccountContext, t: Target) {
  const openTask = sql<boolean>`exists (select 1 from ${remediationTasks} rt
    where rt.account_id = ${actor.accountId} and rt.tenant_id = ${assessments.tenantId}
      and rt.framework_id = ${t.frameworkId} and rt.question_key = ${t.questionKey}
      and rt.status in (${sql.join(
        OPEN_TASK_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}))`;
  return db
    .selectDistinctOn([assessments.tenantId], {
      tenantId: assessments.tenantId,
      tenantName: tenants.name,
      assessmentId: assessments.id,
      assessmentName: assessments.name,
      assessmentStatus: assessments.status,
      version: assessments.frameworkVersion,
      value: assessmentAnswers.value,
      na: assessmentAnswers.na,
      score: assessmentAnswers.score,
      answeredBy: assessmentAnswers.answeredByName,
      answeredAt: assessmentAnswers.answeredAt,
      failing: sql<boolean>`coalesce((${assessments.progress} -> 'gaps') @> jsonb_build_array(${t.questionKey}::text), false)`,
      openTask,
    })
    .from(assessmentAnswers)
    .innerJoin(
      assessments,
      and(
        eq(assessments.id, assessmentAnswers.assessmentId),
        eq(assessments.accountId, assessmentAnswers.accountId),
      ),
    )
    .innerJoin(
      tenants,
      and(eq(tenants.id, assessments.tenantId), eq(tenants.accountId, assessments.accountId)),
    )
    .where(
      and(
        eq(assessmentAnswers.accountId, actor.accountId),
        eq(assessmentAnswers.questionKey, t.questionKey),
        eq(assessments.frameworkId, t.frameworkId),
        isNull(tenants.archivedAt),
        tenantAccessWhere(actor),
      ),
    )
    .orderBy(assessments.tenantId, desc(assessmentAnswers.answeredAt), desc(assessments.createdAt));
}
type AnswerRow = Awaited<ReturnType<typeof latestAnswers>>[number];

/** The group an answer falls in: its value as stored, as JSON (option order left out). */
function groupKey(r: Pick<AnswerRow, 'na' | 'value'>): string {
  if (r.na) return 'na';
  return JSON.stringify(Array.isArray(r.value) ? [...r.value].sort() : r.value);
}

function toClient(question: Question, r: AnswerRow): ClientAnswer {
  return {
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    assessmentId: r.assessmentId,
    assessmentName: r.assessmentName,
    assessmentStatus: r.assessmentStatus as AssessmentStatus,
    version: r.version,
    answer: r.na ? 'Not applicable' : readableValue(question, r.value),
    na: r.na,
    score: r.score,
    failing: r.failing,
    answeredBy: r.answeredBy,
    answeredAt: r.answeredAt.toISOString(),
    openTask: r.openTask,
  };
}

/** The answers grouped by value: lowest score first, unscored and not applicable last. */
function groupAnswers(q: ReadableQuestion, rows: AnswerRow[]): AnswerGroup[] {
  const groups = new Map<string, AnswerGroup>();
  for (const r of rows) {
    const client = toClient(q.question, r);
    const key = groupKey(r);
    let g = groups.get(key);
    if (!g) {
      g = { key, label: client.answer, score: r.score, count: 0, failing: 0, clients: [] };
      groups.set(key, g);
    }
    g.count++;
    if (client.failing) g.failing++;
    g.clients.push(client);
  }
  const rank = (g: AnswerGroup) => (g.key === 'na' ? 3 : g.score === null ? 2 : 1);
  return [...groups.values()]
    .map((g) => ({
      ...g,
      clients: g.clients.sort((x, y) => x.tenantName.localeCompare(y.tenantName)),
    }))
    .sort(
      (x, y) =>
        rank(x) - rank(y) ||
        (x.score ?? 0) - (y.score ?? 0) ||
        y.count - x.count ||
        x.label.localeCompare(y.label),
    );
}

export async function getQuestionAnswers(
  db: Database,
  actor: AccountContext,
  target: Target,
): Promise<QuestionAnswers> {
  const q = await questionOf(db, actor, target);
  const [rows, [reach]] = await Promise.all([
    latestAnswers(db, actor, target),
    db
      .select({ n: count() })
      .from(tenants)
      .where(
        and(
          eq(tenants.accountId, actor.accountId),
          isNull(tenants.archivedAt),
          tenantAccessWhere(actor),
        ),
      ),
  ]);
  const failing = rows.filter((r) => r.failing);
  const clients = reach?.n ?? 0;
  return {
    framework: q.framework,
    question: {
      key: q.question.key,
      title: q.question.title,
      type: q.question.type,
      version: q.version,
    },
    groups: groupAnswers(q, rows),
    counts: {
      clients,
      answered: rows.length,
      notAnswered: Math.max(0, clients - rows.length),
      failing: failing.length,
      failingWithoutTask: failing.filter((r) => !r.openTask).length,
    },
    canCreateTasks: can(actor.role, 'remediation.manage'),
  };
}

/**
 * A task for every reachable client whose latest answer fails the question, linked to that
 * answer's assessment; a client with an open task on the question already is skipped (so a
 * retry creates nothing twice).
 */
export async function createTasksForFailing(
  db: Database,
  actor: AccountContext,
  target: Target,
  input: CreateGapTasks,
): Promise<QuestionTasksResult> {
  const q = await questionOf(db, actor, target);
  const rows = await latestAnswers(db, actor, target);
  const failing = rows.filter((r) => r.failing && !r.openTask);
  const result = await createQuestionTasks(
    db,
    actor,
    { frameworkId: target.frameworkId, question: q.question },
    failing.map((r) => ({
      tenantId: r.tenantId,
      tenantName: r.tenantName,
      assessmentId: r.assessmentId,
    })),
    input,
  );
  const alreadyOpen = rows.filter((r) => r.failing && r.openTask).length;
  return { ...result, skipped: result.skipped + alreadyOpen };
}
