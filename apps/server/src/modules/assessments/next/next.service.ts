/**
 * Starting the next assessment from a previous, completed one (docs/scheduling.md): by hand
 * ("Start next assessment") or by a schedule's run. In the caller's transaction:
 * - a new draft assessment on the same framework (on its newest published version when asked
 *   and there is one), its `previous_assessment_id` set;
 * - every answer of the previous assessment copied into `assessment_carried_answers`, as a
 *   proposal to confirm or change (it counts nowhere until then). Moving to a newer version
 *   follows the carry-forward plan's rules (carry-forward.plan.ts): answers follow their
 *   questions by stable key; an answer whose question was removed, or that no longer fits its
 *   changed question, is not carried;
 * - the previous assessment's respondents (not revoked) added again, same name, address and
 *   sections (those still in the assessment), each with a new link.
 * The e-mails (the respondents' links, the owner's notice) go out after the commit
 * (`sendNextAssessmentMails`), so a rolled-back start e-mails nobody.
 */
import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_ERROR_CODES,
  ASSESSMENT_LIMITS,
  mailLocale,
  periodName,
  utcDay,
  type AssessmentScope,
  type Locale,
  type NextAssessmentResult,
  type ScheduleCadence,
} from '@tenantry/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { accounts } from '../../../db/schema/accounts.ts';
import {
  assessmentAnswers,
  assessmentCarriedAnswers,
  assessments,
  respondents,
} from '../../../db/schema/assessments.ts';
import { users } from '../../../db/schema/auth.ts';
import { frameworks } from '../../../db/schema/content.ts';
import { tenants } from '../../../db/schema/tenants.ts';
import { answerEvidence } from '../../../db/schema/evidence.ts';
import { AppError } from '../../../lib/errors.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import { mailBrand } from '../../accounts/brand.service.ts';
import { recordAudit, type AuditScope } from '../../audit/audit.service.ts';
import { assertRespondentLimit } from '../../billing/entitlements.ts';
import { assessmentNotFound } from '../assessments.errors.ts';
import { assertOwner, checkedScope, insertAssessment } from '../assessments.service.ts';
import { plan } from '../carry-forward/carry-forward.plan.ts';
import {
  hashToken,
  logInvitation,
  newToken,
  respondentLink,
  respondentPart,
  stopRemindersLink,
} from '../respondents/respondents.service.ts';
import { respondentLinkEmail } from '../respondents/respondents.emails.ts';
import { nextAssessmentEmail } from './next.emails.ts';

type Db = Database | Tx;
const DAY = 86_400_000;

/** Who starts it: a member (by hand), or a schedule (no user; named in `email` and `name`). */
export type NextScope = AuditScope & { tenantId: string; name: string };

export interface NextOptions {
  /** Default: the framework and the period of the due date (of today without one). */
  name?: string | undefined;
  dueDate: string | null;
  /** Default: the previous assessment's owner while still a member, else the caller. */
  ownerId?: string | null | undefined;
  useNewestVersion: boolean;
  /** Default: the previous assessment's (sections no longer in the version dropped). */
  scope?: AssessmentScope | undefined;
  targets?: Record<string, number | null> | undefined;
  reinviteRespondents: boolean;
  /** The schedule starting it (for the audit entry and the default name's period). */
  schedule?: { id: string; cadence: ScheduleCadence } | undefined;
  /** "Now" of the run (the link's expiry and the default name): a controlled clock in tests. */
  now?: Date | undefined;
}

/** An e-mail to send once the transaction has committed. */
interface Invitation {
  row: typeof respondents.$inferSelect;
  token: string;
}

export interface NextCreated extends NextAssessmentResult {
  tenantId: string;
  accountId: string;
  ownerId: string | null;
  dueDate: string | null;
  /** The client-facing language, carried from the previous assessment. */
  language: Locale | null;
  previousName: string | null;
  invitations: Invitation[];
  /** Whether the owner gets the notice (not when they started it themselves). */
  notifyOwner: boolean;
}

const notCompleted = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.notCompleted,
    409,
    'The next assessment starts from a completed one. Complete this assessment first.',
  );
const frameworkGone = (archived: boolean) =>
  new AppError(
    ASSESSMENT_ERROR_CODES.frameworkNotFound,
    404,
    archived
      ? 'That framework is archived; start assessments on a current one.'
      : 'There is no such published framework.',
  );

async function frameworkOf(db: Db, accountId: string, frameworkId: string) {
  const [fw] = await db
    .select({
      key: frameworks.key,
      name: frameworks.name,
      latest: frameworks.latestVersion,
      archivedAt: frameworks.archivedAt,
    })
    .from(frameworks)
    .where(
      and(
        eq(frameworks.id, frameworkId),
        or(isNull(frameworks.accountId), eq(frameworks.accountId, accountId)),
      ),
    );
  if (!fw || fw.archivedAt || !fw.latest) throw frameworkGone(Boolean(fw?.archivedAt));
  return { ...fw, latest: fw.latest };
}

/** The owner: the one asked for (checked), else the previous one while a member, else `fallback`. */
async function ownerFor(
  db: Db,
  accountId: string,
  asked: string | null | undefined,
  previous: string | null,
  fallback: string | null,
): Promise<string | null> {
  if (asked) {
    await assertOwner(db, accountId, asked);
    return asked;
  }
  if (previous) {
    try {
      await assertOwner(db, accountId, previous);
      return previous;
    } catch {
      // The previous owner left the account: the caller owns it.
    }
  }
  return fallback;
}

/**
 * The evidence linked to the carried answers goes with them (docs/evidence.md): the links are
 * copied into the next assessment, `carried_from_assessment_id` naming where they came from.
 */
async function carryEvidence(
  tx: Tx,
  accountId: string,
  fromId: string,
  toId: string,
  keys: ReadonlySet<string>,
): Promise<void> {
  if (!keys.size) return;
  const links = await tx
    .select()
    .from(answerEvidence)
    .where(
      and(
        eq(answerEvidence.accountId, accountId),
        eq(answerEvidence.assessmentId, fromId),
        inArray(answerEvidence.questionKey, [...keys]),
      ),
    );
  if (!links.length) return;
  await tx
    .insert(answerEvidence)
    .values(links.map((l) => ({ ...l, assessmentId: toId, carriedFromAssessmentId: fromId })));
}

/**
 * Starts the next assessment of `previousId` in the caller's transaction (see the file's
 * comment); 404 when it is not on the scope's tenant, 409 when it is not completed.
 */
export async function createNextAssessment(
  tx: Tx,
  scope: NextScope,
  previousId: string,
  opts: NextOptions,
): Promise<NextCreated> {
  const [prev] = await tx
    .select()
    .from(assessments)
    .where(
      and(
        eq(assessments.id, previousId),
        eq(assessments.accountId, scope.accountId),
        eq(assessments.tenantId, scope.tenantId),
      ),
    );
  if (!prev) throw assessmentNotFound();
  if (prev.status !== 'completed') throw notCompleted();
  const fw = await frameworkOf(tx, scope.accountId, prev.frameworkId);
  const version =
    opts.useNewestVersion && fw.latest > prev.frameworkVersion ? fw.latest : prev.frameworkVersion;
  const answers = await tx
    .select()
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, prev.id),
        eq(assessmentAnswers.accountId, scope.accountId),
      ),
    );
  // On a newer version, the carry-forward plan decides which answers still fit their question.
  const moved =
    version > prev.frameworkVersion
      ? await plan(tx, { ...prev, review: [] }, version, answers)
      : null;
  const nextScope = opts.scope ?? moved?.nextScope ?? prev.scope;
  const targets =
    opts.targets ??
    (moved
      ? Object.fromEntries(
          Object.entries(prev.targets).filter(([k]) => k in moved.next.defaultTargets),
        )
      : prev.targets);
  const checked = await checkedScope(tx, prev.frameworkId, version, nextScope, targets);
  const carried = answers.filter(
    (r) =>
      checked.framework.questions.has(r.questionKey) &&
      (!moved || r.questionKey in moved.scoreInput),
  );
  const now = opts.now ?? new Date();
  const ownerId = await ownerFor(tx, scope.accountId, opts.ownerId, prev.ownerId, scope.userId);
  const id = randomUUID();
  const name =
    opts.name ?? periodName(fw.name, opts.dueDate ?? utcDay(now), opts.schedule?.cadence);
  await insertAssessment(tx, scope, {
    id,
    frameworkId: prev.frameworkId,
    frameworkVersion: version,
    frameworkKey: fw.key,
    frameworkName: fw.name,
    name,
    ownerId,
    dueDate: opts.dueDate,
    language: prev.language,
    scope: checked.assessmentScope,
    targets: checked.targets,
    progress: checked.progress,
    previousAssessmentId: prev.id,
    createdBy: scope.userId,
  });
  if (carried.length) {
    await tx.insert(assessmentCarriedAnswers).values(
      carried.map((r) => ({
        assessmentId: id,
        accountId: scope.accountId,
        questionKey: r.questionKey,
        value: r.value,
        na: r.na,
        note: r.note,
        fromAssessmentId: prev.id,
        answeredByName: r.answeredByName,
        answeredAt: r.answeredAt,
      })),
    );
  }
  await carryEvidence(tx, scope.accountId, prev.id, id, new Set(carried.map((r) => r.questionKey)));
  const invitations = opts.reinviteRespondents
    ? await inviteAgain(tx, scope, prev.id, id, checked.framework, opts.dueDate, now)
    : [];
  await recordAudit(tx, scope, {
    action: 'assessments.started_from_previous',
    targetType: 'assessment',
    targetId: id,
    data: {
      name,
      tenantId: scope.tenantId,
      previousId: prev.id,
      previousName: prev.name,
      version,
      carried: carried.length,
      reinvited: invitations.length,
      scheduleId: opts.schedule?.id ?? null,
    },
  });
  return {
    id,
    name,
    frameworkVersion: version,
    carried: carried.length,
    reinvited: invitations.length,
    tenantId: scope.tenantId,
    accountId: scope.accountId,
    ownerId,
    dueDate: opts.dueDate,
    language: prev.language,
    previousName: prev.name,
    invitations,
    notifyOwner: ownerId !== null && ownerId !== scope.userId,
  };
}

/**
 * The first assessment of a tenant on a framework (a schedule by tag reaching a tenant with no
 * completed one): from scratch, on the newest published version, nothing carried.
 */
export async function createFirstAssessment(
  tx: Tx,
  scope: NextScope,
  frameworkId: string,
  opts: NextOptions & { ownerId: string | null },
): Promise<NextCreated> {
  const fw = await frameworkOf(tx, scope.accountId, frameworkId);
  const checked = await checkedScope(
    tx,
    frameworkId,
    fw.latest,
    opts.scope ?? { sections: null, tags: null },
    opts.targets ?? {},
  );
  if (opts.ownerId) await assertOwner(tx, scope.accountId, opts.ownerId);
  const id = randomUUID();
  const now = opts.now ?? new Date();
  const name =
    opts.name ?? periodName(fw.name, opts.dueDate ?? utcDay(now), opts.schedule?.cadence);
  await insertAssessment(tx, scope, {
    id,
    frameworkId,
    frameworkVersion: fw.latest,
    frameworkKey: fw.key,
    frameworkName: fw.name,
    name,
    ownerId: opts.ownerId,
    dueDate: opts.dueDate,
    scope: checked.assessmentScope,
    targets: checked.targets,
    progress: checked.progress,
    createdBy: scope.userId,
  });
  return {
    id,
    name,
    frameworkVersion: fw.latest,
    carried: 0,
    reinvited: 0,
    tenantId: scope.tenantId,
    accountId: scope.accountId,
    ownerId: opts.ownerId,
    dueDate: opts.dueDate,
    language: null,
    previousName: null,
    invitations: [],
    notifyOwner: opts.ownerId !== null && opts.ownerId !== scope.userId,
  };
}

/** How long a new link lasts: a week past the due date, at least the usual 30 days, at most a year. */
function linkExpiry(dueDate: string | null, now: Date): Date {
  const min = now.getTime() + ASSESSMENT_LIMITS.linkDaysDefault * DAY;
  const max = now.getTime() + ASSESSMENT_LIMITS.linkDaysMax * DAY;
  const due = dueDate ? Date.parse(`${dueDate}T00:00:00Z`) + 8 * DAY : min;
  return new Date(Math.min(max, Math.max(min, due)));
}

/** The previous assessment's respondents (not revoked), added to the new one with new links. */
async function inviteAgain(
  tx: Tx,
  scope: NextScope,
  previousId: string,
  assessmentId: string,
  framework: Awaited<ReturnType<typeof checkedScope>>['framework'],
  dueDate: string | null,
  now: Date,
): Promise<Invitation[]> {
  const before = await tx
    .select()
    .from(respondents)
    .where(
      and(
        eq(respondents.assessmentId, previousId),
        eq(respondents.accountId, scope.accountId),
        isNull(respondents.revokedAt),
      ),
    )
    .orderBy(respondents.createdAt, respondents.id);
  const known = new Set<string>();
  for (const info of framework.questions.values()) for (const k of info.path) known.add(k);
  const expiresAt = linkExpiry(dueDate, now);
  const out: Invitation[] = [];
  for (const r of before) {
    // Their sections still in the assessment; nobody is invited to an empty part.
    const sections = r.sections ? r.sections.filter((k) => known.has(k)) : null;
    if (sections && sections.length === 0) continue;
    await assertRespondentLimit(tx, scope.accountId, out.length);
    const token = newToken();
    const [row] = await tx
      .insert(respondents)
      .values({
        id: randomUUID(),
        accountId: scope.accountId,
        tenantId: scope.tenantId,
        assessmentId,
        name: r.name,
        email: r.email,
        sections,
        tokenHash: hashToken(token),
        expiresAt,
        total: respondentPart(framework, sections).questions.size,
        createdBy: scope.userId,
      })
      .returning();
    out.push({ row: row!, token });
  }
  if (out.length) {
    await tx
      .update(assessments)
      .set({ respondentsTotal: out.length })
      .where(and(eq(assessments.id, assessmentId), eq(assessments.accountId, scope.accountId)));
  }
  return out;
}

/**
 * After the commit: each re-invited respondent gets the invitation e-mail with their new link,
 * and the owner the notice (unless they started it). A mail that cannot be queued is logged,
 * never undoes the start: the assessor can resend a link from the assessment.
 */
export async function sendNextAssessmentMails(
  db: Database,
  mail: MailContext,
  created: NextCreated,
  startedBy: string,
): Promise<void> {
  if (!created.invitations.length && !created.notifyOwner) return;
  const [ctx] = await db
    .select({
      tenantName: tenants.name,
      accountName: accounts.name,
      ownerEmail: users.email,
      ownerName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(tenants)
    .innerJoin(accounts, eq(accounts.id, tenants.accountId))
    .leftJoin(users, eq(users.id, sql`${created.ownerId}`))
    .where(and(eq(tenants.id, created.tenantId), eq(tenants.accountId, created.accountId)));
  if (!ctx) return;
  const brand = created.invitations.length
    ? await mailBrand(db, created.accountId, mail.publicUrl)
    : null;
  for (const { row, token } of created.invitations) {
    try {
      await mail.mailer.send(
        respondentLinkEmail({
          to: row.email,
          name: row.name,
          link: respondentLink(mail.publicUrl, row, token),
          stopLink: stopRemindersLink(mail.publicUrl, row, token),
          expiresAt: row.expiresAt,
          assessmentName: created.name,
          tenantName: ctx.tenantName,
          accountName: ctx.accountName,
          sentBy: startedBy,
          locale: mailLocale(created.language, row.locale),
          brand,
        }),
      );
      await logInvitation(db, row, null);
    } catch (err) {
      mail.log.warn({ err, respondentId: row.id }, 'could not send the respondent link');
    }
  }
  if (created.notifyOwner && ctx.ownerEmail) {
    try {
      await mail.mailer.send(
        nextAssessmentEmail({
          to: ctx.ownerEmail,
          ownerName: ctx.ownerName,
          assessmentName: created.name,
          previousName: created.previousName,
          tenantName: ctx.tenantName,
          dueDate: created.dueDate,
          carried: created.carried,
          reinvited: created.reinvited,
          startedBy,
          link: `${mail.publicUrl}/tenant/${encodeURIComponent(created.tenantId)}/assessments/${encodeURIComponent(created.id)}`,
        }),
      );
    } catch (err) {
      mail.log.warn({ err, assessmentId: created.id }, 'could not send the owner notice');
    }
  }
}

/** "Start next assessment" by hand: one transaction, then the e-mails. */
export async function startNextAssessment(
  db: Database,
  scope: NextScope & { userId: string },
  previousId: string,
  opts: NextOptions,
  mail: MailContext,
): Promise<NextAssessmentResult> {
  const created = await db.transaction((tx) => createNextAssessment(tx, scope, previousId, opts));
  await sendNextAssessmentMails(db, mail, created, scope.name);
  return {
    id: created.id,
    name: created.name,
    frameworkVersion: created.frameworkVersion,
    carried: created.carried,
    reinvited: created.reinvited,
  };
}
