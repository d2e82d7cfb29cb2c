/**
 * Reminder e-mails of remediation tasks (docs/remediation.md, "Reminders"): every assignee with
 * open tasks that are overdue or due within REMEDIATION_LIMITS.dueSoonDays gets at most one
 * e-mail a day (UTC), listing them with links.
 *
 * Stateless across server processes: every process asks the job queue for a `remediation.
 * reminders` run on a timer, de-duplicated to one job per hour by pg-boss; whichever process
 * picks it up sends. The "one a day" is a row per person and day in `remediation_reminders`,
 * inserted before the e-mail is queued (a second run the same day inserts nothing and sends
 * nothing); if queueing fails, the row is removed so that a later run tries again.
 */
import { membershipReaches } from '../../auth/tenant-access.ts';
import { REMEDIATION_LIMITS } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/auth.ts';
import {
  OPEN_TASK_STATUS_SQL,
  remediationReminders,
  remediationTasks,
} from '../../db/schema/remediation.ts';
import { tenants } from '../../db/schema/tenants.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import type { MailMessage, MailSender } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';
import { today } from './task-rows.ts';
import { every } from '../../lib/jobs/periodic.ts';

export const REMINDERS_QUEUE = 'remediation.reminders';
/** E-mails go out from this hour of the UTC day on (not at midnight). */
export const REMINDER_HOUR_UTC = 7;
/** How often each process asks for a run (the queue keeps one per hour). */
const TICK_MS = 15 * 60_000;
/** Most tasks one e-mail lists (the rest are counted). */
const LISTED = 20;

interface DueTask {
  id: string;
  title: string;
  due: string;
  tenant_id: string;
  tenant_name: string;
  account_name: string;
  user_id: string;
  email: string;
  name: string;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function reminderEmail(
  to: { email: string; name: string },
  tasks: DueTask[],
  day: string,
  publicUrl: string,
): MailMessage {
  const overdue = tasks.filter((t) => t.due < day).length;
  const subject =
    overdue > 0
      ? `${tasks.length} remediation task${tasks.length === 1 ? '' : 's'} need you: ${overdue} overdue`
      : `${tasks.length} remediation task${tasks.length === 1 ? ' is' : 's are'} due soon`;
  const line = (t: DueTask) =>
    `• ${t.title} (${t.tenant_name}, ${t.account_name}): ${
      t.due < day ? `overdue since ${t.due}` : t.due === day ? 'due today' : `due ${t.due}`
    }. ${publicUrl}/tenant/${encodeURIComponent(t.tenant_id)}/remediation?task=${encodeURIComponent(t.id)}`;
  return layout(
    to.email,
    subject,
    [
      `Hello ${to.name},`,
      'These remediation tasks assigned to you are overdue or due within the next days:',
      ...tasks.slice(0, LISTED).map(line),
      ...(tasks.length > LISTED ? [`… and ${tasks.length - LISTED} more.`] : []),
      'You get at most one of these e-mails a day, only while you have tasks due.',
    ],
    { url: `${publicUrl}/home`, label: 'Open Tenantry' },
  );
}

/**
 * Sends today's reminders that have not gone out yet; answers how many people were e-mailed.
 * Before REMINDER_HOUR_UTC nothing is sent.
 */
export async function sendDueReminders(
  db: Database,
  mailer: MailSender,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  if (now.getUTCHours() < REMINDER_HOUR_UTC) return 0;
  const day = today(now);
  const until = addDays(day, REMEDIATION_LIMITS.dueSoonDays);
  // Open tasks due by then, assigned to someone still a member of the task's account, on an
  // active tenant, whose reminder of today has not gone out.
  const rows = await queryRows<DueTask>(
    db,
    sql`select rt.id, rt.title, to_char(rt.due_date, 'YYYY-MM-DD') as due, rt.tenant_id,
        t.name as tenant_name, a.name as account_name, u.id as user_id, u.email,
        coalesce(nullif(u.name, ''), u.email) as name
      from ${remediationTasks} rt
      join ${tenants} t on t.id = rt.tenant_id and t.account_id = rt.account_id
      join ${accounts} a on a.id = rt.account_id
      join ${memberships} m on m.account_id = rt.account_id and m.user_id = rt.assignee_id
      join ${users} u on u.id = rt.assignee_id
      where rt.status in (${OPEN_TASK_STATUS_SQL}) and rt.due_date is not null and rt.due_date <= ${until}::date
        and t.archived_at is null and ${membershipReaches('m', 't')}
        and not exists (select 1 from ${remediationReminders} r
          where r.user_id = rt.assignee_id and r.day = ${day}::date)
      order by u.id, rt.due_date, rt.id`,
  );
  const byPerson = new Map<string, DueTask[]>();
  for (const r of rows) byPerson.set(r.user_id, [...(byPerson.get(r.user_id) ?? []), r]);
  let sent = 0;
  for (const [userId, tasks] of byPerson) {
    const claimed = await db
      .insert(remediationReminders)
      .values({ userId, day, tasks: tasks.length })
      .onConflictDoNothing()
      .returning({ userId: remediationReminders.userId });
    if (!claimed.length) continue; // another process sent it meanwhile
    try {
      await mailer.send(reminderEmail(tasks[0]!, tasks, day, publicUrl));
      sent += 1;
    } catch (err) {
      await db
        .delete(remediationReminders)
        .where(and(eq(remediationReminders.userId, userId), eq(remediationReminders.day, day)));
      throw err;
    }
  }
  return sent;
}

/**
 * Registers the worker and starts this process's timer; the returned function stops the timer.
 * Every process runs one: the queue keeps at most one run per hour, whoever asks.
 */
export async function startReminders(opts: {
  db: Database;
  jobs: Jobs;
  mailer: MailSender;
  publicUrl: string;
  logger: Logger;
}): Promise<() => void> {
  const { db, mailer, publicUrl } = opts;
  return every(opts.jobs, opts.logger, {
    queue: REMINDERS_QUEUE,
    everyMs: TICK_MS,
    singletonSeconds: 3600,
    run: (now) => sendDueReminders(db, mailer, publicUrl, now),
    did: 'sent remediation reminders',
  });
}
