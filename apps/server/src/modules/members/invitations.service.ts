import { assertLimit } from '../billing/entitlements.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256Hex } from '../../lib/tokens.ts';
import {
  INVITATION_TTL_DAYS,
  MEMBER_ERROR_CODES,
  assignableRoles,
  can,
  type AcceptInvitationResult,
  type AccountRole,
  type Invitation,
  type InvitationPreview,
  type InvitationStatus,
} from '@tenantry/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountContext, SessionState } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { accounts, invitations, memberships, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { invitationEmail } from './invitations.emails.ts';
import { assertUnrestricted, isMemberEmail } from './members.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tokens are 32 random bytes (base64url); only their SHA-256 (hex) is stored. */
export const hashInvitationToken = sha256Hex;

const invitationNotFound = () => notFound('There is no such invitation.');
const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export function invitationStatus(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now = new Date(),
): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

function toInvitation(row: {
  id: string;
  email: string;
  role: AccountRole;
  invitedByEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
}): Invitation {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Pending (not accepted, not revoked, not expired) invitations of the account, newest first. */
export async function listInvitations(db: Database, scope: AccountContext): Promise<Invitation[]> {
  const { accountId } = scope;
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      invitedByEmail: users.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(eq(invitations.accountId, accountId), pending, gt(invitations.expiresAt, new Date())),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map(toInvitation);
}

/**
 * Invites `email` with `role`: replaces a pending invitation for the same address (the old
 * link stops working), and e-mails the link. Answers the invitation (never the token).
 */
export async function createInvitation(
  db: Database,
  actor: AccountContext,
  input: { email: string; role: AccountRole },
  mail: MailContext,
): Promise<Invitation> {
  const email = input.email.trim().toLowerCase();
  // Whoever joins reaches every client tenant until an owner limits them: more than a
  // limited inviter may hand out.
  assertUnrestricted(actor, 'invite people');
  if (!assignableRoles(actor.role).includes(input.role)) {
    throw forbidden(
      `As ${actor.role === 'admin' ? 'an admin' : `a ${actor.role}`} you cannot invite someone as ${input.role}.`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  const accountName = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    if (!account) throw notFound('This account no longer exists.');
    if (await isMemberEmail(tx, actor.accountId, email)) {
      throw new AppError(
        MEMBER_ERROR_CODES.alreadyMember,
        409,
        `${email} is already a member of this account.`,
        {
          email: 'Already a member of this account.',
        },
      );
    }
    const replaced = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.accountId, actor.accountId), eq(invitations.email, email), pending))
      .returning({ id: invitations.id });
    // Members and pending invitations together within the plan's seats.
    await assertLimit(tx, actor.accountId, 'seats', { pendingInvitations: true });
    await tx.insert(invitations).values({
      id,
      accountId: actor.accountId,
      email,
      role: input.role,
      tokenHash: hashInvitationToken(token),
      invitedBy: actor.userId,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, actor, {
      action: 'members.invited',
      targetType: 'invitation',
      targetId: id,
      data: { email, role: input.role, ...(replaced[0] ? { replaced: replaced[0].id } : {}) },
    });
    return account.name;
  });
  await mail.mailer.send(
    invitationEmail({
      to: email,
      accountName,
      role: input.role,
      inviterEmail: actor.email,
      url: `${mail.publicUrl.replace(/\/$/, '')}/invitations/${token}`,
      expiresAt,
    }),
  );
  return toInvitation({
    id,
    email,
    role: input.role,
    invitedByEmail: actor.email,
    createdAt: now,
    expiresAt,
  });
}

export async function revokeInvitation(
  db: Database,
  actor: AccountContext,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: invitations.email, role: invitations.role })
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.accountId, actor.accountId), pending))
      .for('update');
    if (!row) throw invitationNotFound();
    if (row.role === 'owner' && !can(actor.role, 'members.manageOwners')) {
      throw forbidden('Only an owner can revoke an invitation to become an owner.');
    }
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.id, id), eq(invitations.accountId, actor.accountId)));
    await recordAudit(tx, actor, {
      action: 'members.invitation_revoked',
      targetType: 'invitation',
      targetId: id,
      data: { email: row.email, role: row.role },
    });
  });
}

/** What the invitation page shows; anyone holding the token may read it. */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const rows = await db
    .select({
      accountName: accounts.name,
      role: invitations.role,
      email: invitations.email,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  const row = rows[0];
  if (!row) throw invitationNotFound();
  return {
    accountName: row.accountName,
    role: row.role,
    email: row.email,
    status: invitationStatus(row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The signed-in user accepts: in one transaction the membership is created with the
 * invitation's role, the account becomes the user's active account (their `tid`), the
 * invitation is marked accepted and the join is audited.
 */
export async function acceptInvitation(
  db: Database,
  session: Pick<SessionState, 'userId'>,
  token: string,
): Promise<AcceptInvitationResult> {
  const { userId } = session;
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashInvitationToken(token)))
      .for('update');
    if (!inv) throw invitationNotFound();
    const status = invitationStatus(inv);
    if (status !== 'pending') {
      const why = {
        accepted: 'has already been accepted',
        revoked: 'was revoked',
        expired: 'has expired',
      }[status];
      throw new AppError(
        MEMBER_ERROR_CODES.invitationUnusable,
        410,
        `This invitation ${why}. Ask the account’s owner or an admin for a new one.`,
      );
    }
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw notFound('Your user no longer exists.');
    if (user.email.toLowerCase() !== inv.email.toLowerCase()) {
      throw new AppError(
        MEMBER_ERROR_CODES.emailMismatch,
        403,
        `This invitation was sent to ${inv.email}, but you are signed in as ${user.email}. Sign in with ${inv.email} to accept it.`,
      );
    }
    const [account] = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, inv.accountId))
      .for('update');
    if (!account) throw invitationNotFound();
    const existing = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, inv.accountId), eq(memberships.userId, userId)))
      .limit(1);
    if (existing[0]) {
      throw new AppError(
        MEMBER_ERROR_CODES.alreadyMember,
        409,
        `You are already a member of ${account.name}.`,
      );
    }
    await assertLimit(tx, inv.accountId, 'seats');
    const now = new Date();
    await tx.insert(memberships).values({ accountId: inv.accountId, userId, role: inv.role });
    await tx.update(users).set({ activeAccountId: inv.accountId }).where(eq(users.id, userId));
    await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(invitations.id, inv.id), sql`${invitations.acceptedAt} is null`));
    await recordAudit(
      tx,
      { accountId: inv.accountId, userId, email: user.email },
      {
        action: 'members.joined',
        targetType: 'user',
        targetId: userId,
        data: { email: user.email, role: inv.role, invitationId: inv.id },
      },
    );
    return { accountId: account.id, accountName: account.name, role: inv.role };
  });
}
