/** A task's checklist: ticking its items (docs/remediation.md, "Checklist"). */
import { REMEDIATION_ERROR_CODES, type TaskDetail } from '@tenantry/shared';
import { and, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remediationTasks } from '../../db/schema/remediation.ts';
import { AppError } from '../../lib/errors.ts';
import { getTask, inTenantTasks, readTask, type Scope } from './task-rows.ts';

/** Ticks or unticks one checklist item, leaving the others as they are now (no read-merge-write). */
export async function setChecklistItem(
  db: Database,
  scope: Scope,
  id: string,
  itemId: string,
  done: boolean,
): Promise<TaskDetail> {
  const updated = await db
    .update(remediationTasks)
    .set({
      checklist: sql`(select coalesce(jsonb_agg(case when e->>'id' = ${itemId}
          then jsonb_set(e, '{done}', to_jsonb(${done}::boolean)) else e end order by n), '[]'::jsonb)
        from jsonb_array_elements(${remediationTasks.checklist}) with ordinality as x(e, n))`,
      updatedAt: new Date(),
    })
    .where(
      and(
        inTenantTasks(scope, id),
        sql`${remediationTasks.checklist} @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
      ),
    )
    .returning({ id: remediationTasks.id });
  if (!updated.length) {
    await readTask(db, scope, id);
    throw new AppError(
      REMEDIATION_ERROR_CODES.checklistItemNotFound,
      404,
      'There is no such item on the task’s checklist.',
    );
  }
  return getTask(db, scope, id);
}
