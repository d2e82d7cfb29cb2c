/**
 * Remediation tasks of a client tenant (docs/remediation.md). A task comes from a gap question
 * of an assessment (by the framework and the question's stable key; its first linked
 * playbook's published steps become the checklist) or is written by hand. Every query carries
 * the account and the tenant (ADR 0005); every change is one transaction that also refreshes
 * what the tenant and the account keep of their tasks (remediation.rollup.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  OPEN_TASK_STATUSES,
  REMEDIATION_ERROR_CODES,
  REMEDIATION_LIMITS,
  TASK_STATUSES,
  isOpenTask,
  type BulkStatus,
  type CreateGapTasks,
  type CreateTask,
  type GapTasksResult,
  type PersonRef,
  type Question,
  type Task,
  type TaskDetail,
  type TaskList,
  type TaskListQuery,
  type TaskPriority,
  type TaskStatus,
  type UpdateTask,
  type ErrorCode,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema/accounts.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import {
  remediationComments,
  remediationTasks,
  type StoredChecklistItem,
} from '../../db/schema/remediation.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';
import { assertAssessment } from '../assessments/assessments.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import { readablePlaybooks, type ReadablePlaybook } from '../content/library.service.ts';
import { refreshTaskRollup } from './remediation.rollup.ts';

type Db = Database | Tx;
type TaskRow = typeof remediationTasks.$inferSelect;
type Scope = TenantContext;

export const taskNotFound = () =>
  new AppError(
    REMEDIATION_ERROR_CODES.notFound,
    404,
    'There is no such task on this client tenant.',
  );
const validation = (code: ErrorCode, message: string, fields: Record<string, string>) =>
  new AppError(code, 400, message, fields);

/** Today as a UTC day, `YYYY-MM-DD` (due dates are days; "overdue" is before today). */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

export const inTenantTasks = (scope: Pick<Scope, 'accountId' | 'tenantId'>, id?: string): SQL =>
  and(
    eq(remediationTasks.accountId, scope.accountId),
    eq(remediationTasks.tenantId, scope.tenantId),
    id === undefined ? undefined : eq(remediationTasks.id, id),
  )!;

const OPEN = inArray(remediationTasks.status, [...OPEN_TASK_STATUSES]);

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const personName = (u: typeof users | typeof assignee | typeof creator) =>
  sql<string | null>`coalesce(nullif(${u.name}, ''), ${u.email})`;

const taskColumns = {
  t: remediationTasks,
  assigneeName: personName(assignee),
  creatorName: personName(creator),
  assessmentName: assessments.name,
};
type Joined = {
  t: TaskRow;
  assigneeName: string | null;
  creatorName: string | null;
  assessmentName: string | null;
};

function selectTasks(db: Db) {
  return db
    .select(taskColumns)
    .from(remediationTasks)
    .leftJoin(assignee, eq(assignee.id, remediationTasks.assigneeId))
    .leftJoin(creator, eq(creator.id, remediationTasks.createdBy))
    .leftJoin(
      assessments,
      and(
        eq(assessments.id, remediationTasks.assessmentId),
        eq(assessments.accountId, remediationTasks.accountId),
      ),
    );
}

const ref = (id: string | null, name: string | null): PersonRef | null =>
  id && name ? { id, name } : null;

export function toTask(j: Joined, day = today()): Task {
  const { t } = j;
  return {
    id: t.id,
    tenantId: t.tenantId,
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    assignee: ref(t.assigneeId, j.assigneeName),
    dueDate: t.dueDate,
    overdue: isOpenTask(t.status) && t.dueDate !== null && t.dueDate < day,
    riskReason: t.riskReason,
    riskReviewDate: t.riskReviewDate,
    source:
      t.frameworkId && t.questionKey
        ? {
            assessmentId: t.assessmentId,
            assessmentName: j.assessmentName,
            frameworkId: t.frameworkId,
            questionKey: t.questionKey,
            questionTitle: t.questionTitle ?? t.questionKey,
          }
        : null,
    playbook: t.playbookKey
      ? { key: t.playbookKey, title: t.playbookTitle ?? t.playbookKey }
      : null,
    checklist: t.checklist,
    commentCount: t.commentCount,
    createdBy: ref(t.createdBy, j.creatorName),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    doneAt: t.doneAt?.toISOString() ?? null,
  };
}

async function readTask(db: Db, scope: Scope, id: string): Promise<Joined> {
  const [row] = await selectTasks(db).where(inTenantTasks(scope, id));
  if (!row) throw taskNotFound();
  return row;
}

export async function getTask(db: Db, scope: Scope, id: string): Promise<TaskDetail> {
  const [row, comments] = await Promise.all([
    readTask(db, scope, id),
    db
      .select({ c: remediationComments, authorName: personName(users) })
      .from(remediationComments)
      .leftJoin(users, eq(users.id, remediationComments.authorId))
      .where(
        and(
          eq(remediationComments.accountId, scope.accountId),
          eq(remediationComments.tenantId, scope.tenantId),
          eq(remediationComments.taskId, id),
        ),
      )
      .orderBy(asc(remediationComments.createdAt), asc(remediationComments.id)),
  ]);
  return {
    ...toTask(row),
    comments: comments.map(({ c, authorName }) => ({
      id: c.id,
      author: ref(c.authorId, authorName),
      body: c.body,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** The members of the account, who tasks can be assigned to. */
export async function assignableMembers(db: Db, accountId: string): Promise<PersonRef[]> {
  const rows = await db
    .select({ id: users.id, name: personName(users) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(sql`lower(${personName(users)})`));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.id }));
}

async function assertAssignee(db: Db, accountId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, assigneeId)));
  if (!m) {
    throw validation(
      REMEDIATION_ERROR_CODES.invalidAssignee,
      'A task is assigned to a member of the account.',
      { assigneeId: 'Choose a member of the account.' },
    );
  }
}

export async function listTasks(db: Database, scope: Scope, q: TaskListQuery): Promise<TaskList> {
  const day = today();
  const where = and(
    inTenantTasks(scope),
    q.status === 'open' ? OPEN : q.status ? eq(remediationTasks.status, q.status) : undefined,
    q.assignee === 'none'
      ? isNull(remediationTasks.assigneeId)
      : q.assignee
        ? eq(remediationTasks.assigneeId, q.assignee === 'me' ? scope.userId : q.assignee)
        : undefined,
    q.overdue ? and(OPEN, lt(remediationTasks.dueDate, day)) : undefined,
    q.assessmentId ? eq(remediationTasks.assessmentId, q.assessmentId) : undefined,
  );
  const [, rows, counts, members] = await Promise.all([
    assertTenant(db, scope),
    selectTasks(db)
      .where(where)
      .orderBy(desc(remediationTasks.createdAt), desc(remediationTasks.id))
      .limit(REMEDIATION_LIMITS.list + 1),
    db
      .select({
        status: remediationTasks.status,
        n: sql<number>`count(*)::int`,
        overdue: sql<number>`(count(*) filter (where ${OPEN} and ${remediationTasks.dueDate} < ${day}))::int`,
      })
      .from(remediationTasks)
      .where(inTenantTasks(scope))
      .groupBy(remediationTasks.status),
    assignableMembers(db, scope.accountId),
  ]);
  const byStatus = Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<
    TaskStatus,
    number
  >;
  let overdue = 0;
  for (const c of counts) {
    byStatus[c.status] = c.n;
    overdue += c.overdue;
  }
  return {
    items: rows.slice(0, REMEDIATION_LIMITS.list).map((r) => toTask(r, day)),
    truncated: rows.length > REMEDIATION_LIMITS.list,
    counts: { ...byStatus, overdue },
    assignees: members,
  };
}

type Linked = Pick<ReadablePlaybook, 'key' | 'title' | 'priority' | 'steps'>;

const checklistOf = (steps: { title: string; body: string }[]): StoredChecklistItem[] =>
  steps.slice(0, REMEDIATION_LIMITS.checklist).map((s) => ({
    id: randomUUID(),
    title: s.title.slice(0, REMEDIATION_LIMITS.checklistItem),
    body: s.body,
    done: false,
  }));

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
  scope: Scope,
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

const openTaskExists = () =>
  new AppError(
    REMEDIATION_ERROR_CODES.alreadyOpen,
    409,
    'This question already has an open task on this client tenant.',
  );

/** A new task as the `task.created` webhook event tells it. */
function taskEvent(row: typeof remediationTasks.$inferInsert) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    title: row.title,
    status: row.status ?? 'todo',
    priority: row.priority ?? 'medium',
    assigneeId: row.assigneeId ?? null,
    dueDate: row.dueDate ?? null,
    assessmentId: row.assessmentId ?? null,
    questionKey: row.questionKey ?? null,
  };
}

export async function createTask(
  db: Database,
  scope: Scope,
  input: CreateTask,
): Promise<TaskDetail> {
  await assertTenant(db, scope);
  await assertAssignee(db, scope.accountId, input.assigneeId);
  let row: typeof remediationTasks.$inferInsert;
  if (input.source) {
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
    row = questionTaskRow(
      scope,
      { assessmentId: a.id, frameworkId: a.frameworkId, question: info.question },
      book,
      input,
    );
    if (!book && input.checklist.length)
      row.checklist = checklistOf(input.checklist.map((title) => ({ title, body: '' })));
  } else {
    row = {
      id: randomUUID(),
      accountId: scope.accountId,
      tenantId: scope.tenantId,
      title: input.title!,
      description: input.description,
      priority: input.priority ?? 'medium',
      assigneeId: input.assigneeId,
      dueDate: input.dueDate,
      checklist: checklistOf(input.checklist.map((title) => ({ title, body: '' }))),
      createdBy: scope.userId,
    };
  }
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(remediationTasks)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: remediationTasks.id });
    if (!inserted.length) throw openTaskExists();
    await recordAudit(tx, scope, {
      action: 'tasks.created',
      targetType: 'task',
      targetId: row.id!,
      data: { title: row.title, tenantId: scope.tenantId, questionKey: row.questionKey ?? null },
    });
    await emitWebhookEvent(tx, scope.accountId, 'task.created', { task: taskEvent(row) });
    await refreshTaskRollup(tx, scope);
  });
  return getTask(db, scope, row.id!);
}

/** One task per gap question of the assessment, skipping those with an open task already. */
export async function createGapTasks(
  db: Database,
  scope: Scope,
  assessmentId: string,
  input: CreateGapTasks,
): Promise<GapTasksResult> {
  await assertAssignee(db, scope.accountId, input.assigneeId);
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
        await emitWebhookEvent(tx, scope.accountId, 'task.created', { task: taskEvent(r) });
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

const riskNeeded = (fields: Record<string, string>) =>
  validation(
    REMEDIATION_ERROR_CODES.riskReasonRequired,
    'Accepting a risk needs a reason and a date to review it again.',
    fields,
  );

/** The columns a status change sets (done_at when it becomes done; risk fields kept in step). */
function statusColumns(
  status: TaskStatus,
  risk: { riskReason?: string | null | undefined; riskReviewDate?: string | null | undefined },
): Partial<typeof remediationTasks.$inferInsert> {
  const cols: Partial<typeof remediationTasks.$inferInsert> = {
    status,
    doneAt:
      status === 'done'
        ? (sql`coalesce(${remediationTasks.doneAt}, now())` as unknown as Date)
        : null,
  };
  if (status === 'risk_accepted') {
    const missing: Record<string, string> = {};
    if (!risk.riskReason) missing.riskReason = 'Say why the risk is accepted.';
    if (!risk.riskReviewDate) missing.riskReviewDate = 'Pick a date to review it again.';
    if (Object.keys(missing).length) throw riskNeeded(missing);
    cols.riskReason = risk.riskReason!;
    cols.riskReviewDate = risk.riskReviewDate!;
  } else {
    cols.riskReason = null;
    cols.riskReviewDate = null;
  }
  return cols;
}

export async function updateTask(
  db: Database,
  scope: Scope,
  id: string,
  patch: UpdateTask,
): Promise<TaskDetail> {
  await assertAssignee(db, scope.accountId, patch.assigneeId);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(remediationTasks)
      .where(inTenantTasks(scope, id))
      .for('update');
    if (!current) throw taskNotFound();
    const set: Partial<typeof remediationTasks.$inferInsert> = { updatedAt: new Date() };
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.priority !== undefined) set.priority = patch.priority;
    if (patch.assigneeId !== undefined) set.assigneeId = patch.assigneeId;
    if (patch.dueDate !== undefined) set.dueDate = patch.dueDate;
    const status = patch.status ?? current.status;
    const riskTouched = patch.riskReason !== undefined || patch.riskReviewDate !== undefined;
    if (patch.status !== undefined || (status === 'risk_accepted' && riskTouched)) {
      Object.assign(
        set,
        statusColumns(status, {
          riskReason: patch.riskReason !== undefined ? patch.riskReason : current.riskReason,
          riskReviewDate:
            patch.riskReviewDate !== undefined ? patch.riskReviewDate : current.riskReviewDate,
        }),
      );
    }
    await tx.update(remediationTasks).set(set).where(inTenantTasks(scope, id));
    const statusChanged = patch.status !== undefined && patch.status !== current.status;
    await recordAudit(tx, scope, {
      action: statusChanged ? 'tasks.status_changed' : 'tasks.updated',
      targetType: 'task',
      targetId: id,
      data: {
        title: set.title ?? current.title,
        tenantId: scope.tenantId,
        ...(statusChanged ? { from: current.status, to: patch.status } : {}),
        fields: Object.keys(patch),
      },
    });
    if (statusChanged) {
      await emitWebhookEvent(tx, scope.accountId, 'task.status_changed', {
        task: { id, tenantId: scope.tenantId, title: set.title ?? current.title },
        from: current.status,
        to: patch.status,
      });
    }
    await refreshTaskRollup(tx, scope);
  });
  return getTask(db, scope, id);
}

/** Several tasks of the tenant to one status: all of them or, when one is not found, none. */
export async function bulkStatus(db: Database, scope: Scope, input: BulkStatus): Promise<number> {
  const ids = [...new Set(input.ids)];
  const cols = statusColumns(input.status, input);
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: remediationTasks.id,
        status: remediationTasks.status,
        title: remediationTasks.title,
      })
      .from(remediationTasks)
      .where(and(inTenantTasks(scope), inArray(remediationTasks.id, ids)))
      .for('update');
    if (found.length !== ids.length) throw taskNotFound();
    const moving = found.filter((f) => f.status !== input.status);
    if (!moving.length) return 0;
    await tx
      .update(remediationTasks)
      .set({ ...cols, updatedAt: new Date() })
      .where(
        and(
          inTenantTasks(scope),
          inArray(
            remediationTasks.id,
            moving.map((m) => m.id),
          ),
        ),
      );
    for (const m of moving) {
      await recordAudit(tx, scope, {
        action: 'tasks.status_changed',
        targetType: 'task',
        targetId: m.id,
        data: {
          title: m.title,
          tenantId: scope.tenantId,
          from: m.status,
          to: input.status,
          bulk: true,
        },
      });
      await emitWebhookEvent(tx, scope.accountId, 'task.status_changed', {
        task: { id: m.id, tenantId: scope.tenantId, title: m.title },
        from: m.status,
        to: input.status,
      });
    }
    await refreshTaskRollup(tx, scope);
    return moving.length;
  });
}

/** Ticks or unticks one checklist item, leaving the others as they are now (no read-merge-write). */
export async function setChecklistItem(
  db: Database,
  scope: Scope,
  id: string,
  itemId: string,
  done: boolean,
): Promise<TaskDetail> {
  const updated = await db
    .update(remediationTasks)
    .set({
      checklist: sql`(select coalesce(jsonb_agg(case when e->>'id' = ${itemId}
          then jsonb_set(e, '{done}', to_jsonb(${done}::boolean)) else e end order by n), '[]'::jsonb)
        from jsonb_array_elements(${remediationTasks.checklist}) with ordinality as x(e, n))`,
      updatedAt: new Date(),
    })
    .where(
      and(
        inTenantTasks(scope, id),
        sql`${remediationTasks.checklist} @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
      ),
    )
    .returning({ id: remediationTasks.id });
  if (!updated.length) {
    await readTask(db, scope, id);
    throw new AppError(
      REMEDIATION_ERROR_CODES.checklistItemNotFound,
      404,
      'There is no such item on the task’s checklist.',
    );
  }
  return getTask(db, scope, id);
}

export async function addComment(
  db: Database,
  scope: Scope,
  id: string,
  body: string,
): Promise<TaskDetail> {
  await db.transaction(async (tx) => {
    const [task] = await tx
      .update(remediationTasks)
      .set({ commentCount: sql`${remediationTasks.commentCount} + 1`, updatedAt: new Date() })
      .where(inTenantTasks(scope, id))
      .returning({ count: remediationTasks.commentCount });
    if (!task) throw taskNotFound();
    if (task.count > REMEDIATION_LIMITS.comments) {
      throw new AppError(
        REMEDIATION_ERROR_CODES.tooManyComments,
        409,
        `A task keeps at most ${REMEDIATION_LIMITS.comments} comments.`,
      );
    }
    await tx.insert(remediationComments).values({
      id: randomUUID(),
      accountId: scope.accountId,
      tenantId: scope.tenantId,
      taskId: id,
      authorId: scope.userId,
      body,
    });
  });
  return getTask(db, scope, id);
}

export async function deleteTask(db: Database, scope: Scope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(remediationTasks)
      .where(inTenantTasks(scope, id))
      .returning({ title: remediationTasks.title, status: remediationTasks.status });
    if (!gone) throw taskNotFound();
    await recordAudit(tx, scope, {
      action: 'tasks.deleted',
      targetType: 'task',
      targetId: id,
      data: { title: gone.title, tenantId: scope.tenantId, status: gone.status },
    });
    await refreshTaskRollup(tx, scope);
  });
}

/**
 * The tasks on questions of one framework on a tenant, by question key, for the baseline
 * view: the open one when there is one, else the latest done one (risk accepted shows too).
 */
export async function tasksByQuestion(
  db: Db,
  scope: Pick<Scope, 'accountId' | 'tenantId'>,
  frameworkId: string,
): Promise<Map<string, TaskRow>> {
  const rows = await db
    .select()
    .from(remediationTasks)
    .where(
      and(
        inTenantTasks(scope),
        eq(remediationTasks.frameworkId, frameworkId),
        or(OPEN, inArray(remediationTasks.status, ['done', 'risk_accepted'])),
      ),
    )
    .orderBy(desc(remediationTasks.updatedAt), desc(remediationTasks.id));
  const out = new Map<string, TaskRow>();
  for (const r of rows) {
    if (!r.questionKey) continue;
    const have = out.get(r.questionKey);
    if (!have || (!isOpenTask(have.status) && isOpenTask(r.status))) out.set(r.questionKey, r);
  }
  return out;
}

/** Every task of the tenant, oldest first, for the CSV export. */
export async function allTasks(db: Database, scope: Scope): Promise<Task[]> {
  const day = today();
  const rows = await selectTasks(db)
    .where(inTenantTasks(scope))
    .orderBy(asc(remediationTasks.createdAt), asc(remediationTasks.id));
  return rows.map((r) => toTask(r, day));
}
