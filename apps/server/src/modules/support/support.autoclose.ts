/**
 * Resolved tickets close by themselves after SUPPORT_LIMITS.autoCloseDays of silence
 * (docs/support.md). Like the remediation reminders, every process asks the job queue for a
 * run on a timer, de-duplicated to one an hour; whichever process picks it up closes them.
 */
import { SUPPORT_LIMITS } from '@tenantry/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { supportTickets } from '../../db/schema/support.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import { every } from '../../lib/jobs/periodic.ts';

export const AUTO_CLOSE_QUEUE = 'support.auto-close';
const TICK_MS = 15 * 60_000;

/** Closes the resolved tickets silent since before `now` − autoCloseDays; answers how many. */
export async function closeSilentTickets(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SUPPORT_LIMITS.autoCloseDays * 86_400_000);
  const closed = await db
    .update(supportTickets)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(
      and(
        eq(supportTickets.status, 'resolved'),
        lt(supportTickets.lastMessageAt, before),
        lt(sql`coalesce(${supportTickets.resolvedAt}, ${supportTickets.lastMessageAt})`, before),
      ),
    )
    .returning({ id: supportTickets.id });
  return closed.length;
}

/** Registers the worker and starts this process's timer; the returned function stops it. */
export async function startSupportAutoClose(opts: {
  db: Database;
  jobs: Jobs;
  logger: Logger;
}): Promise<() => void> {
  return every(opts.jobs, opts.logger, {
    queue: AUTO_CLOSE_QUEUE,
    everyMs: TICK_MS,
    singletonSeconds: 3600,
    run: () => closeSilentTickets(opts.db),
    did: 'closed silent resolved support tickets',
  });
}
