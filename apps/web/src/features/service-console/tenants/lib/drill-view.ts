/**
 * The service console's tenants drill-down (docs/service-console.md): its URLs and what a path
 * shows. `/service/tenants/{accountId}` lists the account's client tenants;
 * `…/{tenantId}` is one tenant's overview; `…/{tenantId}/{focus}` is a tab (`overview`,
 * `assessments`, `baseline`, `remediation`) or, for anything else, an assessment by its id.
 * Within a tab the search params say the rest: `?task=` a task of the remediation tab,
 * `?at=` a section or question of the baseline, `?q=` a question of an assessment.
 */

export const DRILL_TABS = ['overview', 'assessments', 'baseline', 'remediation'] as const;
export type DrillTab = (typeof DRILL_TABS)[number];

const isTab = (s: string): s is DrillTab => (DRILL_TABS as readonly string[]).includes(s);

/** The tab a focus shows, and the assessment it names (a focus that is no tab). */
export function resolveDrillFocus(focus: string | undefined): {
  tab: DrillTab;
  assessmentId: string | null;
} {
  if (!focus) return { tab: 'overview', assessmentId: null };
  if (isTab(focus)) return { tab: focus, assessmentId: null };
  return { tab: 'assessments', assessmentId: focus };
}

const seg = encodeURIComponent;
const withQuery = (path: string, params: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

/** Every URL of the drill-down, for one account. */
export function drillHrefs(accountId: string) {
  const account = `/service/tenants/${seg(accountId)}`;
  const tenant = (tenantId: string) => `${account}/${seg(tenantId)}`;
  return {
    /** The account's page in the accounts tab. */
    accountPage: `/service/accounts/${seg(accountId)}`,
    /** The account's client tenants. */
    tenants: account,
    tenant,
    tab: (tenantId: string, tab: DrillTab) =>
      tab === 'overview' ? tenant(tenantId) : `${tenant(tenantId)}/${tab}`,
    assessment: (tenantId: string, assessmentId: string, questionKey?: string) =>
      withQuery(`${tenant(tenantId)}/${seg(assessmentId)}`, { q: questionKey }),
    task: (tenantId: string, taskId: string) =>
      withQuery(`${tenant(tenantId)}/remediation`, { task: taskId }),
    baselineAt: (tenantId: string, key: string | undefined, compare: string | undefined) =>
      withQuery(`${tenant(tenantId)}/baseline`, { compare, at: key }),
  };
}
export type DrillHrefs = ReturnType<typeof drillHrefs>;
