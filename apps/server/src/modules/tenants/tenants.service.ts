import { randomUUID } from 'node:crypto';
import {
  defaultTenantOrder,
  TENANT_ERROR_CODES,
  type CreateTenant,
  type SortOrder,
  type Tenant,
  type TenantListQuery,
  type TenantPage,
  type TenantSort,
  type TenantSummary,
  type UpdateTenant,
} from '@tenantry/shared';
import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { runPrepared, type Database, type Tx } from '../../db/client.ts';
import { accounts, memberships, tenants } from '../../db/schema/index.ts';
import type { AccountContext, TenantContext } from '../../auth/types.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, tenantNotFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like.ts';
import { limited, tenantAccessWhere } from '../../auth/tenant-access.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { keepCreatedTenant } from '../members/members.service.ts';
import { assertLimit } from '../billing/entitlements.ts';
import { refreshAccountRollup } from './tenants.rollup.ts';

type TenantRow = typeof tenants.$inferSelect;

const iso = (d: Date) => d.toISOString();

function toSummary(
  r: Pick<
    TenantRow,
    | 'id'
    | 'name'
    | 'industry'
    | 'size'
    | 'tags'
    | 'archivedAt'
    | 'createdAt'
    | 'updatedAt'
    | 'latestAssessmentId'
    | 'latestScore'
    | 'latestGaps'
    | 'latestCompletedAt'
    | 'openAssessments'
    | 'openTasks'
    | 'nextTaskDue'
    | 'nextAssessmentDue'
  >,
): TenantSummary {
  return {
    id: r.id,
    name: r.name,
    industry: r.industry,
    size: r.size,
    tags: r.tags,
    archivedAt: r.archivedAt ? iso(r.archivedAt) : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    latest:
      r.latestAssessmentId && r.latestCompletedAt
        ? {
            assessmentId: r.latestAssessmentId,
            score: r.latestScore,
            gaps: r.latestGaps ?? 0,
            completedAt: iso(r.latestCompletedAt),
          }
        : null,
    openAssessments: r.openAssessments,
    openTasks: r.openTasks,
    nextTaskDue: r.nextTaskDue,
    nextAssessmentDue: r.nextAssessmentDue,
  };
}

/** Open tasks due before today (UTC), from the due dates the tenant keeps. */
const overdueOf = (dues: string[], today = new Date().toISOString().slice(0, 10)) =>
  dues.filter((d) => d < today).length;

function toTenant(r: TenantRow): Tenant {
  return {
    ...toSummary(r),
    contacts: r.contacts,
    notes: r.notes,
    posture: {
      completion: r.latestCompletion,
      trend: r.baselineDelta,
      sections: r.latestSections.map(({ key, title, score, target }) => ({
        key,
        title,
        score,
        target,
      })),
      sectionsBelow: r.sectionsBelow,
      overdueTasks: overdueOf(r.openTaskDues),
      lastActivityAt: r.lastActivityAt ? iso(r.lastActivityAt) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Keyset paging. The cursor is the last row's (sort key, id) plus the sort it was made for, so
// a page costs one index range scan of `limit + 1` rows however deep it is (no OFFSET, no
// count). Time keys travel as text with microseconds: a JS Date would drop them and skip or
// repeat rows that share a millisecond.
// ---------------------------------------------------------------------------------------------

/** The nearest due date of a tenant's open assessments; none sorts as the far future. */
const DUE_EXPR = sql`coalesce(${tenants.nextAssessmentDue}, '9999-12-31'::date)`;

const SORT_EXPR: Record<TenantSort, SQL> = {
  name: sql`lower(${tenants.name})`,
  created: sql`${tenants.createdAt}`,
  updated: sql`${tenants.updatedAt}`,
  due: DUE_EXPR,
};

function sortKeyText(sort: TenantSort): SQL<string> {
  if (sort === 'name') return sql<string>`lower(${tenants.name})`;
  if (sort === 'due') return sql<string>`to_char(${DUE_EXPR}, 'YYYY-MM-DD')`;
  const col = sort === 'created' ? tenants.createdAt : tenants.updatedAt;
  return sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The cursor after the row with sort key `key` and id `id`: `[sort, order, key, id]`. */
export function encodeTenantCursor(
  sort: TenantSort,
  order: SortOrder,
  key: string,
  id: string,
): string {
  return encodeCursor([sort, order, key, id]);
}

/** Only a cursor made for this very sort and order; 400 on the `cursor` field otherwise. */
function decodeTenantCursor(cursor: string, sort: TenantSort, order: SortOrder) {
  const key =
    sort === 'name' ? cursorPart.text(400) : sort === 'due' ? cursorPart.day : cursorPart.time;
  const [, , k, id] = decodeCursor(
    cursor,
    z.tuple([z.literal(sort), z.literal(order), key, cursorPart.id]),
  );
  return { key: k, id };
}

/**
 * One page of an account's client tenants: one statement, scoped by account_id. Also read by
 * the service console's drill-down, for any account.
 */
export async function listTenants(
  db: Database,
  scope: Pick<AccountContext, 'accountId' | 'onlyTenantId'>,
  query: TenantListQuery,
): Promise<TenantPage> {
  const { accountId } = scope;
  const { sort, limit } = query;
  const order = query.order ?? defaultTenantOrder(sort);
  const after = query.cursor ? decodeTenantCursor(query.cursor, sort, order) : null;
  const expr = SORT_EXPR[sort];
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const cmp = order === 'asc' ? sql`>` : sql`<`;
  const keyParam = after
    ? sort === 'name'
      ? sql`${after.key}::text`
      : sort === 'due'
        ? sql`${after.key}::date`
        : sql`${after.key}::timestamptz`
    : undefined;

  const q = query.q?.toLowerCase();
  // One prepared statement per filter shape: PostgreSQL plans each shape once per connection.
  const rows = await runPrepared(
    db
      .select({
        id: tenants.id,
        name: tenants.name,
        industry: tenants.industry,
        size: tenants.size,
        tags: tenants.tags,
        archivedAt: tenants.archivedAt,
        createdAt: tenants.createdAt,
        updatedAt: tenants.updatedAt,
        latestAssessmentId: tenants.latestAssessmentId,
        latestScore: tenants.latestScore,
        latestGaps: tenants.latestGaps,
        latestCompletedAt: tenants.latestCompletedAt,
        openAssessments: tenants.openAssessments,
        openTasks: tenants.openTasks,
        nextTaskDue: tenants.nextTaskDue,
        nextAssessmentDue: tenants.nextAssessmentDue,
        sortKey: sortKeyText(sort),
      })
      .from(tenants)
      .where(
        and(
          eq(tenants.accountId, accountId),
          // Only the tenants the caller reaches: a member's client-tenant access, a key's
          // creator's and its one tenant (auth/tenant-access.ts).
          tenantAccessWhere(scope),
          query.status === 'active'
            ? isNull(tenants.archivedAt)
            : query.status === 'archived'
              ? isNotNull(tenants.archivedAt)
              : undefined,
          q
            ? or(
                sql`lower(${tenants.name}) like ${`%${escapeLike(q)}%`} escape '\\'`,
                sql`${tenants.tags} @> array[${q}]::text[]`,
              )
            : undefined,
          query.tag ? sql`${tenants.tags} @> array[${query.tag}]::text[]` : undefined,
          after ? sql`(${expr}, ${tenants.id}) ${cmp} (${keyParam}, ${after.id}::text)` : undefined,
        ),
      )
      .orderBy(sql`${expr} ${dir}`, sql`${tenants.id} ${dir}`)
      .limit(limit + 1),
  );

  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    tenants: page.map(toSummary),
    nextCursor:
      rows.length > limit && last ? encodeTenantCursor(sort, order, last.sortKey, last.id) : null,
  };
}

export async function createTenant(
  db: Database,
  scope: AccountContext,
  input: CreateTenant,
): Promise<Tenant> {
  const { accountId } = scope;
  return db.transaction(async (tx) => {
    await assertLimit(tx, accountId, 'tenants');
    const now = new Date();
    const [row] = await tx
      .insert(tenants)
      .values({
        id: randomUUID(),
        accountId,
        name: input.name,
        industry: input.industry || null,
        size: input.size ?? null,
        contacts: input.contacts ?? [],
        tags: input.tags ?? [],
        notes: input.notes ?? '',
        createdBy: scope.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, scope, {
      action: 'tenants.created',
      targetType: 'tenant',
      targetId: row.id,
      data: { name: row.name },
    });
    // `only`: the new tenant joins the creator's list; `tags`: it must carry one of theirs.
    if (scope.tenantAccess?.mode === 'only') await keepCreatedTenant(tx, scope, row.id);
    else await assertStillReached(tx, scope, row.id);
    await refreshAccountRollup(tx, accountId);
    return toTenant(row);
  });
}

/**
 * A member limited to client tenants with some tags cannot make, or retag, a tenant so that it
 * is outside their own access (they would lose it at once): 400 `tenants.outside_access`, and
 * the transaction rolls back.
 */
async function assertStillReached(
  tx: Tx,
  scope: Pick<AccountContext, 'accountId' | 'tenantAccess' | 'onlyTenantId'>,
  tenantId: string,
): Promise<void> {
  if (!limited(scope)) return;
  const [row] = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), tenantAccessWhere(scope)));
  if (row) return;
  const tags = scope.tenantAccess?.mode === 'tags' ? scope.tenantAccess.tags : [];
  throw new AppError(
    TENANT_ERROR_CODES.outsideAccess,
    400,
    tags.length > 0
      ? `Your access is limited to client tenants tagged ${tags.join(', ')}: keep one of these tags on it.`
      : 'Your access is limited to some client tenants: this change would put it outside them.',
    { tags: `Keep one of these tags: ${tags.join(', ')}.` },
  );
}

/** The tenant when it belongs to the scope's account; 404 `tenants.not_found` otherwise. */
export async function getTenant(
  db: Database | Tx,
  scope: Pick<AccountContext, 'accountId' | 'tenantAccess' | 'onlyTenantId'>,
  id: string,
): Promise<Tenant> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(
      and(eq(tenants.id, id), eq(tenants.accountId, scope.accountId), tenantAccessWhere(scope)),
    );
  if (!row) throw tenantNotFound();
  return toTenant(row);
}

/**
 * 404 `tenants.not_found` unless the client tenant is in the scope's account (and within the
 * caller's client-tenant access, which the guard has checked already): the tenancy check of
 * every service under a tenant id.
 */
export async function assertTenant(
  db: Database | Tx,
  scope: Pick<TenantContext, 'accountId' | 'tenantId' | 'tenantAccess'>,
): Promise<{ name: string }> {
  const [t] = await db
    .select({ name: tenants.name })
    .from(tenants)
    .where(
      and(
        eq(tenants.id, scope.tenantId),
        eq(tenants.accountId, scope.accountId),
        tenantAccessWhere(scope),
      ),
    );
  if (!t) throw tenantNotFound();
  return t;
}

/** The name of the account a tenant belongs to: for a shared user, who shared it. */
export async function tenantAccountName(
  db: Database | Tx,
  scope: Pick<AccountContext, 'accountId'>,
): Promise<string> {
  const [row] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, scope.accountId));
  return row?.name ?? '';
}

/**
 * Records the tenant as the member's `ttid` (the client tenant they last opened). One
 * statement, and it writes only when the value changes.
 */
export async function rememberLastTenant(db: Database, scope: TenantContext): Promise<void> {
  const { accountId, userId, tenantId } = scope;
  await db
    .update(memberships)
    .set({ lastTenantId: tenantId })
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.userId, userId),
        or(isNull(memberships.lastTenantId), ne(memberships.lastTenantId, tenantId)),
      ),
    );
}

export async function updateTenant(
  db: Database,
  scope: TenantContext,
  input: UpdateTenant,
): Promise<Tenant> {
  const { accountId, tenantId: id } = scope;
  const set: Partial<typeof tenants.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.industry !== undefined) set.industry = input.industry || null;
  if (input.size !== undefined) set.size = input.size;
  if (input.contacts !== undefined) set.contacts = input.contacts;
  if (input.tags !== undefined) set.tags = input.tags;
  if (input.notes !== undefined) set.notes = input.notes;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tenants)
      .set(set)
      .where(and(eq(tenants.id, id), eq(tenants.accountId, accountId)))
      .returning();
    if (!row) throw tenantNotFound();
    if (input.tags !== undefined) await assertStillReached(tx, scope, row.id);
    // Which fields were sent, not their values: notes and contacts can be long or personal.
    const fields = Object.keys(input).filter((k) => input[k as keyof UpdateTenant] !== undefined);
    if (fields.length > 0) {
      await recordAudit(tx, scope, {
        action: 'tenants.updated',
        targetType: 'tenant',
        targetId: row.id,
        data: { name: row.name, fields },
      });
    }
    return toTenant(row);
  });
}

/**
 * Archives (or restores) a tenant, audited in the same transaction. Doing it again is a no-op
 * that answers the tenant as it is (and writes no audit entry).
 */
export async function setTenantArchived(
  db: Database,
  scope: TenantContext,
  archived: boolean,
): Promise<Tenant> {
  const { accountId, tenantId: id } = scope;
  return db.transaction(async (tx) => {
    // A tenant brought back counts against the plan's limit again.
    if (!archived) await assertLimit(tx, accountId, 'tenants');
    const now = new Date();
    const [row] = await tx
      .update(tenants)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(
        and(
          eq(tenants.id, id),
          eq(tenants.accountId, accountId),
          archived ? isNull(tenants.archivedAt) : isNotNull(tenants.archivedAt),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await tx
        .select()
        .from(tenants)
        .where(and(eq(tenants.id, id), eq(tenants.accountId, accountId)));
      if (!current) throw tenantNotFound();
      return toTenant(current);
    }
    await recordAudit(tx, scope, {
      action: archived ? 'tenants.archived' : 'tenants.restored',
      targetType: 'tenant',
      targetId: row.id,
      data: { name: row.name },
    });
    await refreshAccountRollup(tx, accountId);
    return toTenant(row);
  });
}
