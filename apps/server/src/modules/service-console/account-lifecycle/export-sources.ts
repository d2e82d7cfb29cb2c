/**
 * What an account export holds (docs/service-console.md, "Service console: export and
 * deletion"): one JSON file per entity of the account, read by keyset pages in the order of an
 * index that starts with the account (or, for the large child tables, per parent: the answers
 * per assessment, the tasks per tenant), so that no query reads a whole table and no page is
 * sorted in memory. Every column is exported but the secrets named in `omit` (token and key
 * hashes, webhook secrets) and search vectors, so a column added later is exported too.
 */
import { getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import {
  accounts,
  answerHistory,
  apiKeys,
  articles,
  assessmentAnswers,
  assessmentCarryForwards,
  assessments,
  auditLog,
  frameworkVersions,
  frameworks,
  invitations,
  invoices,
  media,
  memberships,
  playbooks,
  remediationComments,
  remediationTasks,
  reports,
  respondents,
  shareGrants,
  subscriptions,
  supportMessages,
  supportTickets,
  tenantBaselines,
  tenants,
  users,
  webhookEndpoints,
} from '../../../db/schema/index.ts';

/** How a keyset column's value (carried as text) is cast back for the comparison. */
export type KeyCast = 'text' | 'timestamptz' | 'bigint';

/** The rows of one JSON file, or the parents whose children are read. */
export interface Source {
  /** The file is `${entity}.json`; the manifest counts rows under this name. */
  entity: string;
  /** The selected (exported) columns. */
  columns: Record<string, PgColumn | SQL.Aliased>;
  from: PgTable;
  /** Joined tables, when a file names more than its own table (members and their e-mails). */
  join?: { table: PgTable; on: SQL };
  /** Rows of one scope: the account, or one parent's id when `parent` is set. */
  where: (scopeId: string) => SQL;
  /** The keyset, in the order of an index that `where` starts. */
  order: Array<[AnyColumn, KeyCast]>;
  /** Read the rows per parent row (the parent source selects `id`). */
  parent?: Source;
  /** `where` of the count of all the account's rows (the progress total). */
  countWhere: (accountId: string) => SQL;
  /** One object (or null) instead of an array. */
  single?: boolean;
}

function omit<T extends PgTable>(table: T, ...names: string[]): Record<string, PgColumn> {
  const cols: Record<string, PgColumn> = { ...getTableColumns(table) };
  for (const n of names) delete cols[n];
  return cols;
}

const byAccount =
  (col: AnyColumn) =>
  (id: string): SQL =>
    sql`${col} = ${id}`;

/** A flat source: the account's rows of one table. */
function flat(
  entity: string,
  table: PgTable & { accountId: AnyColumn },
  order: Array<[AnyColumn, KeyCast]>,
  omitted: string[] = [],
): Source {
  const where = byAccount(table.accountId);
  return { entity, columns: omit(table, ...omitted), from: table, where, order, countWhere: where };
}

const assessmentIds: Source = {
  entity: 'assessments',
  columns: { id: assessments.id },
  from: assessments,
  where: byAccount(assessments.accountId),
  order: [
    [assessments.tenantId, 'text'],
    [assessments.createdAt, 'timestamptz'],
    [assessments.id, 'text'],
  ],
  countWhere: byAccount(assessments.accountId),
};
const tenantIds: Source = {
  entity: 'tenants',
  columns: { id: tenants.id },
  from: tenants,
  where: byAccount(tenants.accountId),
  order: [
    [tenants.createdAt, 'timestamptz'],
    [tenants.id, 'text'],
  ],
  countWhere: byAccount(tenants.accountId),
};
const ticketIds: Source = {
  entity: 'support_tickets',
  columns: { id: supportTickets.id },
  from: supportTickets,
  where: byAccount(supportTickets.accountId),
  order: [
    [supportTickets.createdAt, 'timestamptz'],
    [supportTickets.id, 'text'],
  ],
  countWhere: byAccount(supportTickets.accountId),
};
const frameworkIds: Source = {
  entity: 'frameworks',
  columns: { id: frameworks.id },
  from: frameworks,
  where: byAccount(frameworks.accountId),
  order: [[frameworks.id, 'text']],
  countWhere: byAccount(frameworks.accountId),
};

/** Children read per parent id; counted over the account's parents. */
function child(
  entity: string,
  table: PgTable,
  parentCol: AnyColumn,
  parent: Source,
  order: Array<[AnyColumn, KeyCast]>,
  omitted: string[] = [],
): Source {
  const parentId = parent.columns.id as PgColumn;
  return {
    entity,
    columns: omit(table, ...omitted),
    from: table,
    where: (id) => sql`${parentCol} = ${id}`,
    order,
    parent,
    countWhere: (accountId) =>
      sql`${parentCol} in (select ${parentId} from ${parent.from} where ${parent.where(accountId)})`,
  };
}

/** The JSON files of an export, in the order they are written. */
export const EXPORT_SOURCES: Source[] = [
  {
    entity: 'account',
    columns: omit(accounts),
    from: accounts,
    where: byAccount(accounts.id),
    order: [[accounts.id, 'text']],
    countWhere: byAccount(accounts.id),
    single: true,
  },
  {
    entity: 'members',
    columns: {
      userId: memberships.userId,
      name: users.name,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      lastTenantId: memberships.lastTenantId,
    },
    from: memberships,
    join: { table: users, on: sql`${users.id} = ${memberships.userId}` },
    where: byAccount(memberships.accountId),
    order: [[memberships.userId, 'text']],
    countWhere: byAccount(memberships.accountId),
  },
  flat(
    'invitations',
    invitations,
    [
      [invitations.createdAt, 'timestamptz'],
      [invitations.id, 'text'],
    ],
    ['tokenHash'],
  ),
  flat('tenants', tenants, [
    [tenants.createdAt, 'timestamptz'],
    [tenants.id, 'text'],
  ]),
  flat('assessments', assessments, [
    [assessments.tenantId, 'text'],
    [assessments.createdAt, 'timestamptz'],
    [assessments.id, 'text'],
  ]),
  child('answers', assessmentAnswers, assessmentAnswers.assessmentId, assessmentIds, [
    [assessmentAnswers.questionKey, 'text'],
  ]),
  child('answer_history', answerHistory, answerHistory.assessmentId, assessmentIds, [
    [answerHistory.questionKey, 'text'],
    [answerHistory.id, 'bigint'],
  ]),
  child(
    'respondents',
    respondents,
    respondents.assessmentId,
    assessmentIds,
    [
      [respondents.createdAt, 'timestamptz'],
      [respondents.id, 'text'],
    ],
    ['tokenHash'],
  ),
  flat('carry_forwards', assessmentCarryForwards, [
    [assessmentCarryForwards.createdAt, 'timestamptz'],
    [assessmentCarryForwards.id, 'text'],
  ]),
  flat('baselines', tenantBaselines, [[tenantBaselines.tenantId, 'text']]),
  child('remediation_tasks', remediationTasks, remediationTasks.tenantId, tenantIds, [
    [remediationTasks.createdAt, 'timestamptz'],
    [remediationTasks.id, 'text'],
  ]),
  flat('remediation_comments', remediationComments, [
    [remediationComments.createdAt, 'timestamptz'],
    [remediationComments.id, 'text'],
  ]),
  flat('shares', shareGrants, [
    [shareGrants.createdAt, 'timestamptz'],
    [shareGrants.id, 'text'],
  ]),
  flat('audit_log', auditLog, [
    [auditLog.createdAt, 'timestamptz'],
    [auditLog.id, 'text'],
  ]),
  flat(
    'webhooks',
    webhookEndpoints,
    [
      [webhookEndpoints.createdAt, 'timestamptz'],
      [webhookEndpoints.id, 'text'],
    ],
    ['secret', 'previousSecret'],
  ),
  flat(
    'api_keys',
    apiKeys,
    [
      [apiKeys.createdAt, 'timestamptz'],
      [apiKeys.id, 'text'],
    ],
    ['secretHash'],
  ),
  flat('support_tickets', supportTickets, [
    [supportTickets.createdAt, 'timestamptz'],
    [supportTickets.id, 'text'],
  ]),
  child('support_messages', supportMessages, supportMessages.ticketId, ticketIds, [
    [supportMessages.createdAt, 'timestamptz'],
    [supportMessages.id, 'text'],
  ]),
  { ...flat('subscription', subscriptions, [[subscriptions.accountId, 'text']]), single: true },
  flat('invoices', invoices, [
    [invoices.issuedAt, 'timestamptz'],
    [invoices.id, 'text'],
  ]),
  flat('frameworks', frameworks, [[frameworks.id, 'text']], ['search']),
  child('framework_versions', frameworkVersions, frameworkVersions.frameworkId, frameworkIds, [
    [frameworkVersions.version, 'bigint'],
  ]),
  flat('playbooks', playbooks, [[playbooks.id, 'text']], ['search']),
  flat('articles', articles, [[articles.id, 'text']], ['search']),
];

/** The account's images (logo, content images): `media.json` lists them, `media/` holds them. */
export const MEDIA_SOURCE: Source = flat(
  'media',
  media,
  [
    [media.purpose, 'text'],
    [media.createdAt, 'timestamptz'],
    [media.id, 'text'],
  ],
  ['data'],
);

/** The stored PDF reports: `reports.json` lists them, `reports/` holds the finished ones. */
export const REPORTS_SOURCE: Source = flat(
  'reports',
  reports,
  [
    [reports.createdAt, 'timestamptz'],
    [reports.id, 'text'],
  ],
  ['data'],
);

/** How many rows of the account a source holds (one count query, by an index). */
export async function countRows(db: Database, s: Source, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.from)
    .where(s.countWhere(accountId));
  return Number(row?.n ?? 0);
}

export type Row = Record<string, unknown>;

/**
 * The rows of one scope, a keyset page at a time (at most `pageSize` rows in memory): each page
 * carries its keyset columns as text (exact, microseconds included) and the next page starts
 * after them.
 */
export async function* pagesOf(
  db: Database,
  s: Source,
  scopeId: string,
  pageSize: number,
  onPage?: (entity: string, rows: number) => void,
): AsyncGenerator<Row[]> {
  const keys = Object.fromEntries(
    s.order.map(([col], i) => [`__k${i}`, sql<string>`${col}::text`.as(`__k${i}`)]),
  );
  let after: string[] | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${sql.join(
          s.order.map(([col]) => sql`${col}`),
          sql`, `,
        )}) > (${sql.join(
          after.map((v, i) => sql`${v}::${sql.raw(s.order[i]![1])}`),
          sql`, `,
        )})`
      : undefined;
    const base = db.select({ ...s.columns, ...keys }).from(s.from);
    const joined = s.join ? base.innerJoin(s.join.table, s.join.on) : base;
    const rows = (await joined
      .where(keyset ? sql`${s.where(scopeId)} and ${keyset}` : s.where(scopeId))
      .orderBy(...s.order.map(([col]) => sql`${col} asc`))
      .limit(pageSize)) as Row[];
    onPage?.(s.entity, rows.length);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = s.order.map((_, i) => String(last[`__k${i}`]));
    for (const r of rows) for (let i = 0; i < s.order.length; i++) delete r[`__k${i}`];
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/** The rows of a source for the account: flat, or per parent (the parents paged likewise). */
export async function* rowsOf(
  db: Database,
  s: Source,
  accountId: string,
  pageSize: number,
  onPage?: (entity: string, rows: number) => void,
): AsyncGenerator<Row[]> {
  if (!s.parent) {
    yield* pagesOf(db, s, accountId, pageSize, onPage);
    return;
  }
  for await (const parents of pagesOf(db, s.parent, accountId, pageSize, onPage)) {
    for (const p of parents) yield* pagesOf(db, s, String(p.id), pageSize, onPage);
  }
}
