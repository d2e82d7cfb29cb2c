import type { TenantSummary } from '@tenantry/shared';
import { t as tr } from '../messages.ts';

/** Today as a UTC day (`YYYY-MM-DD`): the server counts a task overdue from the day after. */
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A tenant's open remediation tasks at a glance: "3 open tasks" (or "No open tasks"), and
 * whether the earliest due date has passed (some are overdue).
 */
export function openTasksView(
  t: Pick<TenantSummary, 'openTasks' | 'nextTaskDue'>,
  now: Date = new Date(),
): { text: string; overdue: boolean } {
  const n = t.openTasks;
  return {
    text: n === 0 ? tr('openTasks.none') : tr('openTasks.count', { n }),
    overdue: n > 0 && t.nextTaskDue !== null && t.nextTaskDue < todayUtc(now),
  };
}

/**
 * A tenant's open assessments at a glance: "2 open" (or "None open"), the nearest due date
 * among them and whether it has passed (one is overdue).
 */
export function openAssessmentsView(
  t: Pick<TenantSummary, 'openAssessments' | 'nextAssessmentDue'>,
  now: Date = new Date(),
): { text: string; due: string | null; overdue: boolean } {
  const n = t.openAssessments;
  const due = n > 0 ? t.nextAssessmentDue : null;
  return {
    text: n === 0 ? tr('openAssessments.none') : tr('openAssessments.count', { n }),
    due,
    overdue: due !== null && due < todayUtc(now),
  };
}
