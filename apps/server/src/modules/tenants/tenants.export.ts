/**
 * The account's client tenants as a CSV file (docs/dashboard.md, "Exports"): the list's
 * filters and sort, with what each tenant keeps of its assessments and tasks (no aggregation
 * on read). Read page by page through the list's own keyset paging. Spreadsheet-safe
 * (lib/csv.ts).
 */
import { TENANT_LIMITS, type TenantCsvQuery, type TenantSummary } from '@tenantry/shared';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { fileNameOf, toCsv } from '../../lib/csv.ts';
import { listTenants } from './tenants.service.ts';

const HEADER = [
  'Name',
  'Industry',
  'Size',
  'Tags',
  'Status',
  'Latest score (%)',
  'Gap questions',
  'Latest completed',
  'Open assessments',
  'Next assessment due',
  'Open tasks',
  'Next task due',
  'Created',
] as const;

export const percent = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : Math.round(score * 100);

export async function tenantsCsv(
  db: Database,
  scope: AccountContext,
  query: TenantCsvQuery,
): Promise<{ fileName: string; csv: string }> {
  const all: TenantSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTenants(db, scope, { ...query, limit: TENANT_LIMITS.pageMax, cursor });
    all.push(...page.tenants);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return {
    fileName: fileNameOf(`client tenants ${query.status}`, 'csv'),
    csv: toCsv(
      HEADER,
      all.map((t) => [
        t.name,
        t.industry ?? '',
        t.size ?? '',
        t.tags.join('; '),
        t.archivedAt ? 'archived' : 'active',
        percent(t.latest?.score),
        t.latest?.gaps ?? '',
        t.latest?.completedAt.slice(0, 10) ?? '',
        t.openAssessments,
        t.nextAssessmentDue ?? '',
        t.openTasks,
        t.nextTaskDue ?? '',
        t.createdAt.slice(0, 10),
      ]),
    ),
  };
}
