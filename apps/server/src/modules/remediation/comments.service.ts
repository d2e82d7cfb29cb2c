/** Comments on a task (docs/remediation.md): at most REMEDIATION_LIMITS.comments, counted on the task. */
import { randomUUID } from 'node:crypto';
import { REMEDIATION_ERROR_CODES, REMEDIATION_LIMITS, type TaskDetail } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remediationComments, remediationTasks } from '../../db/schema/remediation.ts';
import { AppError } from '../../lib/errors.ts';
import { getTask, inTenantTasks, taskNotFound, type Scope } from './task-rows.ts';

export async function addComment(
  db: Database,
  scope: Scope,
  id: string,
  body: string,
): Promise<TaskDetail> {
  await db.transaction(async (tx) => {
    const [task] = await tx
      .update(remediationTasks)
      .set({ commentCount: sql`${remediationTasks.commentCount} + 1`, updatedAt: new Date() })
      .where(inTenantTasks(scope, id))
      .returning({ count: remediationTasks.commentCount });
    if (!task) throw taskNotFound();
    if (task.count > REMEDIATION_LIMITS.comments) {
      throw new AppError(
        REMEDIATION_ERROR_CODES.tooManyComments,
        409,
        `A task keeps at most ${REMEDIATION_LIMITS.comments} comments.`,
      );
    }
    await tx.insert(remediationComments).values({
      id: randomUUID(),
      accountId: scope.accountId,
      tenantId: scope.tenantId,
      taskId: id,
      authorId: scope.userId,
      body,
    });
  });
  return getTask(db, scope, id);
}
