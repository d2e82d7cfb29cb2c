/**
 * The schedule of reminders (docs/assessments.md, "Reminders"), as of `now`: for each
 * respondent of an open assessment who has not submitted (link valid, not revoked, reminders
 * not stopped) and got no e-mail today (UTC), at most one of, in this order:
 * - a last call on the due date;
 * - a reminder `beforeDueDays` before the due date (once per due date; caught up on a later
 *   day before the due date when a run was missed; not to someone invited within those days);
 * - a nudge after `nudgeAfterDays` days without an answer, counted from their last e-mail
 *   (invitation or reminder) or last answer, whichever is later;
 * and to the owner of an assessment with respondents still to answer, a summary on the
 * reminder day and the due date (at most one per assessment per day).
 *
 * Stateless across server processes: every process asks the job queue for a
 * `respondents.reminders` run (lib/jobs/periodic.ts), de-duplicated to one per hour. "At most
 * one a day" is a row per respondent and day in `respondent_reminders` (per assessment and day
 * in `owner_reminders`), inserted before the e-mail is queued: a second run the same day, in
 * this process or another, inserts nothing and sends nothing; if queueing fails, the row is
 * removed so that a later run tries again.
 */
import type { ReminderOverrides, ReminderSettings, RespondentMailKind } from '@tenantry/shared';
import { DEFAULT_REMINDER_SETTINGS, mailLocale } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { membershipReaches } from '../../../auth/tenant-access.ts';
import { queryRows, type Database } from '../../../db/client.ts';
import { accounts, memberships } from '../../../db/schema/accounts.ts';
import { users } from '../../../db/schema/auth.ts';
import {
  answerHistory,
  assessmentAnswers,
  assessments,
  respondents,
} from '../../../db/schema/assessments.ts';
import {
  assessmentReminderSettings,
  ownerReminders,
  reminderSettings,
  respondentReminders,
} from '../../../db/schema/reminders.ts';
import { tenants } from '../../../db/schema/tenants.ts';
import type { Jobs, Logger } from '../../../lib/jobs/index.ts';
import { every } from '../../../lib/jobs/periodic.ts';
import type { MailSender } from '../../../lib/mail/index.ts';
import { mailBrand } from '../../accounts/brand.service.ts';
import { effectiveSettings } from './reminder-settings.service.ts';
import {
  ownerSummaryEmail,
  respondentReminderEmail,
  type PendingRespondent,
} from './reminders.emails.ts';
import { addDays, dayOf, issueLink, unclaim } from './reminders.service.ts';

export const RESPONDENT_REMINDERS_QUEUE = 'respondents.reminders';
/** E-mails go out from this hour of the UTC day on (not at midnight). */
export const RESPONDENT_REMINDER_HOUR_UTC = 7;
/** How often each process asks for a run (the queue keeps one per hour). */
const TICK_MS = 15 * 60_000;

/** A respondent still to answer, with what deciding their e-mail needs. */
interface Pending {
  id: string;
  account_id: string;
  tenant_id: string;
  assessment_id: string;
  name: string;
  email: string;
  total: number;
  expires_at: Date | string;
  created_at: Date | string;
  stopped: boolean;
  /** The respondent's last known language and the assessment's (the e-mail's, `mailLocale`). */
  locale: string | null;
  language: string | null;
  assessment_name: string;
  due: string | null;
  owner_id: string | null;
  tenant_name: string;
  account_name: string;
  has_settings: boolean;
  enabled: boolean | null;
  before_due_days: number | null;
  nudge_after_days: number | null;
  last_call: boolean | null;
  owner_summary: boolean | null;
  overrides: ReminderOverrides | null;
  answered: number;
  last_answer_at: Date | string | null;
  last_mail_at: Date | string | null;
  last_mail_day: string | null;
  last_reminder_day: string | null;
  owner_reminder_day: string | null;
}

const time = (v: Date | string | null) => (v === null ? 0 : new Date(v).getTime());

function settingsOf(p: Pending): ReminderSettings {
  const account: ReminderSettings = p.has_settings
    ? {
        enabled: Boolean(p.enabled),
        beforeDueDays: p.before_due_days,
        nudgeAfterDays: p.nudge_after_days,
        lastCall: Boolean(p.last_call),
        ownerSummary: Boolean(p.owner_summary),
      }
    : DEFAULT_REMINDER_SETTINGS;
  return effectiveSettings(account, p.overrides ?? {});
}

/** The e-mail a respondent gets today, if any (`now` is at or after the hour of sending). */
export function respondentKind(
  p: Pick<
    Pending,
    | 'due'
    | 'created_at'
    | 'last_answer_at'
    | 'last_mail_at'
    | 'last_mail_day'
    | 'last_reminder_day'
    | 'expires_at'
    | 'stopped'
  >,
  s: ReminderSettings,
  now: Date,
): Exclude<RespondentMailKind, 'invitation' | 'manual'> | null {
  const day = dayOf(now);
  if (!s.enabled || p.stopped || time(p.expires_at) <= now.getTime()) return null;
  if (p.last_mail_day !== null && p.last_mail_day >= day) return null;
  if (p.due && s.lastCall && p.due === day) return 'last_call';
  if (p.due && s.beforeDueDays !== null && p.due > day) {
    const from = addDays(p.due, -s.beforeDueDays);
    const invitedBefore = dayOf(new Date(p.created_at)) < from;
    const sent = p.last_reminder_day !== null && p.last_reminder_day >= from;
    if (day >= from && invitedBefore && !sent) return 'reminder';
  }
  if (s.nudgeAfterDays !== null) {
    const since = Math.max(time(p.created_at), time(p.last_mail_at), time(p.last_answer_at));
    if (addDays(dayOf(new Date(since)), s.nudgeAfterDays) <= day) return 'nudge';
  }
  return null;
}

/** The owner's summary of an assessment today, if any. */
export function ownerKind(
  a: Pick<Pending, 'due' | 'owner_id' | 'owner_reminder_day'>,
  s: ReminderSettings,
  now: Date,
): 'reminder' | 'last_call' | null {
  const day = dayOf(now);
  if (!s.enabled || !s.ownerSummary || !a.due || !a.owner_id) return null;
  if (a.due === day) return 'last_call';
  if (s.beforeDueDays !== null && a.due > day) {
    const from = addDays(a.due, -s.beforeDueDays);
    const sent = a.owner_reminder_day !== null && a.owner_reminder_day >= from;
    if (day >= from && !sent) return 'reminder';
  }
  return null;
}

/** Every respondent still to answer on an open assessment of an active account and tenant. */
async function pendingRespondents(db: Database): Promise<Pending[]> {
  return queryRows<Pending>(
    db,
    sql`select r.id, r.account_id, r.tenant_id, r.assessment_id, r.name, r.email, r.total,
        r.expires_at, r.created_at, (r.reminders_stopped_at is not null) as stopped, r.locale,
        a.name as assessment_name, a.language, to_char(a.due_date, 'YYYY-MM-DD') as due, a.owner_id,
        t.name as tenant_name, acc.name as account_name,
        (s.account_id is not null) as has_settings, s.enabled, s.before_due_days,
        s.nudge_after_days, s.last_call, s.owner_summary, o.overrides,
        (select count(*)::int from ${assessmentAnswers} aa
          where aa.assessment_id = r.assessment_id and aa.respondent_id = r.id) as answered,
        greatest(
          (select max(aa.answered_at) from ${assessmentAnswers} aa
            where aa.assessment_id = r.assessment_id and aa.respondent_id = r.id),
          (select max(h.answered_at) from ${answerHistory} h
            where h.assessment_id = r.assessment_id and h.respondent_id = r.id)
        ) as last_answer_at,
        (select max(rr.sent_at) from ${respondentReminders} rr where rr.respondent_id = r.id)
          as last_mail_at,
        (select to_char(max(rr.day), 'YYYY-MM-DD') from ${respondentReminders} rr
          where rr.respondent_id = r.id) as last_mail_day,
        (select to_char(max(rr.day), 'YYYY-MM-DD') from ${respondentReminders} rr
          where rr.respondent_id = r.id and rr.kind = 'reminder') as last_reminder_day,
        (select to_char(max(orr.day), 'YYYY-MM-DD') from ${ownerReminders} orr
          where orr.assessment_id = a.id and orr.kind = 'reminder') as owner_reminder_day
      from ${respondents} r
      join ${assessments} a on a.id = r.assessment_id and a.account_id = r.account_id
      join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
      join ${accounts} acc on acc.id = a.account_id
      left join ${reminderSettings} s on s.account_id = a.account_id
      left join ${assessmentReminderSettings} o on o.assessment_id = a.id
      where a.status <> 'completed' and r.submitted_at is null and r.revoked_at is null
        and t.archived_at is null and acc.suspended_at is null
      order by a.id, r.created_at, r.id`,
  );
}

/**
 * Claims the respondent's day for `kind` (only while they are still to answer, so a submit or
 * a stop racing the run wins) and issues the link the e-mail carries; null when the day is
 * taken (another process, an earlier run) or they no longer qualify.
 */
async function claimRespondent(
  db: Database,
  p: Pending,
  kind: RespondentMailKind,
  now: Date,
  publicUrl: string,
) {
  const day = dayOf(now);
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ respondent_id: string }>(
      tx,
      sql`insert into ${respondentReminders}
          (respondent_id, day, account_id, assessment_id, kind, sent_at)
        select r.id, ${day}::date, r.account_id, r.assessment_id, ${kind}, ${now.toISOString()}::timestamptz
        from ${respondents} r
        where r.id = ${p.id} and r.submitted_at is null and r.revoked_at is null
          and r.reminders_stopped_at is null and r.expires_at > ${now.toISOString()}::timestamptz
        on conflict do nothing
        returning respondent_id`,
    );
    if (claimed.length === 0) return null;
    return issueLink(tx, { id: p.id, accountId: p.account_id, tenantId: p.tenant_id }, publicUrl);
  });
}

async function remindRespondent(
  db: Database,
  mailer: MailSender,
  publicUrl: string,
  p: Pending,
  kind: Exclude<RespondentMailKind, 'invitation' | 'manual'>,
  now: Date,
): Promise<boolean> {
  const links = await claimRespondent(db, p, kind, now, publicUrl);
  if (!links) return false;
  const day = dayOf(now);
  try {
    await mailer.send(
      respondentReminderEmail({
        brand: await mailBrand(db, p.account_id, publicUrl),
        to: p.email,
        name: p.name,
        kind,
        link: links.link,
        stopLink: links.stopLink,
        assessmentName: p.assessment_name,
        tenantName: p.tenant_name,
        accountName: p.account_name,
        dueDate: p.due,
        day,
        expiresAt: new Date(p.expires_at),
        answered: p.answered,
        total: p.total,
        locale: mailLocale(p.language, p.locale),
      }),
    );
    return true;
  } catch (err) {
    await unclaim(db, p.id, day, links.tokenHash);
    throw err;
  }
}

/** The owner, when they are still a member who reaches the assessment's tenant. */
async function ownerOf(db: Database, p: Pending) {
  const [owner] = await queryRows<{ email: string; name: string }>(
    db,
    sql`select u.email, coalesce(nullif(u.name, ''), u.email) as name
      from ${users} u
      join ${memberships} m on m.user_id = u.id and m.account_id = ${p.account_id}
      join ${tenants} t on t.id = ${p.tenant_id} and t.account_id = m.account_id
      where u.id = ${p.owner_id} and ${membershipReaches('m', 't')}`,
  );
  return owner;
}

async function summarise(
  db: Database,
  mailer: MailSender,
  publicUrl: string,
  list: Pending[],
  kind: 'reminder' | 'last_call',
  now: Date,
): Promise<boolean> {
  const first = list[0]!;
  const owner = await ownerOf(db, first);
  if (!owner) return false;
  const day = dayOf(now);
  const claimed = await db
    .insert(ownerReminders)
    .values({
      assessmentId: first.assessment_id,
      day,
      accountId: first.account_id,
      ownerId: first.owner_id,
      kind,
      pending: list.length,
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning({ day: ownerReminders.day });
  if (claimed.length === 0) return false;
  const pending: PendingRespondent[] = list.map((p) => ({
    name: p.name,
    email: p.email,
    answered: p.answered,
    total: p.total,
    status: time(p.expires_at) <= now.getTime() ? 'expired' : p.answered ? 'answering' : 'invited',
    lastMailDay: p.last_mail_day,
    stopped: p.stopped,
  }));
  try {
    await mailer.send(
      ownerSummaryEmail({
        to: owner.email,
        name: owner.name,
        kind,
        assessmentName: first.assessment_name,
        tenantName: first.tenant_name,
        dueDate: first.due!,
        day,
        pending,
        url: `${publicUrl}/tenant/${encodeURIComponent(first.tenant_id)}/assessments/${encodeURIComponent(first.assessment_id)}`,
      }),
    );
    return true;
  } catch (err) {
    await db
      .delete(ownerReminders)
      .where(
        sql`${ownerReminders.assessmentId} = ${first.assessment_id} and ${ownerReminders.day} = ${day}`,
      );
    throw err;
  }
}

/**
 * Sends today's reminders and owner summaries that have not gone out yet, as of `now`;
 * answers how many of each went. Before RESPONDENT_REMINDER_HOUR_UTC nothing is sent.
 */
export async function sendRespondentReminders(
  db: Database,
  mailer: MailSender,
  publicUrl: string,
  now = new Date(),
): Promise<{ respondents: number; owners: number }> {
  const sent = { respondents: 0, owners: 0 };
  if (now.getUTCHours() < RESPONDENT_REMINDER_HOUR_UTC) return sent;
  const byAssessment = new Map<string, Pending[]>();
  for (const p of await pendingRespondents(db)) {
    byAssessment.set(p.assessment_id, [...(byAssessment.get(p.assessment_id) ?? []), p]);
  }
  for (const list of byAssessment.values()) {
    const settings = settingsOf(list[0]!);
    if (!settings.enabled) continue;
    for (const p of list) {
      const kind = respondentKind(p, settings, now);
      if (kind && (await remindRespondent(db, mailer, publicUrl, p, kind, now))) {
        sent.respondents += 1;
        p.last_mail_day = dayOf(now);
      }
    }
    const summary = ownerKind(list[0]!, settings, now);
    if (summary && (await summarise(db, mailer, publicUrl, list, summary, now))) sent.owners += 1;
  }
  return sent;
}

/**
 * Registers the worker and starts this process's timer; the returned function stops the timer.
 * Every process runs one: the queue keeps at most one run per hour, whoever asks.
 */
export async function startRespondentReminders(opts: {
  db: Database;
  jobs: Jobs;
  mailer: MailSender;
  publicUrl: string;
  logger: Logger;
}): Promise<() => void> {
  const { db, mailer, publicUrl } = opts;
  return every(opts.jobs, opts.logger, {
    queue: RESPONDENT_REMINDERS_QUEUE,
    everyMs: TICK_MS,
    singletonSeconds: 3600,
    run: (now) => sendRespondentReminders(db, mailer, publicUrl, now),
    did: 'sent respondent reminders',
  });
}
