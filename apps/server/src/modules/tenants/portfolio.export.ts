/**
 * The portfolio as a CSV file (docs/portfolio.md): the view's filters and sort, one row per
 * tenant, a score and a target column per top-level section met among them. Spreadsheet-safe
 * (lib/csv.ts).
 */
import type { PortfolioCsvQuery } from '@tenantry/shared';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { fileNameOf, toCsv } from '../../lib/csv.ts';
import { portfolioColumns, portfolioRows } from './portfolio.service.ts';
import { percent } from './tenants.export.ts';

export async function portfolioCsv(
  db: Database,
  scope: AccountContext,
  query: PortfolioCsvQuery,
): Promise<{ fileName: string; csv: string }> {
  const rows = await portfolioRows(db, scope, query);
  const columns = portfolioColumns(rows);
  const header = [
    'Name',
    'Tags',
    'Framework',
    'Latest score (%)',
    'Completion (%)',
    'Change since baseline (pts)',
    ...columns.flatMap((c) => [`${c.title} (%)`, `${c.title} target (%)`]),
    'Sections below target',
    'Open tasks',
    'Overdue tasks',
    'Open assessments',
    'Next assessment due',
    'Last activity',
  ];
  return {
    fileName: fileNameOf('client portfolio', 'csv'),
    csv: toCsv(
      header,
      rows.map((t) => {
        const byKey = new Map(t.sections.map((s) => [s.key, s]));
        return [
          t.name,
          t.tags.join('; '),
          t.latest?.frameworkName ?? '',
          percent(t.latest?.score),
          percent(t.latest?.completion),
          percent(t.trend),
          ...columns.flatMap((c) => [
            percent(byKey.get(c.key)?.score),
            percent(byKey.get(c.key)?.target),
          ]),
          t.sectionsBelow,
          t.openTasks,
          t.overdueTasks,
          t.openAssessments,
          t.nextAssessmentDue ?? '',
          t.lastActivityAt?.slice(0, 10) ?? '',
        ];
      }),
    ),
  };
}
