/**
 * Reminders to respondents (docs/assessments.md, "Reminders"), the parts a person does: the
 * assessor's "Send reminder now", and the respondent's "Stop reminders" (the token of their
 * link is the authority). The schedule's run is reminders.run.ts.
 *
 * Every reminder carries a working personal link: the server keeps only hashes of link tokens,
 * so a reminder issues a fresh token, kept hashed in `respondent_links` as another key to the
 * same respondent (their expiry and revocation hold for every key; a resend deletes them). The
 * token exists only in the e-mail; the links of earlier e-mails keep working.
 */
import {
  ASSESSMENT_ERROR_CODES,
  mailLocale,
  type RespondentMailKind,
  type RespondentReminders,
  type SentReminder,
} from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../../auth/types.ts';
import { queryRows, type Database, type Tx } from '../../../db/client.ts';
import { publishLive } from '../../../db/live.ts';
import { accounts } from '../../../db/schema/accounts.ts';
import { assessmentAnswers, assessments, respondents } from '../../../db/schema/assessments.ts';
import { respondentLinks, respondentReminders } from '../../../db/schema/reminders.ts';
import { tenants } from '../../../db/schema/tenants.ts';
import { AppError } from '../../../lib/errors.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import { mailBrand } from '../../accounts/brand.service.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { lockedError } from '../assessments.errors.ts';
import { assertAssessment } from '../assessments.service.ts';
import {
  hashToken,
  newToken,
  readRespondent,
  respondentLink,
  respondentView,
  stopRemindersLink,
  type RespondentRow,
} from '../respondents/respondents.service.ts';
import { respondentReminderEmail } from './reminders.emails.ts';

const DAY_MS = 86_400_000;

/** The UTC day of `now`, `YYYY-MM-DD`. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** A fresh link for a respondent: another key, kept hashed; the token is only in the answer. */
export async function issueLink(
  tx: Database | Tx,
  row: Pick<RespondentRow, 'id' | 'accountId' | 'tenantId'>,
  publicUrl: string,
): Promise<{ link: string; stopLink: string; tokenHash: string }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  await tx
    .insert(respondentLinks)
    .values({ tokenHash, respondentId: row.id, accountId: row.accountId });
  return {
    link: respondentLink(publicUrl, row, token),
    stopLink: stopRemindersLink(publicUrl, row, token),
    tokenHash,
  };
}

/** What a reminder e-mail says of its assessment and of the respondent's progress. */
export async function reminderFacts(db: Database | Tx, row: RespondentRow) {
  const [facts] = await queryRows<{
    assessment_name: string;
    due: string | null;
    tenant_name: string;
    account_name: string;
    answered: number;
    language: string | null;
  }>(
    db,
    sql`select a.name as assessment_name, to_char(a.due_date, 'YYYY-MM-DD') as due, a.language,
        t.name as tenant_name, acc.name as account_name,
        (select count(*)::int from ${assessmentAnswers} aa
          where aa.assessment_id = a.id and aa.respondent_id = ${row.id}) as answered
      from ${assessments} a
      join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
      join ${accounts} acc on acc.id = a.account_id
      where a.id = ${row.assessmentId} and a.account_id = ${row.accountId}`,
  );
  return facts;
}

/** Why a respondent gets no reminder (409), or null when they may get one. */
export function notPending(row: RespondentRow, now: Date): AppError | null {
  const refuse = (message: string) =>
    new AppError(ASSESSMENT_ERROR_CODES.respondentNotPending, 409, message);
  if (row.submittedAt) return refuse(`${row.name} has already submitted their part.`);
  if (row.revokedAt) return refuse(`${row.name}’s link was revoked. Send them a new link instead.`);
  if (row.expiresAt.getTime() <= now.getTime()) {
    return refuse(`${row.name}’s link has expired. Send them a new link instead.`);
  }
  if (row.remindersStoppedAt) {
    return new AppError(
      ASSESSMENT_ERROR_CODES.remindersStopped,
      409,
      `${row.name} asked not to get reminders for this assessment.`,
    );
  }
  return null;
}

const alreadySent = (row: RespondentRow, kind: RespondentMailKind, day: string) => {
  const nextAt = `${addDays(day, 1)}T00:00:00.000Z`;
  return new AppError(
    ASSESSMENT_ERROR_CODES.reminderAlreadySent,
    409,
    `${row.name} already got an e-mail today (${kind === 'invitation' ? 'their link' : 'a reminder'}); at most one a day. The next can go from ${addDays(day, 1)} (UTC).`,
    undefined,
    { nextAt, kind },
  );
};

/**
 * "Send reminder now": at most one e-mail a day (409 with when the next may go); a retry with
 * the same `idempotencyKey` answers the reminder already sent.
 */
export async function remindNow(
  db: Database,
  scope: TenantContext & { name: string },
  assessmentId: string,
  respondentId: string,
  input: { idempotencyKey?: string | undefined },
  mail: MailContext,
): Promise<SentReminder> {
  const now = new Date();
  const day = dayOf(now);
  const claimed = await db.transaction(async (tx) => {
    const a = await assertAssessment(tx, scope, assessmentId);
    const row = await readRespondent(tx, scope, assessmentId, respondentId); // locks the row
    const [today] = await tx
      .select()
      .from(respondentReminders)
      .where(and(eq(respondentReminders.respondentId, row.id), eq(respondentReminders.day, day)));
    if (today) {
      if (input.idempotencyKey && today.idempotencyKey === input.idempotencyKey) {
        return { row, replayed: true as const };
      }
      throw alreadySent(row, today.kind, day);
    }
    if (a.status === 'completed') throw lockedError();
    const refused = notPending(row, now);
    if (refused) throw refused;
    await tx.insert(respondentReminders).values({
      respondentId: row.id,
      day,
      accountId: row.accountId,
      assessmentId,
      kind: 'manual',
      sentAt: now,
      sentBy: scope.userId,
      sentByName: scope.name,
      idempotencyKey: input.idempotencyKey ?? null,
    });
    const links = await issueLink(tx, row, mail.publicUrl);
    await recordAudit(tx, scope, {
      action: 'assessments.respondent_reminded',
      targetType: 'assessment',
      targetId: assessmentId,
      data: { name: a.name, respondent: row.name, email: row.email },
    });
    await publishLive(tx, { ...scope, assessmentId, kind: 'respondent' });
    return { row, replayed: false as const, links };
  });
  if (!claimed.replayed) {
    const { row, links } = claimed;
    try {
      const [facts, brand] = await Promise.all([
        reminderFacts(db, row),
        mailBrand(db, row.accountId, mail.publicUrl),
      ]);
      await mail.mailer.send(
        respondentReminderEmail({
          to: row.email,
          name: row.name,
          kind: 'manual',
          link: links.link,
          stopLink: links.stopLink,
          assessmentName: facts?.assessment_name ?? '',
          tenantName: facts?.tenant_name ?? '',
          accountName: facts?.account_name ?? '',
          dueDate: facts?.due ?? null,
          day,
          expiresAt: row.expiresAt,
          answered: facts?.answered ?? 0,
          total: row.total,
          sentBy: scope.name,
          locale: mailLocale(facts?.language, row.locale),
          brand,
        }),
      );
    } catch (err) {
      // Not sent: the day is free again, and the link it would have carried goes.
      await unclaim(db, row.id, day, links.tokenHash);
      throw err;
    }
  }
  return { respondent: await respondentView(db, claimed.row), replayed: claimed.replayed };
}

/** Undoes a claim whose e-mail could not be queued, so that a later run tries again. */
export async function unclaim(
  db: Database,
  respondentId: string,
  day: string,
  tokenHash: string,
): Promise<void> {
  await db
    .delete(respondentReminders)
    .where(
      and(eq(respondentReminders.respondentId, respondentId), eq(respondentReminders.day, day)),
    );
  await db.delete(respondentLinks).where(eq(respondentLinks.tokenHash, tokenHash));
}

/** The respondent's page for stopping reminders. */
export async function readRespondentReminders(
  db: Database,
  row: RespondentRow,
): Promise<RespondentReminders> {
  const facts = await reminderFacts(db, row);
  return {
    assessmentName: facts?.assessment_name ?? '',
    tenantName: facts?.tenant_name ?? '',
    accountName: facts?.account_name ?? '',
    respondentName: row.name,
    dueDate: facts?.due ?? null,
    stoppedAt: row.remindersStoppedAt?.toISOString() ?? null,
  };
}

/** Stops (or resumes) reminders for the respondent of the token; again is a no-op. */
export async function setRespondentReminders(
  db: Database,
  respondent: RespondentRow,
  stopped: boolean,
): Promise<RespondentReminders> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(respondents)
      .where(eq(respondents.id, respondent.id))
      .for('update');
    if (!current || Boolean(current.remindersStoppedAt) === stopped) return current ?? respondent;
    const [updated] = await tx
      .update(respondents)
      .set({ remindersStoppedAt: stopped ? new Date() : null })
      .where(eq(respondents.id, respondent.id))
      .returning();
    const [a] = await tx
      .select({ name: assessments.name })
      .from(assessments)
      .where(eq(assessments.id, respondent.assessmentId));
    await recordAudit(
      tx,
      { accountId: respondent.accountId, userId: null, email: respondent.email },
      {
        action: stopped
          ? 'assessments.respondent_reminders_stopped'
          : 'assessments.respondent_reminders_resumed',
        targetType: 'assessment',
        targetId: respondent.assessmentId,
        data: { name: a?.name ?? '', respondent: respondent.name, email: respondent.email },
      },
    );
    await publishLive(tx, {
      accountId: respondent.accountId,
      tenantId: respondent.tenantId,
      assessmentId: respondent.assessmentId,
      kind: 'respondent',
    });
    return updated!;
  });
  return readRespondentReminders(db, row);
}
