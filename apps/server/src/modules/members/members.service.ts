import { MEMBER_ERROR_CODES, can, type AccountRole, type Member } from '@tenantry/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts, memberships, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

const memberNotFound = () => notFound('There is no such member in this account.');

export const lastOwner = (message: string) =>
  new AppError(MEMBER_ERROR_CODES.lastOwner, 409, message);

export async function listMembers(db: Database, scope: AccountContext): Promise<Member[]> {
  return listAccountMembers(db, scope.accountId);
}

/** The account's members, by when they joined (also the service console's account page). */
export async function listAccountMembers(db: Database, accountId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: memberships.userId,
      name: users.name,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      secondFactor: sql<boolean>`((${users.twoFactorEnabled} and exists (
          select 1 from two_factors f where f.user_id = ${users.id} and f.verified))
        or exists (select 1 from passkeys p where p.user_id = ${users.id}))`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId));
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}

/**
 * Locks the account row for the rest of the transaction, so two concurrent demotions or
 * removals cannot both see "another owner is left" (the last-owner rule).
 */
async function lockAccount(tx: Tx, accountId: string): Promise<void> {
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!rows[0]) throw notFound('This account no longer exists.');
}

async function ownerCount(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')));
  return row?.n ?? 0;
}

async function findMember(tx: Tx, accountId: string, userId: string) {
  const rows = await tx
    .select({ role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Ends a membership; clears the user's active account when it pointed there. */
async function deleteMembership(tx: Tx, accountId: string, userId: string): Promise<void> {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  await tx
    .update(users)
    .set({ activeAccountId: null })
    .where(and(eq(users.id, userId), eq(users.activeAccountId, accountId)));
}

export async function changeRole(
  db: Database,
  actor: AccountContext,
  input: { userId: string; role: AccountRole },
): Promise<Member> {
  const { userId, role } = input;
  await db.transaction(async (tx) => {
    await lockAccount(tx, actor.accountId);
    const target = await findMember(tx, actor.accountId, userId);
    if (!target) throw memberNotFound();
    if (target.role === role) return;
    if ((target.role === 'owner' || role === 'owner') && !can(actor.role, 'members.manageOwners')) {
      throw forbidden('Only an owner can make someone an owner or change an owner’s role.');
    }
    if (target.role === 'owner' && (await ownerCount(tx, actor.accountId)) <= 1) {
      throw lastOwner('The last owner cannot be demoted. Make someone else an owner first.');
    }
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
    await recordAudit(tx, actor, {
      action: 'members.role_changed',
      targetType: 'user',
      targetId: userId,
      data: { email: target.email, from: target.role, to: role },
    });
  });
  const member = (await listMembers(db, actor)).find((m) => m.userId === userId);
  if (!member) throw memberNotFound();
  return member;
}

export async function removeMember(
  db: Database,
  actor: AccountContext,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, actor.accountId);
    const target = await findMember(tx, actor.accountId, userId);
    if (!target) throw memberNotFound();
    if (target.role === 'owner') {
      if (!can(actor.role, 'members.manageOwners')) {
        throw forbidden('Only an owner can remove an owner.');
      }
      if ((await ownerCount(tx, actor.accountId)) <= 1) {
        throw lastOwner('The last owner cannot be removed. Make someone else an owner first.');
      }
    }
    await deleteMembership(tx, actor.accountId, userId);
    await recordAudit(tx, actor, {
      action: 'members.removed',
      targetType: 'user',
      targetId: userId,
      data: { email: target.email, role: target.role },
    });
  });
}

export async function leaveAccount(db: Database, actor: AccountContext): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, actor.accountId);
    const me = await findMember(tx, actor.accountId, actor.userId);
    if (!me) throw memberNotFound();
    if (me.role === 'owner' && (await ownerCount(tx, actor.accountId)) <= 1) {
      throw lastOwner('You are the last owner and cannot leave. Make someone else an owner first.');
    }
    await deleteMembership(tx, actor.accountId, actor.userId);
    await recordAudit(tx, actor, {
      action: 'members.left',
      targetType: 'user',
      targetId: actor.userId,
      data: { email: me.email, role: me.role },
    });
  });
}

/** Whether `email` (any case) already belongs to a member of the account. */
export async function isMemberEmail(tx: Tx | Database, accountId: string, email: string) {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return rows.length > 0;
}
