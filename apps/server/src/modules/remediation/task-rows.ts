/**
 * A remediation task as stored and as read (docs/remediation.md): the tenant's scope condition
 * (ADR 0005), the joined select and the API shape, the checks every write shares, and the
 * `task.created` event. The use cases build on it: tasks.service.ts (list, create, change,
 * delete), gap-tasks.service.ts, checklist.service.ts and comments.service.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  REMEDIATION_ERROR_CODES,
  REMEDIATION_LIMITS,
  OPEN_TASK_STATUSES,
  isOpenTask,
  type ErrorCode,
  type PersonRef,
  type Task,
  type TaskDetail,
} from '@tenantry/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { membershipReaches } from '../../auth/tenant-access.ts';
import type { TenantContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema/accounts.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { tenants } from '../../db/schema/tenants.ts';
import {
  remediationComments,
  remediationTasks,
  type StoredChecklistItem,
} from '../../db/schema/remediation.ts';
import { AppError } from '../../lib/errors.ts';

export type Db = Database | Tx;
export type TaskRow = typeof remediationTasks.$inferSelect;
export type Scope = TenantContext;

export const taskNotFound = () =>
  new AppError(
    REMEDIATION_ERROR_CODES.notFound,
    404,
    'There is no such task on this client tenant.',
  );
export const validation = (code: ErrorCode, message: string, fields: Record<string, string>) =>
  new AppError(code, 400, message, fields);

/** Today as a UTC day, `YYYY-MM-DD` (due dates are days; "overdue" is before today). */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

export const inTenantTasks = (scope: Pick<Scope, 'accountId' | 'tenantId'>, id?: string): SQL =>
  and(
    eq(remediationTasks.accountId, scope.accountId),
    eq(remediationTasks.tenantId, scope.tenantId),
    id === undefined ? undefined : eq(remediationTasks.id, id),
  )!;

export const OPEN = inArray(remediationTasks.status, [...OPEN_TASK_STATUSES]);

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

export function selectTasks(db: Db) {
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

export async function readTask(db: Db, scope: Scope, id: string): Promise<Joined> {
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
/**
 * Members who reach the tenant (their client-tenant access, docs/members.md): the ones a task
 * of it can be assigned to.
 */
const reachesTenant = (tenantId: string) =>
  sql`exists (select 1 from ${tenants} t where t.id = ${tenantId}
    and t.account_id = ${memberships.accountId} and ${membershipReaches('memberships', 't')})`;

export async function assignableMembers(
  db: Db,
  accountId: string,
  tenantId: string,
): Promise<PersonRef[]> {
  const rows = await db
    .select({ id: users.id, name: personName(users) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), reachesTenant(tenantId)))
    .orderBy(asc(sql`lower(${personName(users)})`));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.id }));
}

export async function assertAssignee(
  db: Db,
  scope: { accountId: string; tenantId: string },
  assigneeId: string | null | undefined,
) {
  if (!assigneeId) return;
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, scope.accountId),
        eq(memberships.userId, assigneeId),
        reachesTenant(scope.tenantId),
      ),
    );
  if (!m) {
    throw validation(
      REMEDIATION_ERROR_CODES.invalidAssignee,
      'A task is assigned to a member of the account who reaches this client tenant.',
      { assigneeId: 'Choose a member of the account who reaches this client tenant.' },
    );
  }
}

export const checklistOf = (steps: { title: string; body: string }[]): StoredChecklistItem[] =>
  steps.slice(0, REMEDIATION_LIMITS.checklist).map((s) => ({
    id: randomUUID(),
    title: s.title.slice(0, REMEDIATION_LIMITS.checklistItem),
    body: s.body,
    done: false,
  }));

export const openTaskExists = () =>
  new AppError(
    REMEDIATION_ERROR_CODES.alreadyOpen,
    409,
    'This question already has an open task on this client tenant.',
  );

/** A new task as the `task.created` webhook event tells it. */
export function taskEvent(row: typeof remediationTasks.$inferInsert) {
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
