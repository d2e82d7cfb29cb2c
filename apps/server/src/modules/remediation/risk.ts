/**
 * The columns a task's status change sets: `done_at` when it becomes done, and the risk
 * acceptance kept in step — accepting a risk needs a reason and a date to review it again, and
 * any other status clears both (docs/remediation.md).
 */
import { REMEDIATION_ERROR_CODES, type TaskStatus } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { remediationTasks } from '../../db/schema/remediation.ts';
import { validation } from './task-rows.ts';

const riskNeeded = (fields: Record<string, string>) =>
  validation(
    REMEDIATION_ERROR_CODES.riskReasonRequired,
    'Accepting a risk needs a reason and a date to review it again.',
    fields,
  );

/** The columns a status change sets (done_at when it becomes done; risk fields kept in step). */
export function statusColumns(
  status: TaskStatus,
  risk: { riskReason?: string | null | undefined; riskReviewDate?: string | null | undefined },
): Partial<typeof remediationTasks.$inferInsert> {
  const cols: Partial<typeof remediationTasks.$inferInsert> = {
    status,
    doneAt:
      status === 'done'
        ? (sql`coalesce(${remediationTasks.doneAt}, now())` as unknown as Date)
        : null,
  };
  if (status === 'risk_accepted') {
    const missing: Record<string, string> = {};
    if (!risk.riskReason) missing.riskReason = 'Say why the risk is accepted.';
    if (!risk.riskReviewDate) missing.riskReviewDate = 'Pick a date to review it again.';
    if (Object.keys(missing).length) throw riskNeeded(missing);
    cols.riskReason = risk.riskReason!;
    cols.riskReviewDate = risk.riskReviewDate!;
  } else {
    cols.riskReason = null;
    cols.riskReviewDate = null;
  }
  return cols;
}
