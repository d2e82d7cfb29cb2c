/**
 * Second factors (docs/identity.md): what admin/security shows of one's own (the authenticator
 * app, backup codes left, passkeys), the account's "require a second factor" setting, and
 * resetting a person's lost second factors — by an owner for a member of the account, or by a
 * system admin for anyone (modules/service-console/users). Setting up and using a factor is
 * Better Auth's (its two-factor and passkey plugins, under /api/auth); the gate that no
 * sign-in path skips one is auth/second-factor.ts.
 */
import {
  SECOND_FACTOR_ERROR_CODES,
  SECOND_FACTOR_GRACE_DAYS,
  type SecondFactorClaim,
  type SecondFactorPolicy,
  type SecondFactorReset,
  type SecondFactorStatus,
} from '@tenantry/shared';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import type { AccountContext } from '../../auth/types.ts';
import { queryRows, type Database, type Tx } from '../../db/client.ts';
import {
  accounts,
  memberships,
  passkeys,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';
import { recordAudit } from '../audit/audit.service.ts';

/** GET /me/second-factors: the caller's authenticator app, backup codes and passkeys. */
export async function secondFactorStatus(
  db: Database,
  auth: Auth,
  userId: string,
  policy: SecondFactorClaim,
): Promise<SecondFactorStatus> {
  const [[totp], keys] = await Promise.all([
    db
      .select({ enabled: users.twoFactorEnabled, verified: twoFactors.verified })
      .from(users)
      .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
      .where(eq(users.id, userId)),
    db
      .select({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        deviceType: passkeys.deviceType,
        backedUp: passkeys.backedUp,
      })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id)),
  ]);
  const enabled = totp?.enabled === true && totp.verified === true;
  let backupCodesLeft: number | null = null;
  if (enabled) {
    // The codes are stored encrypted with the auth secret: Better Auth reads them.
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    backupCodesLeft = backupCodes.length;
  }
  return {
    totp: { enabled, backupCodesLeft },
    passkeys: keys.map((k) => ({ ...k, createdAt: k.createdAt?.toISOString() ?? null })),
    policy,
  };
}

/** Whether a user has a second factor (an authenticator app, a passkey). */
async function hasSecondFactor(db: Database | Tx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ enrolled: boolean }>(
    db,
    sql`select ((u.two_factor_enabled and exists (
          select 1 from two_factors f where f.user_id = u.id and f.verified))
        or exists (select 1 from passkeys p where p.user_id = u.id)) as enrolled
      from users u where u.id = ${userId}`,
  );
  return row?.enrolled === true;
}

/** The account's requirement as the owners see it (admin/security). */
export async function getSecondFactorPolicy(
  db: Database | Tx,
  ctx: Pick<AccountContext, 'accountId'>,
): Promise<SecondFactorPolicy> {
  const [row] = await queryRows<{ since: Date | string | null; without: number }>(
    db,
    sql`select a.require_second_factor_since as since,
        (select count(*)::int from memberships m join users u on u.id = m.user_id
          where m.account_id = a.id
            and not (u.two_factor_enabled and exists (
              select 1 from two_factors f where f.user_id = u.id and f.verified))
            and not exists (select 1 from passkeys p where p.user_id = u.id)) as without
      from accounts a where a.id = ${ctx.accountId}`,
  );
  if (!row) throw notFound('This account no longer exists.');
  return {
    required: row.since !== null,
    since: row.since === null ? null : new Date(row.since).toISOString(),
    graceDays: SECOND_FACTOR_GRACE_DAYS,
    membersWithout: row.without,
  };
}

/**
 * Turns "require a second factor" on or off (owners; audited). Turning it on needs the owner's
 * own second factor first (409), and starts every member's days to enrol now; turning it on
 * again while on changes nothing (the members' days are not restarted).
 */
export async function setSecondFactorPolicy(
  db: Database,
  ctx: AccountContext,
  required: boolean,
): Promise<SecondFactorPolicy> {
  if (required && !(await hasSecondFactor(db, ctx.userId))) {
    throw new AppError(
      SECOND_FACTOR_ERROR_CODES.ownFactorFirst,
      409,
      'Set up your own authenticator app or passkey first: the requirement applies to you too.',
    );
  }
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(accounts)
      .set({ requireSecondFactorSince: required ? sql`now()` : null })
      .where(
        and(
          eq(accounts.id, ctx.accountId),
          required
            ? sql`${accounts.requireSecondFactorSince} is null`
            : sql`${accounts.requireSecondFactorSince} is not null`,
        ),
      )
      .returning({ id: accounts.id });
    if (changed.length > 0) {
      await recordAudit(tx, ctx, {
        action: 'security.second_factor_policy_changed',
        targetType: 'account',
        targetId: ctx.accountId,
        data: { required },
      });
    }
    return getSecondFactorPolicy(tx, ctx);
  });
}

/**
 * Removes a user's second factors — the authenticator app (with its backup codes), every
 * passkey, every remembered device — and ends their sessions (a lost device may still hold
 * one). Answers what was removed and the ended sessions' ids.
 */
export async function removeSecondFactors(
  tx: Tx,
  userId: string,
): Promise<{ totpRemoved: boolean; passkeysRemoved: number; sessionIds: string[] }> {
  const totp = await tx
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ verified: twoFactors.verified });
  await tx
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
  const keys = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  await tx
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, 'trust-device-%')));
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return {
    totpRemoved: totp.some((t) => t.verified),
    passkeysRemoved: keys.length,
    sessionIds: ended.map((s) => s.id),
  };
}

const resetRefused = (message: string) =>
  new AppError(SECOND_FACTOR_ERROR_CODES.resetRefused, 403, message);

/**
 * POST /members/{userId}/second-factors/reset (owners): a member who lost their device gets
 * their second factors removed and their sessions ended, audited in the account's log and
 * e-mailed to them. Not one's own (admin/security does that, with the password) nor a system
 * admin's (the service team's own second factor is theirs to reset): 403. Another account's
 * person is a 404.
 */
export async function resetMemberSecondFactors(
  db: Database,
  mail: MailContext,
  ctx: AccountContext,
  userId: string,
  forgetSessions: (ids: readonly string[]) => void,
): Promise<SecondFactorReset> {
  const result = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ email: users.email, isSystemAdmin: users.isSystemAdmin, name: accounts.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(and(eq(memberships.accountId, ctx.accountId), eq(memberships.userId, userId)))
      .for('update', { of: memberships });
    if (!member) throw notFound('There is no such member in this account.');
    if (userId === ctx.userId) {
      throw resetRefused('Manage your own second factors under Security, with your password.');
    }
    if (member.isSystemAdmin) {
      throw resetRefused('A Tenantry system admin’s second factor is reset by the service team.');
    }
    const removed = await removeSecondFactors(tx, userId);
    await recordAudit(tx, ctx, {
      action: 'members.second_factors_reset',
      targetType: 'user',
      targetId: userId,
      data: {
        email: member.email,
        totpRemoved: removed.totpRemoved,
        passkeysRemoved: removed.passkeysRemoved,
      },
    });
    return { ...removed, email: member.email, accountName: member.name };
  });
  forgetSessions(result.sessionIds);
  await sendResetNotice(mail, result.email, `${ctx.email}, an owner of “${result.accountName}”,`);
  return {
    userId,
    totpRemoved: result.totpRemoved,
    passkeysRemoved: result.passkeysRemoved,
    sessionsEnded: result.sessionIds.length,
  };
}

/** The e-mail that tells a person their second factors were reset, and by whom. */
export async function sendResetNotice(
  mail: MailContext,
  to: string,
  byWhom: string,
): Promise<void> {
  try {
    await mail.mailer.send(
      layout(
        to,
        'Your Tenantry second factors were reset',
        [
          `${byWhom} reset the second factors of your Tenantry sign-in: your authenticator app and your passkeys are removed, and your sessions are ended.`,
          'Sign in with your password and set up a new authenticator app or passkey under Account → Security.',
          'If you did not ask for this, contact your account owner or Tenantry support at once.',
        ],
        { url: `${mail.publicUrl}/signin`, label: 'Sign in' },
      ),
    );
  } catch (err) {
    mail.log.warn({ err }, 'could not e-mail a second-factor reset notice');
  }
}
