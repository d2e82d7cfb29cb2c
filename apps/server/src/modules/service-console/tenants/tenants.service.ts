/**
 * The service console's tenants drill-down (docs/service-console.md, "Service console: tenants
 * drill-down"): an account's client tenants and, read-only, one of them with its assessments,
 * baseline and remediation tasks, for system admins.
 *
 * Everything is read through the account's own services (modules/tenants, assessments,
 * baseline, remediation) with a scope naming the account and the tenant from the path: every
 * query keeps its `account_id = …` condition, so a tenant, assessment or task of another account
 * is not found (404), exactly as for the account's members. The scope carries no account or
 * share role, so what the answers say the caller may do (`can`, `canManage`) is nothing.
 *
 * Every view of a tenant is audited system-wide (`service.tenant_viewed`), one entry per admin
 * and tenant per TENANT_VIEW_AUDIT_MINUTES: `recordTenantView` decides it in the database.
 */
import { randomUUID } from 'node:crypto';
import {
  SERVICE_TENANT_OVERVIEW_ITEMS,
  TENANT_VIEW_AUDIT_MINUTES,
  type AssessmentDetail,
  type AssessmentListQuery,
  type AssessmentPage,
  type BaselineComparison,
  type ServiceTenantAccount,
  type ServiceTenantPage,
  type ServiceTenantView,
  type TaskDetail,
  type TaskList,
  type TaskListQuery,
  type TenantListQuery,
} from '@tenantry/shared';
import { eq, sql } from 'drizzle-orm';
import type { Actor, TenantContext } from '../../../auth/types.ts';
import type { Database } from '../../../db/client.ts';
import { accounts, auditLog } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { getAssessment, listAssessments } from '../../assessments/assessments.service.ts';
import { getBaseline } from '../../baseline/baseline.service.ts';
import { getTask, listTasks } from '../../remediation/tasks.service.ts';
import { assertTenant, getTenant, listTenants } from '../../tenants/tenants.service.ts';

/** What of a tenant a system admin looked at (the audit entry's `data.view`). */
export type TenantView = 'tenant' | 'assessments' | 'assessment' | 'baseline' | 'tasks' | 'task';

async function readAccount(db: Database, accountId: string): Promise<ServiceTenantAccount> {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, suspendedAt: accounts.suspendedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound('Account not found.');
  return { id: row.id, name: row.name, suspended: row.suspendedAt !== null };
}

/**
 * `service.tenant_viewed`, system-wide (no account: the account's own log is its members'),
 * at most one per admin and tenant per TENANT_VIEW_AUDIT_MINUTES, whichever server answers:
 * a transaction-level advisory lock on (admin, tenant) puts concurrent views in line, and the
 * entry is inserted only when none of that admin on that tenant is newer than the window
 * (read on `audit_log_target_idx`). The entry names the first view of the window.
 */
export async function recordTenantView(
  db: Database,
  viewer: Actor,
  target: Ids & { name: string; view: TenantView; id?: string },
): Promise<void> {
  const data = {
    name: target.name,
    accountId: target.accountId,
    view: target.view,
    ...(target.id === undefined ? {} : { id: target.id }),
  };
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${viewer.userId}), hashtext(${target.tenantId}))`,
    );
    await tx.execute(sql`insert into ${auditLog}
        (id, account_id, actor_user_id, actor_email, action, target_type, target_id, data)
      select ${randomUUID()}, null, ${viewer.userId}, ${viewer.email}, 'service.tenant_viewed',
        'tenant', ${target.tenantId}, ${JSON.stringify(data)}::jsonb
      where not exists (select 1 from ${auditLog} a
        where a.target_type = 'tenant' and a.target_id = ${target.tenantId}
          and a.created_at > now() - ${TENANT_VIEW_AUDIT_MINUTES}::int * interval '1 minute'
          and a.action = 'service.tenant_viewed' and a.actor_user_id = ${viewer.userId})`);
  });
}

type Ids = { accountId: string; tenantId: string };

/**
 * Reads the tenant `tenantId` of the account `accountId` with `read` (404 `tenants.not_found`
 * when it is not in that account, an unknown account too), then audits the view: only what was
 * shown is audited, so a refused request (a bad cursor, an assessment not found) writes nothing.
 * The scope is the account's own services' (TenantContext), with no account or share role.
 */
async function viewed<T>(
  db: Database,
  viewer: Actor,
  ids: Ids,
  what: { view: TenantView; id?: string },
  read: (scope: TenantContext) => Promise<T>,
): Promise<T> {
  const { name } = await assertTenant(db, ids);
  const scope: TenantContext = {
    accountId: ids.accountId,
    tenantId: ids.tenantId,
    userId: viewer.userId,
    email: viewer.email,
    accountRole: null,
    shareRole: null,
  };
  const result = await read(scope);
  await recordTenantView(db, viewer, { ...ids, name, ...what });
  return result;
}

/** GET /service/accounts/{accountId}/tenants: the account's tenant list, as its members page it. */
export async function listAccountTenants(
  db: Database,
  accountId: string,
  query: TenantListQuery,
): Promise<ServiceTenantPage> {
  const account = await readAccount(db, accountId);
  return { account, ...(await listTenants(db, { accountId }, query)) };
}

/** GET …/tenants/{tenantId}: the tenant, its newest assessments, baseline and open tasks. */
export async function viewTenant(
  db: Database,
  viewer: Actor,
  ids: Ids,
): Promise<ServiceTenantView> {
  const [account, tenant, assessments, baseline, tasks] = await viewed(
    db,
    viewer,
    ids,
    { view: 'tenant' },
    (scope) =>
      Promise.all([
        readAccount(db, ids.accountId),
        getTenant(db, scope, ids.tenantId),
        listAssessments(db, scope, { status: 'all', limit: SERVICE_TENANT_OVERVIEW_ITEMS }),
        getBaseline(db, scope),
        listTasks(db, scope, { status: 'open' }),
      ]),
  );
  const { overall } = baseline;
  return {
    account,
    tenant,
    recentAssessments: assessments.items,
    baseline: {
      baseline: baseline.baseline,
      latest: baseline.latest,
      overall: {
        baseline: overall.baseline,
        latest: overall.latest,
        delta: overall.delta,
        trend: overall.trend,
      },
    },
    tasks: { counts: tasks.counts, open: tasks.items.slice(0, SERVICE_TENANT_OVERVIEW_ITEMS) },
  };
}

/** GET …/tenants/{tenantId}/assessments: the assessments tab's list. */
export async function listTenantAssessments(
  db: Database,
  viewer: Actor,
  ids: Ids,
  query: AssessmentListQuery,
): Promise<AssessmentPage> {
  return viewed(db, viewer, ids, { view: 'assessments' }, (scope) =>
    listAssessments(db, scope, query),
  );
}

/** GET …/tenants/{tenantId}/assessments/{assessmentId}: one assessment, its answers and scores. */
export async function viewAssessment(
  db: Database,
  viewer: Actor,
  ids: Ids,
  assessmentId: string,
): Promise<AssessmentDetail> {
  return viewed(db, viewer, ids, { view: 'assessment', id: assessmentId }, (scope) =>
    getAssessment(db, scope, assessmentId),
  );
}

/** GET …/tenants/{tenantId}/baseline: the baseline tab's comparison. */
export async function viewBaseline(
  db: Database,
  viewer: Actor,
  ids: Ids,
  compare: string | undefined,
): Promise<BaselineComparison> {
  return viewed(db, viewer, ids, { view: 'baseline' }, (scope) => getBaseline(db, scope, compare));
}

/** GET …/tenants/{tenantId}/tasks: the remediation tab's tasks. */
export async function listTenantTasks(
  db: Database,
  viewer: Actor,
  ids: Ids,
  query: TaskListQuery,
): Promise<TaskList> {
  return viewed(db, viewer, ids, { view: 'tasks' }, (scope) => listTasks(db, scope, query));
}

/** GET …/tenants/{tenantId}/tasks/{taskId}: one task with its checklist and comments. */
export async function viewTask(
  db: Database,
  viewer: Actor,
  ids: Ids,
  taskId: string,
): Promise<TaskDetail> {
  return viewed(db, viewer, ids, { view: 'task', id: taskId }, (scope) =>
    getTask(db, scope, taskId),
  );
}
