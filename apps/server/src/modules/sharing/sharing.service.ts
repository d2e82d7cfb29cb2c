import { assertFeature } from '../billing/entitlements.ts';
import { randomUUID } from 'node:crypto';
import {
  mailLocale,
  SHARING_ERROR_CODES,
  type ClientBrand,
  type Locale,
  type Share,
  type ShareRole,
} from '@tenantry/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tenantAccessWhere } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  accounts,
  respondents,
  sessions,
  shareGrants,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { clientBrand, mailBrand, pageBrand } from '../accounts/brand.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getTenant } from '../tenants/tenants.service.ts';
import { shareInvitationEmail } from './sharing.emails.ts';

export const shareNotFound = () =>
  new AppError(SHARING_ERROR_CODES.notFound, 404, 'Share not found.');
export const alreadyShared = () =>
  new AppError(
    SHARING_ERROR_CODES.alreadyShared,
    409,
    'This client tenant is already shared with that e-mail address. Change its role instead.',
    { email: 'Already shared with this address.' },
  );

const shareColumns = {
  id: shareGrants.id,
  tenantId: shareGrants.tenantId,
  tenantName: tenants.name,
  email: shareGrants.email,
  role: shareGrants.role,
  createdAt: shareGrants.createdAt,
  lastUsedAt: shareGrants.lastUsedAt,
};

type ShareRow = {
  id: string;
  tenantId: string;
  tenantName: string;
  email: string;
  role: ShareRole;
  createdAt: Date;
  lastUsedAt: Date | null;
};

function toShare(r: ShareRow): Share {
  return {
    id: r.id,
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    email: r.email,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
  };
}

/**
 * Active grants of the account, with their tenant; optionally of one tenant. Only of the
 * tenants the caller reaches (auth/tenant-access.ts).
 */
async function selectShares(
  db: Database,
  scope: AccountContext,
  tenantId?: string,
): Promise<Share[]> {
  const { accountId } = scope;
  const rows = await db
    .select(shareColumns)
    .from(shareGrants)
    .innerJoin(
      tenants,
      and(eq(tenants.id, shareGrants.tenantId), eq(tenants.accountId, shareGrants.accountId)),
    )
    .where(
      and(
        eq(shareGrants.accountId, accountId),
        tenantAccessWhere(scope),
        tenantId ? eq(shareGrants.tenantId, tenantId) : undefined,
        isNull(shareGrants.revokedAt),
      ),
    )
    .orderBy(desc(shareGrants.createdAt), desc(shareGrants.id))
    // An account has a handful of shares per tenant; this guards the response size.
    .limit(1000);
  return rows.map(toShare);
}

export async function listTenantShares(
  db: Database,
  scope: AccountContext,
  tenantId: string,
): Promise<Share[]> {
  await getTenant(db, scope, tenantId);
  return selectShares(db, scope, tenantId);
}

export async function listAccountShares(db: Database, scope: AccountContext): Promise<Share[]> {
  return selectShares(db, scope);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Shares a client tenant of the actor's account with an e-mail address, audits it, and sends
 * the invitee the link to /sharedSignin/{tenantId}?share={id}.
 */
export async function createShare(
  db: Database,
  actor: AccountContext,
  input: { tenantId: string; email: string; role: ShareRole },
  mail: MailContext,
): Promise<Share> {
  const { tenantId } = input;
  await assertFeature(db, actor.accountId, 'sharing');
  const email = input.email.trim().toLowerCase();
  const id = randomUUID();
  let context: { tenantName: string; accountName: string; sharedBy: string; locale: Locale };
  let created: ShareRow;
  try {
    ({ context, created } = await db.transaction(async (tx) => {
      const tenant = await getTenant(tx, actor, tenantId);
      const [existing] = await tx
        .select({ id: shareGrants.id })
        .from(shareGrants)
        .where(
          and(
            eq(shareGrants.accountId, actor.accountId),
            eq(shareGrants.tenantId, tenantId),
            eq(shareGrants.email, email),
            isNull(shareGrants.revokedAt),
          ),
        )
        .limit(1);
      if (existing) throw alreadyShared();
      const [row] = await tx
        .insert(shareGrants)
        .values({
          id,
          accountId: actor.accountId,
          tenantId,
          email,
          role: input.role,
          createdBy: actor.userId,
        })
        .returning({
          createdAt: shareGrants.createdAt,
          lastUsedAt: shareGrants.lastUsedAt,
        });
      await recordAudit(tx, actor, {
        action: 'sharing.shared',
        targetType: 'share',
        targetId: id,
        data: { tenantId, tenantName: tenant.name, email, role: input.role },
      });
      const [names] = await tx
        .select({ accountName: accounts.name, userName: users.name })
        .from(accounts)
        .leftJoin(users, eq(users.id, actor.userId))
        .where(eq(accounts.id, actor.accountId));
      // The invitee's last known language: what their browser asked for when they last answered
      // this account's assessments as a respondent, if they did (else English).
      const [known] = await tx
        .select({ locale: respondents.locale })
        .from(respondents)
        .where(
          and(
            eq(respondents.accountId, actor.accountId),
            sql`lower(${respondents.email}) = ${email.toLowerCase()}`,
            sql`${respondents.locale} is not null`,
          ),
        )
        .orderBy(sql`${respondents.lastSeenAt} desc nulls last`)
        .limit(1);
      return {
        context: {
          locale: mailLocale(null, known?.locale),
          tenantName: tenant.name,
          accountName: names?.accountName ?? 'A Tenantry account',
          sharedBy: names?.userName?.trim() || actor.email,
        },
        created: {
          id,
          tenantId,
          tenantName: tenant.name,
          email,
          role: input.role,
          createdAt: row?.createdAt ?? new Date(),
          lastUsedAt: row?.lastUsedAt ?? null,
        },
      };
    }));
  } catch (err) {
    // Two shares of the same address at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw alreadyShared();
    throw err;
  }
  try {
    await mail.mailer.send(
      shareInvitationEmail({
        brand: await mailBrand(db, actor.accountId, mail.publicUrl),
        to: email,
        sharedBy: context.sharedBy,
        accountName: context.accountName,
        tenantId,
        shareId: id,
        tenantName: context.tenantName,
        role: input.role,
        publicUrl: mail.publicUrl,
        locale: context.locale,
      }),
    );
  } catch (err) {
    // The share stands; the invitee can still use the link the sharer passes on.
    mail.log.warn({ err, shareId: id }, 'could not send the share invitation');
  }
  return toShare(created);
}

/** The active grant, locked; not found on a tenant outside the actor's access. */
async function findActiveShare(tx: Tx, actor: AccountContext, id: string) {
  const { accountId } = actor;
  const [row] = await tx
    .select({
      id: shareGrants.id,
      tenantId: shareGrants.tenantId,
      email: shareGrants.email,
      role: shareGrants.role,
    })
    .from(shareGrants)
    .innerJoin(
      tenants,
      and(eq(tenants.id, shareGrants.tenantId), eq(tenants.accountId, shareGrants.accountId)),
    )
    .where(
      and(
        eq(shareGrants.id, id),
        eq(shareGrants.accountId, accountId),
        isNull(shareGrants.revokedAt),
        tenantAccessWhere(actor),
      ),
    )
    .for('update', { of: shareGrants })
    .limit(1);
  if (!row) throw shareNotFound();
  return row;
}

export async function changeShareRole(
  db: Database,
  actor: AccountContext,
  input: { id: string; role: ShareRole },
): Promise<Share> {
  const { id, role } = input;
  await db.transaction(async (tx) => {
    const before = await findActiveShare(tx, actor, id);
    if (before.role === role) return;
    await tx
      .update(shareGrants)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(shareGrants.id, id), eq(shareGrants.accountId, actor.accountId)));
    await recordAudit(tx, actor, {
      action: 'sharing.role_changed',
      targetType: 'share',
      targetId: id,
      data: { tenantId: before.tenantId, email: before.email, from: before.role, to: role },
    });
  });
  const [row] = await db
    .select(shareColumns)
    .from(shareGrants)
    .innerJoin(tenants, eq(tenants.id, shareGrants.tenantId))
    .where(and(eq(shareGrants.id, id), eq(shareGrants.accountId, actor.accountId)));
  if (!row) throw shareNotFound();
  return toShare(row);
}

/**
 * Revokes a share: the grant keeps its row (revoked_at) for the record, the shared sessions
 * of that address on that tenant are ended, and — since claims check the grant on every
 * request — its shared user is refused on their very next request.
 */
export async function revokeShare(db: Database, actor: AccountContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const grant = await findActiveShare(tx, actor, id);
    const now = new Date();
    await tx
      .update(shareGrants)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(shareGrants.id, id), eq(shareGrants.accountId, actor.accountId)));
    await tx.delete(sessions).where(
      and(
        eq(sessions.sharedTenantId, grant.tenantId),
        inArray(
          sessions.userId,
          tx
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${grant.email}`),
        ),
      ),
    );
    await recordAudit(tx, actor, {
      action: 'sharing.revoked',
      targetType: 'share',
      targetId: id,
      data: { tenantId: grant.tenantId, email: grant.email, role: grant.role },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Shared sign-in (guests): the grant is looked up by tenant and e-mail, across accounts — the
// only unscoped read here, and it returns nothing to the caller but whether to go on.

export interface ActiveGrant {
  id: string;
  accountId: string;
  tenantId: string;
  tenantName: string;
  accountName: string;
}

export async function findActiveGrant(
  db: Database,
  tenantId: string,
  email: string,
): Promise<ActiveGrant | null> {
  const [row] = await db
    .select({
      id: shareGrants.id,
      accountId: shareGrants.accountId,
      tenantId: shareGrants.tenantId,
      tenantName: tenants.name,
      accountName: accounts.name,
    })
    .from(shareGrants)
    .innerJoin(
      tenants,
      and(eq(tenants.id, shareGrants.tenantId), eq(tenants.accountId, shareGrants.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, shareGrants.accountId))
    .where(
      and(
        eq(shareGrants.tenantId, tenantId),
        eq(shareGrants.email, email.trim().toLowerCase()),
        isNull(shareGrants.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The account that shared `tenantId` by the active share `shareId` (the id in the invitation's
 * link): its name and the brand its clients see; null for an unknown id, a revoked share, or a
 * share of another tenant alike. The only other unscoped read; the caller answers the same
 * shape either way.
 */
export async function findSharer(
  db: Database,
  tenantId: string,
  shareId: string,
): Promise<{ accountName: string | null; brand: ClientBrand | null }> {
  const [row] = await db
    .select({ accountName: accounts.name, accountId: accounts.id })
    .from(shareGrants)
    .innerJoin(
      tenants,
      and(eq(tenants.id, shareGrants.tenantId), eq(tenants.accountId, shareGrants.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, shareGrants.accountId))
    .where(
      and(
        eq(shareGrants.id, shareId),
        eq(shareGrants.tenantId, tenantId),
        isNull(shareGrants.revokedAt),
      ),
    )
    .limit(1);
  if (!row) return { accountName: null, brand: null };
  return { accountName: row.accountName, brand: pageBrand(await clientBrand(db, row.accountId)) };
}

export async function markGrantUsed(db: Database, grantId: string): Promise<void> {
  await db
    .update(shareGrants)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(shareGrants.id, grantId), isNull(shareGrants.revokedAt)));
}
