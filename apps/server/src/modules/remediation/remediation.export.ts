/** The CSV export of a client tenant's remediation tasks (spreadsheet-safe: lib/csv.ts). */
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '@tenantry/shared';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { fileNameOf, toCsv } from '../../lib/csv.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import { allTasks } from './tasks.service.ts';

const HEADER = [
  'Title',
  'Status',
  'Priority',
  'Assignee',
  'Due date',
  'Overdue',
  'Question',
  'Question title',
  'Assessment',
  'Playbook',
  'Checklist done',
  'Checklist items',
  'Risk reason',
  'Risk review date',
  'Comments',
  'Created',
  'Done',
] as const;

export async function tasksCsv(
  db: Database,
  scope: TenantContext,
): Promise<{ fileName: string; csv: string }> {
  const tenant = await assertTenant(db, scope);
  const tasks = await allTasks(db, scope);
  return {
    fileName: fileNameOf(`${tenant.name} remediation tasks`, 'csv'),
    csv: toCsv(
      HEADER,
      tasks.map((t) => [
        t.title,
        TASK_STATUS_LABELS[t.status],
        TASK_PRIORITY_LABELS[t.priority],
        t.assignee?.name ?? '',
        t.dueDate ?? '',
        t.overdue ? 'yes' : 'no',
        t.source?.questionKey ?? '',
        t.source?.questionTitle ?? '',
        t.source?.assessmentName ?? '',
        t.playbook?.title ?? '',
        t.checklist.filter((i) => i.done).length,
        t.checklist.length,
        t.riskReason ?? '',
        t.riskReviewDate ?? '',
        t.commentCount,
        t.createdAt,
        t.doneAt ?? '',
      ]),
    ),
  };
}
