/**
 * The portfolio (docs/portfolio.md): one page of the account's active client tenants with
 * the posture each keeps on write (tenants.latest_*, latest_sections, baseline_delta,
 * open_task_dues…: assessments.rollup.ts, remediation.rollup.ts), sorted and filtered in one
 * statement scoped by account_id and the caller's client-tenant access. Nothing is aggregated
 * across assessments, answers or tasks: "overdue" is counted from each row's own due dates,
 * and the last answer of an open assessment is one index lookup per row.
 */
import {
  defaultPortfolioOrder,
  type PortfolioCsvQuery,
  type PortfolioPage,
  type PortfolioQuery,
  type PortfolioRow,
  type PortfolioSort,
} from '@tenantry/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import { tenantAccessWhere } from '../../auth/tenant-access.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { tenants, type PostureSection } from '../../db/schema/tenants.ts';
import { escapeLike } from '../../lib/like.ts';

type Scope = Pick<AccountContext, 'accountId' | 'onlyTenantId' | 'tenantAccess'>;

const TODAY = sql`(now() at time zone 'UTC')::date`;
const OVERDUE_TASKS = sql`(select count(*) from unnest(${tenants.openTaskDues}) d where d < ${TODAY})::int`;
const LAST_ANSWER = sql`(select max(a.last_answer_at) from ${assessments} a
  where a.account_id = ${tenants.accountId} and a.tenant_id = ${tenants.id}
    and a.status <> 'completed')`;
const ACTIVITY = sql`greatest(${tenants.lastActivityAt}, ${LAST_ANSWER})`;

/** A top-level section's score in the row's kept sections (null: none or not scored). */
function sectionScore(key: string): SQL {
  return sql`(select case when jsonb_typeof(e->'score') = 'number' then (e->>'score')::float8 end
    from jsonb_array_elements(${tenants.latestSections}) e where e->>'key' = ${key} limit 1)`;
}

/** Below target in section `key` (or in any top-level section). */
function belowTarget(key: string | undefined): SQL {
  if (!key) return sql`${tenants.sectionsBelow} > 0`;
  return sql`exists (select 1 from jsonb_array_elements(${tenants.latestSections}) e
    where e->>'key' = ${key} and jsonb_typeof(e->'score') = 'number'
      and jsonb_typeof(e->'target') = 'number'
      and (e->>'score')::float8 < (e->>'target')::float8)`;
}

function sortExpr(sort: PortfolioSort, section: string | undefined): SQL {
  switch (sort) {
    case 'name':
      return sql`lower(${tenants.name})`;
    case 'score':
      return sql`${tenants.latestScore}`;
    case 'completion':
      return sql`${tenants.latestCompletion}`;
    case 'trend':
      return sql`${tenants.baselineDelta}`;
    case 'below':
      return sql`${tenants.sectionsBelow}`;
    case 'tasks':
      return sql`${tenants.openTasks}`;
    case 'overdue':
      return OVERDUE_TASKS;
    case 'due':
      return sql`${tenants.nextAssessmentDue}`;
    case 'activity':
      return ACTIVITY;
    case 'section':
      return sectionScore(section ?? '');
  }
}

function viewWhere(scope: Scope, query: PortfolioCsvQuery): SQL | undefined {
  const q = query.q?.toLowerCase();
  return and(
    sql`${tenants.accountId} = ${scope.accountId}`,
    tenantAccessWhere(scope),
    sql`${tenants.archivedAt} is null`,
    q
      ? sql`(lower(${tenants.name}) like ${`%${escapeLike(q)}%`} escape '\\' or ${tenants.tags} @> array[${q}]::text[])`
      : undefined,
    query.tag ? sql`${tenants.tags} @> array[${query.tag}]::text[]` : undefined,
    query.framework ? sql`${tenants.latestFrameworkId} = ${query.framework}` : undefined,
    query.belowTarget ? belowTarget(query.section) : undefined,
    query.belowTarget === false ? sql`not ${belowTarget(query.section)}` : undefined,
    query.overdue
      ? sql`(${tenants.nextAssessmentDue} < ${TODAY} or ${tenants.openTaskDues}[1] < ${TODAY})`
      : undefined,
  );
}

interface Raw {
  id: string;
  name: string;
  tags: string[];
  latest_assessment_id: string | null;
  latest_framework_id: string | null;
  latest_framework_name: string | null;
  latest_score: number | null;
  latest_completion: number | null;
  latest_completed_at: string | Date | null;
  baseline_delta: number | null;
  latest_sections: PostureSection[];
  sections_below: number;
  open_tasks: number;
  overdue_tasks: number;
  open_assessments: number;
  next_assessment_due: string | null;
  next_task_due: string | null;
  overdue: boolean;
  activity: string | Date | null;
  total: number | string;
}

const isoOf = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: number | string | null) => (v === null ? null : Number(v));

function toRow(r: Raw): PortfolioRow {
  return {
    id: r.id,
    name: r.name,
    tags: r.tags,
    latest:
      r.latest_assessment_id && r.latest_completed_at && r.latest_framework_id
        ? {
            assessmentId: r.latest_assessment_id,
            frameworkId: r.latest_framework_id,
            frameworkName: r.latest_framework_name ?? '',
            score: num(r.latest_score),
            completion: num(r.latest_completion),
            completedAt: isoOf(r.latest_completed_at)!,
          }
        : null,
    trend: num(r.baseline_delta),
    sections: r.latest_sections.map(({ key, title, score, target }) => ({
      key,
      title,
      score,
      target,
    })),
    sectionsBelow: Number(r.sections_below),
    openTasks: Number(r.open_tasks),
    overdueTasks: Number(r.overdue_tasks),
    openAssessments: Number(r.open_assessments),
    nextAssessmentDue: r.next_assessment_due,
    nextTaskDue: r.next_task_due,
    overdue: r.overdue,
    lastActivityAt: isoOf(r.activity),
  };
}

/** The rows of the view, sorted (missing values last), `limit` from `offset`. */
async function readRows(
  db: Database,
  scope: Scope,
  query: PortfolioCsvQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: PortfolioRow[]; total: number }> {
  const order = query.order ?? defaultPortfolioOrder(query.sort);
  const dir = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const idDir = order === 'asc' ? sql`asc` : sql`desc`;
  const raw = await queryRows<Raw>(
    db,
    sql`select ${tenants.id} as id, ${tenants.name} as name, ${tenants.tags} as tags,
        ${tenants.latestAssessmentId} as latest_assessment_id,
        ${tenants.latestFrameworkId} as latest_framework_id,
        ${tenants.latestFrameworkName} as latest_framework_name,
        ${tenants.latestScore} as latest_score, ${tenants.latestCompletion} as latest_completion,
        ${tenants.latestCompletedAt} as latest_completed_at,
        ${tenants.baselineDelta} as baseline_delta, ${tenants.latestSections} as latest_sections,
        ${tenants.sectionsBelow} as sections_below, ${tenants.openTasks} as open_tasks,
        ${OVERDUE_TASKS} as overdue_tasks, ${tenants.openAssessments} as open_assessments,
        to_char(${tenants.nextAssessmentDue}, 'YYYY-MM-DD') as next_assessment_due,
        to_char(${tenants.nextTaskDue}, 'YYYY-MM-DD') as next_task_due,
        coalesce(${tenants.nextAssessmentDue} < ${TODAY} or ${tenants.openTaskDues}[1] < ${TODAY},
          false) as overdue,
        ${ACTIVITY} as activity,
        count(*) over () as total
      from ${tenants}
      where ${viewWhere(scope, query)}
      order by ${sortExpr(query.sort, query.section)} ${dir}, lower(${tenants.name}) ${idDir},
        ${tenants.id} ${idDir}
      limit ${page.limit} offset ${page.offset}`,
    { prepared: true },
  );
  return { rows: raw.map(toRow), total: raw.length ? Number(raw[0]!.total) : 0 };
}

/** The section columns of some rows, in order of first appearance. */
export function portfolioColumns(rows: PortfolioRow[]): PortfolioPage['columns'] {
  const seen = new Map<string, string>();
  for (const r of rows) for (const s of r.sections) if (!seen.has(s.key)) seen.set(s.key, s.title);
  return [...seen].map(([key, title]) => ({ key, title }));
}

/** The frameworks of the latest assessments among the caller's tenants (the filter's choices). */
async function portfolioFrameworks(db: Database, scope: Scope) {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select ${tenants.latestFrameworkId} as id, max(${tenants.latestFrameworkName}) as name
      from ${tenants}
      where ${and(
        sql`${tenants.accountId} = ${scope.accountId}`,
        tenantAccessWhere(scope),
        sql`${tenants.archivedAt} is null and ${tenants.latestFrameworkId} is not null`,
      )}
      group by 1 order by 2`,
    { prepared: true },
  );
  return rows;
}

export async function portfolioPage(
  db: Database,
  scope: Scope,
  query: PortfolioQuery,
): Promise<PortfolioPage> {
  const [{ rows, total }, frameworks] = await Promise.all([
    readRows(db, scope, query, query),
    portfolioFrameworks(db, scope),
  ]);
  return { tenants: rows, total, columns: portfolioColumns(rows), frameworks };
}

/** Every row of the view (the CSV export), in the view's order. */
export async function portfolioRows(
  db: Database,
  scope: Scope,
  query: PortfolioCsvQuery,
): Promise<PortfolioRow[]> {
  const { rows } = await readRows(db, scope, query, { limit: 100_000, offset: 0 });
  return rows;
}
