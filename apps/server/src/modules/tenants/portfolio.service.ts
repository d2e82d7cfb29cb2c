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
  PORTFOLIO_LIMITS,
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
import { tenants, tenantSections, type PostureSection } from '../../db/schema/tenants.ts';
import { escapeLike } from '../../lib/like.ts';

type Scope = Pick<AccountContext, 'accountId' | 'onlyTenantId' | 'tenantAccess'>;

const TODAY = sql`(now() at time zone 'UTC')::date`;
const OVERDUE_TASKS = sql`(select count(*) from unnest(${tenants.openTaskDues}) d where d < ${TODAY})::int`;
const LAST_ANSWER = sql`case when ${tenants.openAssessments} > 0 then
  (select max(a.last_answer_at) from ${assessments} a
    where a.account_id = ${tenants.accountId} and a.tenant_id = ${tenants.id}
      and a.status <> 'completed') end`;
const ACTIVITY = sql`greatest(${tenants.lastActivityAt}, ${LAST_ANSWER})`;

/** Below target in section `key` (`tenant_sections`), or in any top-level section. */
function belowTarget(scope: Scope, key: string | undefined): SQL {
  if (!key) return sql`${tenants.sectionsBelow} > 0`;
  return sql`${tenants.id} in (select s.tenant_id from ${tenantSections} s
    where s.account_id = ${scope.accountId} and s.key = ${key} and s.score < s.target)`;
}

/**
 * The earliest of the next assessment due date and the first open task's (the dues are kept
 * in order): "overdue" is this before today, which index tenants_portfolio_overdue_idx serves.
 */
const EARLIEST_DUE = sql`least(coalesce(${tenants.nextAssessmentDue}, 'infinity'::date),
  coalesce(${tenants.openTaskDues}[1], 'infinity'::date))`;

function sortExpr(sort: PortfolioSort): SQL {
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
      // Not an expression of the row: pageIds reads tenant_sections.
      return sql`null::float8`;
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
    query.belowTarget ? belowTarget(scope, query.section) : undefined,
    query.belowTarget === false ? sql`not ${belowTarget(scope, query.section)}` : undefined,
    query.overdue ? sql`${EARLIEST_DUE} < ${TODAY}` : undefined,
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

/**
 * The sorts with an index in one order (migration 0052 and the tenant list's name index):
 * that order, missing values last, is read straight from the index; the other one by
 * pageIds's two walks.
 */
const INDEXED_ORDER: Partial<Record<PortfolioSort, 'asc' | 'desc'>> = {
  name: 'asc',
  score: 'asc',
  trend: 'asc',
  due: 'asc',
  below: 'desc',
  tasks: 'desc',
};

/**
 * The ids of one page with their sort key `k` and lower-case name `n`, in the view's order.
 * By a section: the tenants scored in it from index tenant_sections_score_idx (a walk that
 * stops after offset + limit rows), then those without a score in it by name, each side
 * limited to offset + limit before the two are merged.
 */
function pageIds(
  scope: Scope,
  query: PortfolioCsvQuery,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  order: 'asc' | 'desc',
): SQL {
  const dir = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const idDir = order === 'asc' ? sql`asc` : sql`desc`;
  const upTo = page.offset + page.limit;
  const natural = INDEXED_ORDER[query.sort];
  if (natural && natural !== order) {
    // The flipped order of an indexed sort: a backward walk of its index gives the values in
    // this order but missing ones first, so the values and the missing ones are read apart
    // (each a walk that stops after offset + limit rows) and merged, missing ones last.
    const k = sortExpr(query.sort);
    return sql`select id, k, n from (
        (select ${tenants.id} as id, ${k} as k, lower(${tenants.name}) as n
          from ${tenants}
          where ${where} and ${k} is not null
          order by ${k} ${idDir} nulls first, lower(${tenants.name}) ${idDir},
            ${tenants.id} ${idDir}
          limit ${upTo})
        union all
        (select ${tenants.id}, ${k}, lower(${tenants.name})
          from ${tenants}
          where ${where} and ${k} is null
          order by lower(${tenants.name}) ${idDir}, ${tenants.id} ${idDir}
          limit ${upTo})
      ) u
      order by k ${dir}, n ${idDir}, id ${idDir}
      limit ${page.limit} offset ${page.offset}`;
  }
  if (query.sort !== 'section' || !query.section) {
    return sql`select ${tenants.id} as id, ${sortExpr(query.sort)} as k,
        lower(${tenants.name}) as n
      from ${tenants}
      where ${where}
      order by k ${dir}, n ${idDir}, id ${idDir}
      limit ${page.limit} offset ${page.offset}`;
  }
  return sql`select id, k, n from (
      (select ${tenants.id} as id, s.score as k, lower(${tenants.name}) as n
        from ${tenantSections} s join ${tenants} on ${tenants.id} = s.tenant_id
        where s.account_id = ${scope.accountId} and s.key = ${query.section} and ${where}
        order by s.score ${idDir}, lower(${tenants.name}) ${idDir}, ${tenants.id} ${idDir}
        limit ${upTo})
      union all
      (select ${tenants.id}, null::float8, lower(${tenants.name})
        from ${tenants}
        where ${where} and not exists (select 1 from ${tenantSections} s
          where s.tenant_id = ${tenants.id} and s.account_id = ${scope.accountId}
            and s.key = ${query.section})
        order by lower(${tenants.name}) ${idDir}, ${tenants.id} ${idDir}
        limit ${upTo})
    ) u
    order by k ${dir}, n ${idDir}, id ${idDir}
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * The rows of the view, sorted (missing values last), `limit` from `offset`, and for a page
 * (`forPage`: not the CSV) how many match and the framework filter's choices. One statement in
 * two steps, so its cost does not grow with the width of the rows: the page's ids are picked
 * from the sort key alone (an index walk that stops after offset + limit rows for the indexed
 * sorts, migration 0052), the count stops PORTFOLIO_LIMITS.countAhead tenants past the page,
 * and only the page's rows are read whole.
 */
async function readRows(
  db: Database,
  scope: Scope,
  query: PortfolioCsvQuery,
  page: { limit: number; offset: number },
  forPage = false,
): Promise<{ rows: PortfolioRow[]; total: number; more: boolean; frameworks: FrameworkChoice[] }> {
  const order = query.order ?? defaultPortfolioOrder(query.sort);
  const dir = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const idDir = order === 'asc' ? sql`asc` : sql`desc`;
  const where = viewWhere(scope, query);
  const choices = forPage ? frameworkChoices(scope) : null;
  // The page's count stops countAhead tenants past its end (a walk that stops, not a scan of
  // every match); the CSV counts nothing.
  const bound = page.offset + page.limit + PORTFOLIO_LIMITS.countAhead;
  const raw = await queryRows<
    (Raw | (Partial<Raw> & { id: null; total: number | string })) & {
      frameworks?: FrameworkChoice[];
    }
  >(
    db,
    sql`with ${choices ? sql`recursive ${choices.cte}, ` : sql``}ids as materialized (${pageIds(scope, query, where, page, order)}), matching as (${
      forPage
        ? sql`select count(*) as total from (
              select 1 from ${tenants} where ${where} limit ${bound + 1}) m`
        : sql`select 0 as total`
    })
      select ${tenants.id} as id, ${tenants.name} as name, ${tenants.tags} as tags,
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
        coalesce(${EARLIEST_DUE} < ${TODAY}, false) as overdue,
        ${ACTIVITY} as activity,
        matching.total${
          // Once, on the first row: not 50 copies of the same JSON.
          choices
            ? sql`, case when row_number() over (
                  order by ids.k ${dir}, ids.n ${idDir}, ids.id ${idDir}) = 1
                then ${choices.json} end as frameworks`
            : sql``
        }
      from matching
      left join (ids join ${tenants} on ${tenants.id} = ids.id) on true
      order by ids.k ${dir}, ids.n ${idDir}, ids.id ${idDir}`,
    { prepared: true },
  );
  const rows = raw.filter((r): r is Raw => r.id !== null);
  const counted = raw.length ? Number(raw[0]!.total) : 0;
  return {
    rows: rows.map(toRow),
    total: Math.min(counted, bound),
    more: counted > bound,
    frameworks: raw[0]?.frameworks ?? [],
  };
}

/** The section columns of some rows, in order of first appearance (the CSV's columns). */
export function portfolioColumns(rows: PortfolioRow[]): PortfolioPage['columns'] {
  const seen = new Map<string, string>();
  for (const r of rows) for (const s of r.sections) if (!seen.has(s.key)) seen.set(s.key, s.title);
  return [...seen].map(([key, title]) => ({ key, title }));
}

interface FrameworkChoice {
  id: string;
  name: string;
  tenants: number | string;
  sections: PostureSection[] | null;
}

/** A framework's tenants are counted up to this many (which framework most use, flat). */
const FRAMEWORK_COUNT_LIMIT = 1_000;

/**
 * The frameworks of the latest assessments among the caller's active tenants (the filter's
 * choices), with how many tenants each (up to FRAMEWORK_COUNT_LIMIT), read by a loose scan of index
 * tenants_portfolio_framework_idx (one probe per framework, not one row per tenant), and the
 * top-level sections one of those tenants keeps (never the framework's document): a recursive
 * CTE `fw` and the JSON array of the choices, for the page's statement (one round trip).
 */
function frameworkChoices(scope: Scope): { cte: SQL; json: SQL } {
  const mine = and(
    sql`${tenants.accountId} = ${scope.accountId}`,
    tenantAccessWhere(scope),
    sql`${tenants.archivedAt} is null and ${tenants.latestFrameworkId} is not null`,
  );
  const cte = sql`fw(id) as (
      (select ${tenants.latestFrameworkId} from ${tenants} where ${mine} order by 1 limit 1)
      union all
      select (select ${tenants.latestFrameworkId} from ${tenants}
          where ${mine} and ${tenants.latestFrameworkId} > fw.id order by 1 limit 1)
      from fw where fw.id is not null
    )`;
  const json = sql`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name,
        'tenants', c.tenants, 'sections', c.sections) order by c.name, c.id), '[]'::json)
      from (
        select fw.id, x.name, x.sections, (
            select count(*) from (
              select 1 from ${tenants}
              where ${mine} and ${tenants.latestFrameworkId} = fw.id
              limit ${FRAMEWORK_COUNT_LIMIT}) n
          ) as tenants
        from fw cross join lateral (
          select ${tenants.latestFrameworkName} as name, ${tenants.latestSections} as sections
          from ${tenants} where ${mine} and ${tenants.latestFrameworkId} = fw.id
          order by ${tenants.latestFrameworkName} desc limit 1
        ) x
        where fw.id is not null
      ) c)`;
  return { cte, json };
}

/**
 * The section columns of the whole result, not of one page: the top-level sections of the
 * filter's framework, else of the framework most of the caller's tenants were last assessed
 * with (counted up to FRAMEWORK_COUNT_LIMIT each: past it, the first by name), rows of another
 * framework showing their scores in the sections they share by key. Without any framework, the
 * page's own sections.
 */
function resultColumns(
  fws: FrameworkChoice[],
  framework: string | undefined,
  rows: PortfolioRow[],
): PortfolioPage['columns'] {
  const chosen = framework
    ? fws.find((f) => f.id === framework)
    : [...fws].sort((a, b) => Number(b.tenants) - Number(a.tenants))[0];
  return chosen?.sections?.length
    ? chosen.sections.map(({ key, title }) => ({ key, title }))
    : portfolioColumns(rows);
}

export async function portfolioPage(
  db: Database,
  scope: Scope,
  query: PortfolioQuery,
): Promise<PortfolioPage> {
  const { rows, total, more, frameworks: fws } = await readRows(db, scope, query, query, true);
  return {
    tenants: rows,
    total,
    more,
    columns: resultColumns(fws, query.framework, rows),
    frameworks: fws.map(({ id, name }) => ({ id, name })),
  };
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
