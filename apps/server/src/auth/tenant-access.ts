/**
 * Client-tenant access (docs/members.md): the ONE predicate that limits a member — and the API
 * keys and webhook endpoints they make — to some of the account's client tenants. The guards
 * put the caller's rule on the request context (`AccountContext.tenantAccess`,
 * `TenantContext.tenantAccess`), read with the claims in the same query; every query that
 * lists or reads tenants, or rows of tenants across the account, adds `tenantAccessWhere` to its
 * where; `requireTenant` answers 404 for a tenant outside it, as for another account's.
 *
 * Tags are evaluated in the query, never copied: a tenant tagged for a team reaches the team on
 * the next request, and a member's change reaches their open sessions, keys and endpoints the
 * same way.
 */
import {
  isRestricted,
  TENANT_ACCESS_MODES,
  type AccountRole,
  type TenantAccessMode,
  type TenantAccessRule,
} from '@tenantry/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client.ts';
import { tenants } from '../db/schema/tenants.ts';
import { tenantNotFound } from '../lib/errors.ts';

/** What limits a caller's tenants: a member's access rule, and a key's one tenant. */
export interface TenantScope {
  /** The member's (or key creator's) access; null or `all` for every client tenant. */
  tenantAccess?: TenantAccessRule | null;
  /** An API key limited to one client tenant. */
  onlyTenantId?: string | null;
}

/** The columns of a tenant the predicate reads (`tenants` by default, or an alias). */
export interface TenantColumns {
  id: AnyPgColumn | SQL;
  tags: AnyPgColumn | SQL;
}

const TENANTS: TenantColumns = { id: tenants.id, tags: tenants.tags };

/** A text[] parameter (an empty array too, which has no element to type it). */
const textArray = (values: readonly string[]) =>
  sql`cast(${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`} as text[])`;

/**
 * The rule a membership row holds, as the caller's rule: null when the member reaches every
 * client tenant (an owner always does, whatever the row says).
 */
export function ruleOf(row: {
  role: AccountRole | null;
  mode: string | null;
  tenantIds: string[] | null;
  tags: string[] | null;
}): TenantAccessRule | null {
  if (row.role === 'owner' || !row.mode || row.mode === 'all') return null;
  if (!(TENANT_ACCESS_MODES as readonly string[]).includes(row.mode)) return null;
  return {
    mode: row.mode as TenantAccessMode,
    tenantIds: row.tenantIds ?? [],
    tags: row.tags ?? [],
  };
}

/** The rule as a condition on one tenant's columns (undefined: every tenant). */
function ruleWhere(rule: TenantAccessRule | null | undefined, t: TenantColumns): SQL | undefined {
  if (!rule || !isRestricted(rule)) return undefined;
  switch (rule.mode) {
    case 'only':
      return sql`${t.id} = any(${textArray(rule.tenantIds)})`;
    case 'except':
      return sql`not (${t.id} = any(${textArray(rule.tenantIds)}))`;
    case 'tags':
      return sql`${t.tags} && ${textArray(rule.tags)}`;
    default:
      return undefined;
  }
}

/**
 * The condition limiting a query's tenants to the scope's (AND it into the where); undefined
 * when the scope reaches every tenant of its account. `t` names the tenant's id and tags
 * columns when the query reads an alias (`sql\`t.id\``) rather than `tenants`.
 */
export function tenantAccessWhere(scope: TenantScope, t: TenantColumns = TENANTS): SQL | undefined {
  const only = scope.onlyTenantId ? sql`${t.id} = ${scope.onlyTenantId}` : undefined;
  const rule = ruleWhere(scope.tenantAccess, t);
  return only && rule ? and(only, rule) : (only ?? rule);
}

/** The same condition as SQL that is always a boolean (`true` when unrestricted). */
export function tenantAccessSql(scope: TenantScope, t: TenantColumns = TENANTS): SQL {
  return tenantAccessWhere(scope, t) ?? sql`true`;
}

/** Whether the scope leaves out some client tenant of the account. */
export const limited = (scope: TenantScope): boolean =>
  Boolean(scope.onlyTenantId) || isRestricted(scope.tenantAccess);

/**
 * The access a membership row `m` gives over a tenant row `t`, in SQL (for statements that
 * read the rule from the row itself: the claims' last tenant, a key's or an endpoint's
 * creator). Aliases are SQL identifiers the caller chose.
 */
export function membershipReaches(m: string, t: string): SQL {
  const M = sql.raw(m);
  const T = sql.raw(t);
  return sql`(${M}.role = 'owner' or ${M}.tenant_access = 'all'
    or (${M}.tenant_access = 'only' and ${T}.id = any(${M}.tenant_access_ids))
    or (${M}.tenant_access = 'except' and not (${T}.id = any(${M}.tenant_access_ids)))
    or (${M}.tenant_access = 'tags' and ${T}.tags && ${M}.tenant_access_tags))`;
}

/**
 * Whether the client tenant `tenantId` is within the access of `accessUserId` in `accountId`
 * (SQL expressions of the statement): true when `accessUserId` is null (made before tenant
 * access existed), false when they are no longer a member. For what acts on a member's behalf
 * without a request: an API key's creator, a webhook endpoint's.
 */
export function principalReaches(accountId: SQL, accessUserId: SQL, tenantId: SQL): SQL {
  return sql`(${accessUserId} is null or exists (
    select 1 from memberships pm
    join ${tenants} pt on pt.id = ${tenantId} and pt.account_id = pm.account_id
    where pm.account_id = ${accountId} and pm.user_id = ${accessUserId}
      and ${membershipReaches('pm', 'pt')}))`;
}

/**
 * 404 `tenants.not_found` unless the tenant is in the account AND within the scope's access:
 * the guard's check for a limited caller (one indexed lookup; an unrestricted caller pays
 * nothing, its services check the account as before).
 */
export async function assertTenantReachable(
  db: Database | Tx,
  accountId: string,
  tenantId: string,
  scope: TenantScope,
): Promise<void> {
  if (!limited(scope)) return;
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        sql`${tenants.id} = ${tenantId}`,
        sql`${tenants.accountId} = ${accountId}`,
        tenantAccessWhere(scope),
      ),
    )
    .limit(1);
  if (rows.length === 0) throw tenantNotFound();
}
