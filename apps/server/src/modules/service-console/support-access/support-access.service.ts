/**
 * Support access (docs/service-console.md, "Support access"): the owners' grant that lets the
 * Tenantry support desk open the account's app as one of its users, and the support session a
 * system admin opens with it — or without it, by a written reason the owners are e-mailed.
 * The session itself is Better Auth's admin-plugin impersonation; the claims (auth/claims.ts)
 * keep it to this one account, end it with the grant, and the guards keep it read-only.
 */
import {
  SUPPORT_ACCESS_ERROR_CODES,
  type SupportAccess,
  type SupportAccessOverview,
  type SupportSessionInput,
} from '@tenantry/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AccountContext } from '../../../auth/types.ts';
import type { Database } from '../../../db/client.ts';
import { accounts, memberships, sessions, users } from '../../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import { layout } from '../../../lib/mail/layout.ts';
import { mailAccountOwners } from '../../members/owners.service.ts';
import { recordAudit } from '../../audit/audit.service.ts';

const DAY_MS = 86_400_000;

function toAccess(until: Date | null, now = new Date()): SupportAccess {
  return { until: until?.toISOString() ?? null, active: until !== null && until > now };
}

/** The account's grant (owners read it in admin/security). */
export async function getSupportAccess(
  db: Database,
  ctx: Pick<AccountContext, 'accountId'>,
): Promise<SupportAccess> {
  const [row] = await db
    .select({ until: accounts.supportAccessUntil })
    .from(accounts)
    .where(eq(accounts.id, ctx.accountId));
  return toAccess(row?.until ?? null);
}

/** Lets the support desk in for `days` days from now (replacing any earlier grant; audited). */
export async function grantSupportAccess(
  db: Database,
  ctx: AccountContext,
  days: number,
  now = new Date(),
): Promise<SupportAccess> {
  const until = new Date(now.getTime() + days * DAY_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ supportAccessUntil: until })
      .where(eq(accounts.id, ctx.accountId));
    await recordAudit(tx, ctx, {
      action: 'support_access.granted',
      targetType: 'account',
      targetId: ctx.accountId,
      data: { days, until: until.toISOString() },
    });
  });
  return toAccess(until, now);
}

/**
 * Ends the grant (audited) and every support session opened under it (one opened by a written
 * reason is the staff member's own responsibility and runs its 60 minutes).
 */
export async function revokeSupportAccess(
  db: Database,
  ctx: AccountContext,
): Promise<SupportAccess> {
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ supportAccessUntil: null })
      .where(eq(accounts.id, ctx.accountId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.supportAccountId, ctx.accountId), isNull(sessions.supportReason)));
    await recordAudit(tx, ctx, {
      action: 'support_access.revoked',
      targetType: 'account',
      targetId: ctx.accountId,
    });
  });
  return toAccess(null);
}

/** The account's grant and the members a support session may view as (404 without it). */
export async function supportAccessOverview(
  db: Database,
  accountId: string,
): Promise<SupportAccessOverview> {
  const [account] = await db
    .select({ until: accounts.supportAccessUntil })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound('No such account.');
  const members = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(users.isSystemAdmin, false)))
    .orderBy(asc(users.email))
    .limit(500);
  return { grant: toAccess(account.until), members };
}

export interface SupportTarget {
  accountId: string;
  accountName: string;
  userId: string;
  userEmail: string;
  /** True when the owners' grant is active (then a reason is optional and not e-mailed). */
  viaGrant: boolean;
}

/**
 * Checks that a support session may open: the account exists (404), the user is a member of it
 * (404, never a hint about users elsewhere) and no system admin (403), and the owners' grant is
 * active or a written reason is given (400 `support_access.reason_required`).
 */
export async function checkSupportSession(
  db: Database,
  accountId: string,
  input: SupportSessionInput,
  now = new Date(),
): Promise<SupportTarget> {
  const [row] = await db
    .select({
      name: accounts.name,
      until: accounts.supportAccessUntil,
      userId: users.id,
      email: users.email,
      isSystemAdmin: users.isSystemAdmin,
    })
    .from(accounts)
    .leftJoin(
      memberships,
      and(eq(memberships.accountId, accounts.id), eq(memberships.userId, input.userId)),
    )
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound('No such account.');
  if (!row.userId || !row.email) throw notFound('No such member of this account.');
  if (row.isSystemAdmin) throw forbidden('A system admin cannot be viewed as.');
  const viaGrant = row.until !== null && row.until > now;
  if (!viaGrant && !input.reason) {
    throw new AppError(
      SUPPORT_ACCESS_ERROR_CODES.reasonRequired,
      400,
      'The owners have not granted support access: give a written reason (at least 10 characters); they will be e-mailed it.',
    );
  }
  return { accountId, accountName: row.name, userId: row.userId, userEmail: row.email, viaGrant };
}

/**
 * Marks the session Better Auth just made as this account's support session (the claims refuse
 * an impersonated session without it), audits the start in the account's own log and, when it
 * was opened by a reason, e-mails every owner of the account.
 */
export async function noteSupportSession(
  db: Database,
  mail: MailContext,
  actor: { userId: string; email: string },
  target: SupportTarget,
  sessionId: string,
  reason: string | undefined,
): Promise<void> {
  const written = target.viaGrant ? null : (reason ?? null);
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ supportAccountId: target.accountId, supportReason: written })
      .where(eq(sessions.id, sessionId));
    await recordAudit(
      tx,
      { accountId: target.accountId, userId: actor.userId, email: actor.email },
      {
        action: 'support_access.started',
        targetType: 'user',
        targetId: target.userId,
        data: { as: target.userEmail, viaGrant: target.viaGrant, reason: reason ?? null },
      },
    );
  });
  if (written === null) return;
  await mailAccountOwners(db, mail, target.accountId, 'a support access e-mail', (email) =>
    layout(email, `Tenantry support is viewing your account “${target.accountName}”`, [
      `${actor.email} of the Tenantry support team opened the account “${target.accountName}” as ${target.userEmail}, read-only, for at most 60 minutes.`,
      `Reason: ${written}`,
      'Every page they open is recorded in the account’s audit log (Account → Audit log). Answer this e-mail if you have a question.',
    ]),
  );
}
