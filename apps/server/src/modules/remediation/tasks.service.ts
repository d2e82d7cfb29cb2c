/**
 * Remediation tasks of a client tenant (docs/remediation.md): list them, create one, change one
 * or several, delete one. A task comes from a gap question of an assessment (its row is built by
 * gap-tasks.service.ts) or is written by hand. Every query carries the account and the tenant
 * (ADR 0005); every change is one transaction that also refreshes what the tenant and the
 * account keep of their tasks (remediation.rollup.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  REMEDIATION_LIMITS,
  TASK_STATUSES,
  isOpenTask,
  type BulkStatus,
  type CreateTask,
  type Task,
  type TaskDetail,
  type TaskList,
  type TaskListQuery,
  type TaskStatus,
  type UpdateTask,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remediationTasks } from '../../db/schema/remediation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import { questionTask } from './gap-tasks.service.ts';
import { refreshTaskRollup } from './remediation.rollup.ts';
import { statusColumns } from './risk.ts';
import {
  OPEN,
  assertAssignee,
  assignableMembers,
  checklistOf,
  getTask,
  inTenantTasks,
  openTaskExists,
  selectTasks,
  taskEvent,
  taskNotFound,
  toTask,
  today,
  type Db,
  type Scope,
  type TaskRow,
} from './task-rows.ts';

// What other modules read of a task: the day "overdue" counts from, and one task.
export { getTask, today };

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
    assignableMembers(db, scope.accountId, scope.tenantId),
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

export async function createTask(
  db: Database,
  scope: Scope,
  input: CreateTask,
): Promise<TaskDetail> {
  await assertTenant(db, scope);
  await assertAssignee(db, scope, input.assigneeId);
  const row: typeof remediationTasks.$inferInsert = input.source
    ? await questionTask(db, scope, { ...input, source: input.source })
    : {
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
    await emitWebhookEvent(tx, scope, 'task.created', { task: taskEvent(row) });
    await refreshTaskRollup(tx, scope);
  });
  return getTask(db, scope, row.id!);
}

export async function updateTask(
  db: Database,
  scope: Scope,
  id: string,
  patch: UpdateTask,
): Promise<TaskDetail> {
  await assertAssignee(db, scope, patch.assigneeId);
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
      await emitWebhookEvent(tx, scope, 'task.status_changed', {
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
      await emitWebhookEvent(tx, scope, 'task.status_changed', {
        task: { id: m.id, tenantId: scope.tenantId, title: m.title },
        from: m.status,
        to: input.status,
      });
    }
    await refreshTaskRollup(tx, scope);
    return moving.length;
  });
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
