/**
 * The service console's actions on an account (docs/service-console.md, "Accounts"): suspend and
 * restore (the owners are e-mailed) and transfer of ownership; each audited in the account's log.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { accountDeletions, accounts, memberships, users } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import { layout } from '../../../lib/mail/layout.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { mailAccountOwners } from '../../members/owners.service.ts';
import type { SuspendAccountInput } from './accounts.service.ts';

const accountNotFound = () => notFound('Account not found.');
const conflict = (message: string) => new AppError('common.conflict', 409, message);

/** The account, locked for the rest of the transaction (404 when there is none). */
async function lockAccount(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ a: accounts, deletion: accountDeletions.accountId })
    .from(accounts)
    .leftJoin(accountDeletions, eq(accountDeletions.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .for('update', { of: accounts });
  if (!row) throw accountNotFound();
  return { account: row.a, deletionScheduled: row.deletion !== null };
}

const auditScope = (accountId: string, actor: Actor) => ({
  accountId,
  userId: actor.userId,
  email: actor.email,
});

/**
 * POST /service/accounts/{accountId}/suspend: its people may still sign in and read, never
 * write (auth/guards.ts refuseChange: 423 `account.suspended`), and are shown the reason.
 * 409 when it is suspended already.
 */
export async function suspendAccount(
  db: Database,
  mail: MailContext,
  actor: Actor,
  accountId: string,
  input: SuspendAccountInput,
  now = new Date(),
): Promise<void> {
  const name = await db.transaction(async (tx) => {
    const { account } = await lockAccount(tx, accountId);
    if (account.suspendedAt) {
      throw conflict(`This account is suspended already: ${account.suspendedReason ?? ''}`);
    }
    await tx
      .update(accounts)
      .set({ suspendedAt: now, suspendedReason: input.reason })
      .where(eq(accounts.id, accountId));
    await recordAudit(tx, auditScope(accountId, actor), {
      action: 'service.account_suspended',
      targetType: 'account',
      targetId: accountId,
      data: { reason: input.reason },
    });
    return account.name;
  });
  await mailAccountOwners(db, mail, accountId, 'a suspension e-mail', (to) =>
    layout(to, `Your Tenantry account “${name}” is suspended`, [
      `The Tenantry team suspended the account “${name}”. Its people can still sign in and read everything, but nothing can be changed until it is restored.`,
      `Reason: ${input.reason}`,
      'Nothing has been deleted. Answer this e-mail to reach the team.',
    ]),
  );
}

/**
 * POST /service/accounts/{accountId}/restore: ends the suspension. 409 when it is not
 * suspended, and while its deletion is scheduled (cancel the deletion instead: that puts back
 * what it had before).
 */
export async function restoreAccount(
  db: Database,
  mail: MailContext,
  actor: Actor,
  accountId: string,
) {
  const name = await db.transaction(async (tx) => {
    const { account, deletionScheduled } = await lockAccount(tx, accountId);
    if (deletionScheduled) {
      throw conflict(
        'The deletion of this account is scheduled. Cancel the deletion to give it back.',
      );
    }
    if (!account.suspendedAt) throw conflict('This account is not suspended.');
    await tx
      .update(accounts)
      .set({ suspendedAt: null, suspendedReason: null })
      .where(eq(accounts.id, accountId));
    await recordAudit(tx, auditScope(accountId, actor), {
      action: 'service.account_restored',
      targetType: 'account',
      targetId: accountId,
      data: { reason: account.suspendedReason },
    });
    return account.name;
  });
  await mailAccountOwners(db, mail, accountId, 'a restore e-mail', (to) =>
    layout(to, `Your Tenantry account “${name}” is restored`, [
      `The suspension of the account “${name}” has ended: its people can work in it again.`,
    ]),
  );
}

/**
 * POST /service/accounts/{accountId}/transfer: makes the member `userId` the account's only
 * owner; the owners before become admins. 404 for someone who is not a member, 409 when they
 * are its only owner already.
 */
export async function transferOwnership(
  db: Database,
  actor: Actor,
  accountId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const rows = await tx
      .select({ userId: memberships.userId, role: memberships.role, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.accountId, accountId))
      .orderBy(asc(memberships.createdAt));
    const target = rows.find((r) => r.userId === userId);
    if (!target) throw notFound('There is no such member in this account.');
    const owners = rows.filter((r) => r.role === 'owner');
    if (target.role === 'owner' && owners.length === 1) {
      throw conflict(`${target.email} is the account’s owner already.`);
    }
    await tx
      .update(memberships)
      .set({ role: sql`case when ${memberships.userId} = ${userId} then 'owner' else 'admin' end` })
      .where(
        and(
          eq(memberships.accountId, accountId),
          sql`(${memberships.role} = 'owner' or ${memberships.userId} = ${userId})`,
        ),
      );
    await recordAudit(tx, auditScope(accountId, actor), {
      action: 'service.ownership_transferred',
      targetType: 'member',
      targetId: userId,
      data: {
        toEmail: target.email,
        fromEmails: owners.filter((o) => o.userId !== userId).map((o) => o.email),
      },
    });
  });
}
