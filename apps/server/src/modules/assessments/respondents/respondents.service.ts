/**
 * Respondents: people who answer without an account (docs/assessments.md, "Respondents"). Each
 * has their own link; the token in it is shown once and stored as a SHA-256 hash, so a leaked
 * database holds no working link. The token alone is the authority on `/api/v1/respond/*`,
 * scoped to one assessment and, optionally, some of its sections (respond.service.ts). This
 * file is the assessor's side: add, list, resend and revoke links.
 */
import { assertRespondentLimit } from '../../billing/entitlements.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256Hex } from '../../../lib/tokens.ts';
import {
  ASSESSMENT_ERROR_CODES,
  ASSESSMENT_LIMITS,
  mailLocale,
  type Locale,
  type CreateRespondent,
  type Respondent,
  type RespondentLink,
  type RespondentMail,
  type RespondentStatus,
} from '@tenantry/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { publishLive } from '../../../db/live.ts';
import { accounts } from '../../../db/schema/accounts.ts';
import { assessmentAnswers, assessments, respondents } from '../../../db/schema/assessments.ts';
import { respondentLinks, respondentReminders } from '../../../db/schema/reminders.ts';
import { tenants } from '../../../db/schema/tenants.ts';
import { AppError } from '../../../lib/errors.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import type { MailBrand } from '../../../lib/mail/layout.ts';
import { mailBrand } from '../../accounts/brand.service.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { assessmentNotFound, lockedError } from '../assessments.errors.ts';
import { assertAssessment } from '../assessments.service.ts';
import { cutDocument, scopedFramework, type ScopedFramework } from '../assessments.framework.ts';
import { respondentLinkEmail } from './respondents.emails.ts';
import { mailsOf } from './respondent-mails.ts';

export type RespondentRow = typeof respondents.$inferSelect;
type Row = RespondentRow;
type Scope = TenantContext & { name: string };

const DAY = 24 * 60 * 60 * 1000;

export const hashToken = sha256Hex;
export const newToken = () => `rsp_${randomBytes(32).toString('base64url')}`;

export function respondentLink(
  publicUrl: string,
  row: Pick<Row, 'accountId' | 'tenantId'>,
  token: string,
) {
  return `${publicUrl}/in-progress/${encodeURIComponent(row.accountId)}/${encodeURIComponent(row.tenantId)}?token=${encodeURIComponent(token)}`;
}

function statusOf(row: Row, now = Date.now()): RespondentStatus {
  if (row.revokedAt) return 'revoked';
  if (row.submittedAt) return 'submitted';
  if (row.expiresAt.getTime() <= now) return 'expired';
  return row.lastSeenAt ? 'answering' : 'invited';
}

/** The page where a respondent stops (or resumes) reminders, by the token of their link. */
export function stopRemindersLink(
  publicUrl: string,
  row: Pick<Row, 'accountId' | 'tenantId'>,
  token: string,
) {
  return `${publicUrl}/in-progress/${encodeURIComponent(row.accountId)}/${encodeURIComponent(row.tenantId)}/reminders?token=${encodeURIComponent(token)}`;
}

function toRespondent(row: Row, answered: number, mails: RespondentMail[] = []): Respondent {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    sections: row.sections,
    status: statusOf(row),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    answered,
    total: row.total,
    remindersStoppedAt: row.remindersStoppedAt?.toISOString() ?? null,
    reminders: mails,
  };
}

/** A respondent as the assessor sees it: with their answered count and e-mails. */
export async function respondentView(db: Database | Tx, row: Row): Promise<Respondent> {
  const [counts, mails] = await Promise.all([
    answeredBy(db, row.assessmentId, [row.id]),
    mailsOf(db, row.accountId, [row.id]),
  ]);
  return toRespondent(row, counts.get(row.id) ?? 0, mails.get(row.id) ?? []);
}

/** The part of the assessment a respondent answers (their sections, else all of it). */
export function respondentPart(
  framework: ScopedFramework,
  sections: string[] | null,
): ScopedFramework {
  if (!sections) return framework;
  return cutDocument(framework.document, { sections, tags: null });
}

function expiry(input: string | undefined, fallback: Date): Date {
  const at = input ? new Date(input) : fallback;
  const now = Date.now();
  if (at.getTime() <= now) {
    throw new AppError('common.validation', 400, 'The link must expire in the future.', {
      expiresAt: 'Choose a time in the future.',
    });
  }
  if (at.getTime() > now + ASSESSMENT_LIMITS.linkDaysMax * DAY) {
    throw new AppError('common.validation', 400, 'A link lasts at most a year.', {
      expiresAt: `Choose a time within ${ASSESSMENT_LIMITS.linkDaysMax} days.`,
    });
  }
  return at;
}

async function answeredBy(db: Database | Tx, assessmentId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: assessmentAnswers.respondentId, n: count() })
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, assessmentId),
        inArray(assessmentAnswers.respondentId, ids),
      ),
    )
    .groupBy(assessmentAnswers.respondentId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}

export async function listRespondents(
  db: Database,
  scope: TenantContext,
  assessmentId: string,
): Promise<Respondent[]> {
  await assertAssessment(db, scope, assessmentId);
  const rows = await db
    .select()
    .from(respondents)
    .where(
      and(eq(respondents.accountId, scope.accountId), eq(respondents.assessmentId, assessmentId)),
    )
    .orderBy(asc(respondents.createdAt), asc(respondents.id));
  const ids = rows.map((r) => r.id);
  const [counts, mails] = await Promise.all([
    answeredBy(db, assessmentId, ids),
    mailsOf(db, scope.accountId, ids),
  ]);
  return rows.map((r) => toRespondent(r, counts.get(r.id) ?? 0, mails.get(r.id) ?? []));
}

export async function readRespondent(
  db: Database | Tx,
  scope: TenantContext,
  assessmentId: string,
  id: string,
) {
  const [row] = await db
    .select()
    .from(respondents)
    .where(
      and(
        eq(respondents.id, id),
        eq(respondents.accountId, scope.accountId),
        eq(respondents.tenantId, scope.tenantId),
        eq(respondents.assessmentId, assessmentId),
      ),
    )
    .for('update');
  if (!row) {
    throw new AppError(
      ASSESSMENT_ERROR_CODES.respondentNotFound,
      404,
      'There is no such respondent on this assessment.',
    );
  }
  return row;
}

async function mailLink(
  mail: MailContext,
  row: Row,
  token: string,
  context: {
    assessmentName: string;
    tenantName: string;
    accountName: string;
    sentBy: string;
    language: Locale | null;
    brand: MailBrand | null;
  },
): Promise<boolean> {
  const { language, ...names } = context;
  try {
    await mail.mailer.send(
      respondentLinkEmail({
        to: row.email,
        name: row.name,
        link: respondentLink(mail.publicUrl, row, token),
        stopLink: stopRemindersLink(mail.publicUrl, row, token),
        expiresAt: row.expiresAt,
        ...names,
        locale: mailLocale(language, row.locale),
      }),
    );
    return true;
  } catch (err) {
    mail.log.warn({ err, respondentId: row.id }, 'could not send the respondent link');
    return false;
  }
}

/** A respondent change: audited, and announced to live streams (in the changing transaction). */
async function respondentChanged(
  tx: Tx,
  scope: Scope,
  action:
    | 'assessments.respondent_added'
    | 'assessments.respondent_resent'
    | 'assessments.respondent_revoked',
  assessment: { id: string; name: string },
  respondent: { name: string; email: string },
): Promise<void> {
  await recordAudit(tx, scope, {
    action,
    targetType: 'assessment',
    targetId: assessment.id,
    data: { name: assessment.name, respondent: respondent.name, email: respondent.email },
  });
  await publishLive(tx, { ...scope, assessmentId: assessment.id, kind: 'respondent' });
}

/** The link of a new token (shown once), e-mailed unless `sendEmail` is false. */
async function deliverLink(
  db: Database,
  scope: Scope,
  mail: MailContext,
  row: Row,
  token: string,
  opts: { assessmentName: string; sendEmail: boolean | undefined; answered: number },
): Promise<RespondentLink> {
  const link = respondentLink(mail.publicUrl, row, token);
  const emailed =
    opts.sendEmail !== false &&
    (await mailLink(
      mail,
      row,
      token,
      await mailContext(db, scope, opts.assessmentName, row.assessmentId, mail.publicUrl),
    ));
  if (emailed) await logInvitation(db, row, { userId: scope.userId, name: scope.name });
  const mails = await mailsOf(db, row.accountId, [row.id]);
  return { respondent: toRespondent(row, opts.answered, mails.get(row.id) ?? []), link, emailed };
}

/**
 * An e-mailed link is the day's e-mail to that respondent (at most one a day: no reminder
 * today), in their reminder log. `by` is null for a schedule's run.
 */
export async function logInvitation(
  db: Database,
  row: Pick<Row, 'id' | 'accountId' | 'assessmentId'>,
  by: { userId: string | null; name: string } | null,
): Promise<void> {
  await db
    .insert(respondentReminders)
    .values({
      respondentId: row.id,
      day: new Date().toISOString().slice(0, 10),
      accountId: row.accountId,
      assessmentId: row.assessmentId,
      kind: 'invitation',
      sentAt: new Date(),
      sentBy: by?.userId ?? null,
      sentByName: by?.name ?? null,
    })
    .onConflictDoNothing();
}

async function mailContext(
  db: Database,
  scope: Scope,
  assessmentName: string,
  assessmentId: string,
  publicUrl: string,
) {
  const [r] = await db
    .select({
      tenantName: tenants.name,
      accountName: accounts.name,
      language: assessments.language,
    })
    .from(tenants)
    .innerJoin(accounts, eq(accounts.id, tenants.accountId))
    .innerJoin(
      assessments,
      and(eq(assessments.tenantId, tenants.id), eq(assessments.id, assessmentId)),
    )
    .where(and(eq(tenants.id, scope.tenantId), eq(tenants.accountId, scope.accountId)));
  return {
    brand: await mailBrand(db, scope.accountId, publicUrl),
    assessmentName,
    tenantName: r?.tenantName ?? '',
    accountName: r?.accountName ?? '',
    sentBy: scope.name,
    language: r?.language ?? null,
  };
}

export async function addRespondent(
  db: Database,
  scope: Scope,
  assessmentId: string,
  input: CreateRespondent,
  mail: MailContext,
): Promise<RespondentLink> {
  const token = newToken();
  const expiresAt = expiry(
    input.expiresAt,
    new Date(Date.now() + ASSESSMENT_LIMITS.linkDaysDefault * DAY),
  );
  const { row, assessmentName } = await db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(assessments)
      .where(
        and(
          eq(assessments.id, assessmentId),
          eq(assessments.accountId, scope.accountId),
          eq(assessments.tenantId, scope.tenantId),
        ),
      )
      .for('update');
    if (!a) throw assessmentNotFound();
    if (a.status === 'completed') throw lockedError();
    if (a.respondentsTotal >= ASSESSMENT_LIMITS.respondentsPerAssessment) {
      throw new AppError(
        ASSESSMENT_ERROR_CODES.tooManyRespondents,
        409,
        `An assessment has at most ${ASSESSMENT_LIMITS.respondentsPerAssessment} respondents.`,
      );
    }
    await assertRespondentLimit(tx, scope.accountId, a.respondentsTotal);
    const framework = (await scopedFramework(tx, a.frameworkId, a.frameworkVersion, a.scope))!;
    const sections = input.sections ?? null;
    if (sections) {
      const known = new Set<string>();
      for (const info of framework.questions.values()) for (const k of info.path) known.add(k);
      const missing = sections.find((k) => !known.has(k));
      if (missing) {
        throw new AppError('common.validation', 400, 'Pick sections of this assessment.', {
          sections: `There is no section “${missing}” in this assessment.`,
        });
      }
    }
    const part = respondentPart(framework, sections);
    const [created] = await tx
      .insert(respondents)
      .values({
        id: randomUUID(),
        accountId: scope.accountId,
        tenantId: scope.tenantId,
        assessmentId,
        name: input.name,
        email: input.email,
        sections,
        tokenHash: hashToken(token),
        expiresAt,
        total: part.questions.size,
        createdBy: scope.userId,
      })
      .returning();
    await tx
      .update(assessments)
      .set({ respondentsTotal: sql`${assessments.respondentsTotal} + 1`, updatedAt: new Date() })
      .where(eq(assessments.id, assessmentId));
    await respondentChanged(tx, scope, 'assessments.respondent_added', a, input);
    return { row: created!, assessmentName: a.name };
  });
  return deliverLink(db, scope, mail, row, token, {
    assessmentName,
    sendEmail: input.sendEmail,
    answered: 0,
  });
}

/** A new link (the old one stops working), e-mailed again; also restores a revoked one. */
export async function resendRespondent(
  db: Database,
  scope: Scope,
  assessmentId: string,
  respondentId: string,
  input: { expiresAt?: string | undefined; sendEmail?: boolean | undefined },
  mail: MailContext,
): Promise<RespondentLink> {
  const token = newToken();
  const { row, assessmentName } = await db.transaction(async (tx) => {
    const a = await assertAssessment(tx, scope, assessmentId);
    if (a.status === 'completed') throw lockedError();
    const current = await readRespondent(tx, scope, assessmentId, respondentId);
    const fallback =
      current.expiresAt.getTime() > Date.now()
        ? current.expiresAt
        : new Date(Date.now() + ASSESSMENT_LIMITS.linkDaysDefault * DAY);
    const [updated] = await tx
      .update(respondents)
      .set({
        tokenHash: hashToken(token),
        expiresAt: expiry(input.expiresAt, fallback),
        revokedAt: null,
      })
      .where(eq(respondents.id, respondentId))
      .returning();
    // The links reminders carried stop working with the old one.
    await tx.delete(respondentLinks).where(eq(respondentLinks.respondentId, respondentId));
    await respondentChanged(tx, scope, 'assessments.respondent_resent', a, current);
    return { row: updated!, assessmentName: a.name };
  });
  const counts = await answeredBy(db, assessmentId, [row.id]);
  return deliverLink(db, scope, mail, row, token, {
    assessmentName,
    sendEmail: input.sendEmail,
    answered: counts.get(row.id) ?? 0,
  });
}

export async function revokeRespondent(
  db: Database,
  scope: Scope,
  assessmentId: string,
  respondentId: string,
): Promise<Respondent> {
  const row = await db.transaction(async (tx) => {
    const a = await assertAssessment(tx, scope, assessmentId);
    const current = await readRespondent(tx, scope, assessmentId, respondentId);
    if (current.revokedAt) return current;
    const [updated] = await tx
      .update(respondents)
      .set({ revokedAt: new Date() })
      .where(eq(respondents.id, respondentId))
      .returning();
    await respondentChanged(tx, scope, 'assessments.respondent_revoked', a, current);
    return updated!;
  });
  return respondentView(db, row);
}
