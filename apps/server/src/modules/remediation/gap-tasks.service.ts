/**
 * Tasks on questions of an assessment (docs/remediation.md): one per gap question at once, or
 * one on a chosen question. The question's first linked playbook the account reads
 * (content's library.service.ts) gives the title, the priority and the checklist; without one
 * the question is put as a task. A question keeps at most one open task.
 */
import { randomUUID } from 'node:crypto';
import {
  REMEDIATION_ERROR_CODES,
  REMEDIATION_LIMITS,
  type CreateGapTasks,
  type CreateTask,
  type GapTasksResult,
  type Question,
  type QuestionTasksResult,
  type TaskPriority,
} from '@tenantry/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { remediationTasks } from '../../db/schema/remediation.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';
import { assertAssessment } from '../assessments/assessments.service.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import { readablePlaybooks, type ReadablePlaybook } from '../content/library.service.ts';
import { refreshTaskRollup } from './remediation.rollup.ts';
import {
  assertAssignee,
  checklistOf,
  inTenantTasks,
  selectTasks,
  taskEvent,
  toTask,
  type Db,
  type Scope,
} from './task-rows.ts';

type Linked = Pick<ReadablePlaybook, 'key' | 'title' | 'priority' | 'steps'>;

/**
 * A new task's title when none is given: what to do, not the question asked — the linked
 * playbook's title (else its first step's); without a playbook, the question put as a task
 * ("Close the gap: Is MFA enforced for all users?"). docs/remediation.md, "Task titles".
 */
export function taskTitle(question: Pick<Question, 'title'>, book: Linked | undefined): string {
  const fix = book?.title.trim() || book?.steps[0]?.title.trim();
  return (fix || `Close the gap: ${question.title}`).slice(0, REMEDIATION_LIMITS.title);
}

interface QuestionSource {
  assessmentId: string;
  frameworkId: string;
  question: Question;
}

/** The row of a new task on a question (its first linked, readable playbook gives the checklist). */
function questionTaskRow(
  scope: Pick<Scope, 'accountId' | 'tenantId' | 'userId'>,
  src: QuestionSource,
  book: Linked | undefined,
  input: {
    title?: string | undefined;
    description?: string;
    priority?: TaskPriority | undefined;
    assigneeId: string | null;
    dueDate: string | null;
  },
): typeof remediationTasks.$inferInsert {
  return {
    id: randomUUID(),
    accountId: scope.accountId,
    tenantId: scope.tenantId,
    title: input.title?.slice(0, REMEDIATION_LIMITS.title) ?? taskTitle(src.question, book),
    description: input.description ?? '',
    priority: input.priority ?? book?.priority ?? 'medium',
    assigneeId: input.assigneeId,
    dueDate: input.dueDate,
    assessmentId: src.assessmentId,
    frameworkId: src.frameworkId,
    questionKey: src.question.key,
    questionTitle: src.question.title,
    playbookKey: book?.key ?? null,
    playbookTitle: book?.title ?? null,
    checklist: book ? checklistOf(book.steps) : [],
    createdBy: scope.userId,
  };
}

async function assessmentQuestions(db: Db, scope: Scope, assessmentId: string) {
  const a = await assertAssessment(db, scope, assessmentId);
  const framework = await scopedFramework(db, a.frameworkId, a.frameworkVersion, a.scope);
  if (!framework)
    throw new Error(`framework version ${a.frameworkId}@${a.frameworkVersion} missing`);
  return { a, framework };
}

/** The row of a new task on one question of an assessment (404 when the question is not in it). */
export async function questionTask(
  db: Db,
  scope: Scope,
  input: CreateTask & { source: NonNullable<CreateTask['source']> },
): Promise<typeof remediationTasks.$inferInsert> {
  const { a, framework } = await assessmentQuestions(db, scope, input.source.assessmentId);
  const info = framework.questions.get(input.source.questionKey);
  if (!info) {
    throw new AppError(
      REMEDIATION_ERROR_CODES.questionNotFound,
      404,
      'There is no such question in this assessment.',
    );
  }
  const books = await readablePlaybooks(db, scope, info.question.playbooks);
  const book = info.question.playbooks.map((k) => books.get(k)).find(Boolean);
  const row = questionTaskRow(
    scope,
    { assessmentId: a.id, frameworkId: a.frameworkId, question: info.question },
    book,
    input,
  );
  if (!book && input.checklist.length)
    row.checklist = checklistOf(input.checklist.map((title) => ({ title, body: '' })));
  return row;
}

/** One task per gap question of the assessment, skipping those with an open task already. */
export async function createGapTasks(
  db: Database,
  scope: Scope,
  assessmentId: string,
  input: CreateGapTasks,
): Promise<GapTasksResult> {
  await assertAssignee(db, scope, input.assigneeId);
  const { a, framework } = await assessmentQuestions(db, scope, assessmentId);
  const gaps = a.progress.gaps
    .map((key) => framework.questions.get(key)?.question)
    .filter((q): q is Question => q !== undefined);
  const keys = [...new Set(gaps.flatMap((q) => q.playbooks))];
  const books = await readablePlaybooks(db, scope, keys);
  const rows = gaps.map((question) =>
    questionTaskRow(
      scope,
      { assessmentId: a.id, frameworkId: a.frameworkId, question },
      question.playbooks.map((k) => books.get(k)).find(Boolean),
      { assigneeId: input.assigneeId, dueDate: input.dueDate },
    ),
  );
  const ids = await db.transaction(async (tx) => {
    const created = rows.length
      ? await tx
          .insert(remediationTasks)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: remediationTasks.id })
      : [];
    if (created.length) {
      await recordAudit(tx, scope, {
        action: 'tasks.created_from_gaps',
        targetType: 'assessment',
        targetId: a.id,
        data: {
          tenantId: scope.tenantId,
          name: a.name,
          created: created.length,
          gaps: rows.length,
        },
      });
      const made = new Set(created.map((c) => c.id));
      for (const r of rows.filter((x) => made.has(x.id!))) {
        await emitWebhookEvent(tx, scope, 'task.created', { task: taskEvent(r) });
      }
      await refreshTaskRollup(tx, scope);
    }
    return created.map((c) => c.id);
  });
  const items = ids.length
    ? await selectTasks(db)
        .where(and(inTenantTasks(scope), inArray(remediationTasks.id, ids)))
        .orderBy(asc(remediationTasks.title))
    : [];
  return {
    created: ids.length,
    skipped: rows.length - ids.length,
    items: items.map((r) => toTask(r)),
  };
}

/** A client tenant failing a question, and the assessment whose answer fails it. */
export interface FailingClient {
  tenantId: string;
  tenantName: string;
  assessmentId: string;
}

/**
 * One task on `question` for each failing client tenant ("One question across all clients",
 * docs/across-clients.md), each linked to the assessment whose answer fails, skipping the
 * tenants that already have an open task on the question: the unique index on the open task per
 * question decides, so a retry or two people at once create no duplicates. One transaction.
 */
export async function createQuestionTasks(
  db: Database,
  actor: AccountContext,
  source: { frameworkId: string; question: Question },
  clients: FailingClient[],
  input: CreateGapTasks,
): Promise<QuestionTasksResult> {
  for (const c of clients)
    await assertAssignee(db, { ...actor, tenantId: c.tenantId }, input.assigneeId);
  const { question } = source;
  const books = await readablePlaybooks(db, actor, question.playbooks);
  const book = question.playbooks.map((k) => books.get(k)).find(Boolean);
  const rows = clients.map((c) =>
    questionTaskRow(
      { ...actor, tenantId: c.tenantId },
      { assessmentId: c.assessmentId, frameworkId: source.frameworkId, question },
      book,
      { assigneeId: input.assigneeId, dueDate: input.dueDate },
    ),
  );
  const ids = await db.transaction(async (tx) => {
    const created = rows.length
      ? await tx
          .insert(remediationTasks)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: remediationTasks.id, tenantId: remediationTasks.tenantId })
      : [];
    if (!created.length) return [];
    await recordAudit(tx, actor, {
      action: 'tasks.created_across_clients',
      targetType: 'question',
      targetId: question.key,
      data: {
        frameworkId: source.frameworkId,
        questionTitle: question.title,
        created: created.length,
        failing: rows.length,
      },
    });
    const made = new Set(created.map((c) => c.id));
    for (const r of rows.filter((x) => made.has(x.id!))) {
      await emitWebhookEvent(
        tx,
        { accountId: actor.accountId, tenantId: r.tenantId },
        'task.created',
        {
          task: taskEvent(r),
        },
      );
    }
    for (const tenantId of new Set(created.map((c) => c.tenantId))) {
      await refreshTaskRollup(tx, { accountId: actor.accountId, tenantId });
    }
    return created.map((c) => c.id);
  });
  const names = new Map(clients.map((c) => [c.tenantId, c.tenantName]));
  const items = ids.length
    ? await selectTasks(db)
        .where(
          and(eq(remediationTasks.accountId, actor.accountId), inArray(remediationTasks.id, ids)),
        )
        .orderBy(asc(remediationTasks.tenantId))
    : [];
  return {
    created: ids.length,
    skipped: rows.length - ids.length,
    items: items
      .map((r) => ({ ...toTask(r), tenantName: names.get(r.t.tenantId) ?? '' }))
      .sort((x, y) => x.tenantName.localeCompare(y.tenantName)),
  };
}
