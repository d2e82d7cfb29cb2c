/**
 * The runs of the schedules (docs/scheduling.md): every hour, as of `now`, each active schedule
 * whose next period's creation day has come creates that period's assessment for each of its
 * client tenants — the next one from the tenant's last completed assessment on the framework
 * (assessments/next), or a first one from scratch when there is none — then moves on to the
 * following period.
 *
 * Exactly once: the run row (schedule, tenant, period) is unique and claimed in the
 * transaction that creates the assessment. A second server running the same period at the same
 * time waits on the claim and, once the first commits, finds the row and creates nothing; a
 * retry of a period already created does the same. A failed attempt rolls back (nothing is
 * half-made), is recorded on its run row (`failed`, the error, the attempts) and is tried again
 * on the next run while the schedule is active. The e-mails go out after the commit.
 */
import { randomUUID } from 'node:crypto';
import {
  occurrenceAfter,
  SCHEDULE_CADENCE_LABELS,
  utcDay,
  type ScheduleCadence,
} from '@tenantry/shared';
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { frameworks } from '../../db/schema/content.ts';
import { assessmentSchedules, scheduleRuns } from '../../db/schema/schedules.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { AppError } from '../../lib/errors.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import { every } from '../../lib/jobs/periodic.ts';
import type { MailContext, MailSender } from '../../lib/mail/index.ts';
import {
  createFirstAssessment,
  createNextAssessment,
  sendNextAssessmentMails,
  type NextCreated,
} from '../assessments/next/next.service.ts';
import type { ScheduleRow } from './schedule-rows.ts';

export const SCHEDULES_QUEUE = 'schedules.run';
/** How often each process asks for a run (the queue keeps one per hour). */
const TICK_MS = 15 * 60_000;
/** Periods one schedule catches up in one run at most (a server down for long). */
const CATCH_UP = 12;
const ERROR_MAX = 1_000;

export interface RunResult {
  created: number;
  failed: number;
  skipped: number;
}

/** What a run row says of an error: the message of an error of ours, else a generic line. */
function describe(err: unknown): string {
  if (err instanceof AppError) return err.message.slice(0, ERROR_MAX);
  return 'Something went wrong while creating the assessment; it is tried again on the next run.';
}

/** The client tenants of a schedule now: its tenant, or those carrying its tag (active ones). */
async function tenantsOf(db: Database, s: ScheduleRow): Promise<string[]> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        eq(tenants.accountId, s.accountId),
        isNull(tenants.archivedAt),
        s.tenantId ? eq(tenants.id, s.tenantId) : sql`${s.tag} = any(${tenants.tags})`,
      ),
    )
    .orderBy(tenants.id);
  return rows.map((r) => r.id);
}

/** Who a schedule's run acts as: no user; the audit log names the schedule. */
async function runScope(db: Database, s: ScheduleRow, tenantId: string) {
  const [fw] = await db
    .select({ name: frameworks.name })
    .from(frameworks)
    .where(eq(frameworks.id, s.frameworkId));
  const label = `Schedule (${SCHEDULE_CADENCE_LABELS[s.cadence as ScheduleCadence].toLowerCase()}, ${fw?.name ?? 'framework'})`;
  return { accountId: s.accountId, tenantId, userId: null, email: label, name: label };
}

/** The name the respondents' e-mails give as the sender: the owner, else the account. */
async function senderName(db: Database, s: ScheduleRow): Promise<string> {
  const [row] = await db
    .select({
      owner: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
      account: accounts.name,
    })
    .from(accounts)
    .leftJoin(users, eq(users.id, sql`${s.ownerId}`))
    .where(eq(accounts.id, s.accountId));
  return row?.owner ?? row?.account ?? 'Tenantry';
}

/**
 * One period of one schedule for one tenant: claims the run and creates the assessment in one
 * transaction. 'created', 'skipped' (created before, by this or another server) or 'failed'.
 */
export async function runOne(
  db: Database,
  mail: MailContext,
  s: ScheduleRow,
  tenantId: string,
  period: string,
  now: Date,
): Promise<'created' | 'skipped' | 'failed'> {
  const scope = await runScope(db, s, tenantId);
  let created: NextCreated | null;
  try {
    created = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(scheduleRuns)
        .values({
          id: randomUUID(),
          accountId: s.accountId,
          scheduleId: s.id,
          tenantId,
          period,
          status: 'created',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [scheduleRuns.scheduleId, scheduleRuns.tenantId, scheduleRuns.period],
          set: { status: 'created', error: null, updatedAt: now },
          setWhere: eq(scheduleRuns.status, 'failed'),
        })
        .returning({ id: scheduleRuns.id });
      if (!claimed.length) return null;
      const [prev] = await tx
        .select({ id: assessments.id })
        .from(assessments)
        .where(
          and(
            eq(assessments.accountId, s.accountId),
            eq(assessments.tenantId, tenantId),
            eq(assessments.frameworkId, s.frameworkId),
            eq(assessments.status, 'completed'),
          ),
        )
        .orderBy(desc(assessments.completedAt), desc(assessments.id))
        .limit(1);
      const opts = {
        dueDate: period,
        useNewestVersion: s.useNewestVersion,
        reinviteRespondents: s.reinviteRespondents,
        scope: s.scope,
        targets: s.targets,
        schedule: { id: s.id, cadence: s.cadence },
        now,
      };
      const made = prev
        ? await createNextAssessment(tx, scope, prev.id, { ...opts, ownerId: s.ownerId })
        : await createFirstAssessment(tx, scope, s.frameworkId, { ...opts, ownerId: s.ownerId });
      await tx
        .update(scheduleRuns)
        .set({ assessmentId: made.id })
        .where(eq(scheduleRuns.id, claimed[0]!.id));
      return made;
    });
  } catch (err) {
    if (!(err instanceof AppError)) {
      mail.log.error({ err, scheduleId: s.id, tenantId, period }, 'a schedule run failed');
    }
    await db
      .insert(scheduleRuns)
      .values({
        id: randomUUID(),
        accountId: s.accountId,
        scheduleId: s.id,
        tenantId,
        period,
        status: 'failed',
        attempts: 1,
        error: describe(err),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [scheduleRuns.scheduleId, scheduleRuns.tenantId, scheduleRuns.period],
        set: {
          attempts: sql`${scheduleRuns.attempts} + 1`,
          error: sql`excluded.error`,
          updatedAt: now,
        },
        setWhere: eq(scheduleRuns.status, 'failed'),
      });
    return 'failed';
  }
  if (!created) return 'skipped';
  await sendNextAssessmentMails(db, mail, created, await senderName(db, s));
  return 'created';
}

/**
 * Everything due as of `now`: failed runs of active schedules again, then each active schedule
 * whose next period is to be created by today, for each of its tenants, moving the schedule on
 * to the following period (only from the period it read: two servers move it once).
 */
export async function runSchedules(db: Database, mail: MailContext, now: Date): Promise<RunResult> {
  const result: RunResult = { created: 0, failed: 0, skipped: 0 };
  const count = (r: 'created' | 'skipped' | 'failed') => (result[r] += 1);
  const today = utcDay(now);

  // Failed runs first: their period came already.
  const failed = await db
    .select({
      s: assessmentSchedules,
      tenantId: scheduleRuns.tenantId,
      period: scheduleRuns.period,
    })
    .from(scheduleRuns)
    .innerJoin(
      assessmentSchedules,
      and(
        eq(assessmentSchedules.id, scheduleRuns.scheduleId),
        eq(assessmentSchedules.accountId, scheduleRuns.accountId),
      ),
    )
    .where(and(eq(scheduleRuns.status, 'failed'), eq(assessmentSchedules.status, 'active')));
  for (const f of failed) count(await runOne(db, mail, f.s, f.tenantId, f.period, now));

  const due = await db
    .select()
    .from(assessmentSchedules)
    .where(
      and(eq(assessmentSchedules.status, 'active'), lte(assessmentSchedules.nextCreateOn, today)),
    )
    .orderBy(assessmentSchedules.nextCreateOn, assessmentSchedules.id);
  for (const s of due) {
    let period = s.nextDueDate;
    for (let i = 0; period && i < CATCH_UP; i += 1) {
      // A period whose due date passed entirely (the server was down) is not created late.
      if (period >= today) {
        for (const tenantId of await tenantsOf(db, s)) {
          count(await runOne(db, mail, s, tenantId, period, now));
        }
      }
      const next = occurrenceAfter(s, period);
      const moved = await db
        .update(assessmentSchedules)
        .set({ nextDueDate: next.dueDate, nextCreateOn: next.createOn })
        .where(
          and(
            eq(assessmentSchedules.id, s.id),
            eq(assessmentSchedules.status, 'active'),
            eq(assessmentSchedules.nextDueDate, period),
          ),
        )
        .returning({ id: assessmentSchedules.id });
      // Another server moved it (or it was paused, ended or changed meanwhile): its business.
      if (!moved.length || next.createOn > today) break;
      period = next.dueDate;
    }
  }
  return result;
}

/** Registers the worker and starts this process's timer; the returned function stops the timer. */
export async function startSchedules(opts: {
  db: Database;
  jobs: Jobs;
  mailer: MailSender;
  publicUrl: string;
  logger: Logger;
}): Promise<() => void> {
  const mail: MailContext = { mailer: opts.mailer, publicUrl: opts.publicUrl, log: opts.logger };
  return every(opts.jobs, opts.logger, {
    queue: SCHEDULES_QUEUE,
    everyMs: TICK_MS,
    singletonSeconds: 3600,
    run: (now) => runSchedules(opts.db, mail, now),
    did: 'ran assessment schedules',
  });
}
