import {
  MEMBER_ERROR_CODES,
  can,
  isRestricted,
  type AccountRole,
  type Member,
  type MemberTenantAccess,
  type SetTenantAccess,
  type TenantAccessMode,
  type TenantAccessRule,
} from '@tenantry/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ruleOf } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts, memberships, tenants, users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

const memberNotFound = () => notFound('There is no such member in this account.');

export const lastOwner = (message: string) =>
  new AppError(MEMBER_ERROR_CODES.lastOwner, 409, message);

/**
 * 403 `members.access_restricted`: what a member limited to some client tenants may not do,
 * because it reaches beyond them (docs/members.md).
 */
export const accessRestricted = (what: string) =>
  new AppError(
    MEMBER_ERROR_CODES.accessRestricted,
    403,
    `Your access is limited to some client tenants, so you cannot ${what}. Ask an owner.`,
  );

/** Refuses a caller limited to some client tenants (an API key limited to one included). */
export function assertUnrestricted(scope: AccountContext, what: string): void {
  if (isRestricted(scope.tenantAccess) || scope.onlyTenantId) throw accessRestricted(what);
}

export async function listMembers(db: Database, scope: AccountContext): Promise<Member[]> {
  // A caller limited to some client tenants sees their own access only: the others' would
  // name tenants outside theirs.
  const restricted = isRestricted(scope.tenantAccess) || Boolean(scope.onlyTenantId);
  return listAccountMembers(db, scope.accountId, restricted ? scope.userId : null);
}

interface AccessColumns {
  role: AccountRole;
  tenantAccess: TenantAccessMode;
  tenantAccessIds: string[];
  tenantAccessTags: string[];
  tenantAccessVersion: number;
}

/** The names of the account's tenants among `ids` (the access views name them). */
async function tenantNames(db: Database | Tx, accountId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; archived: boolean }>();
  const rows = await db
    .select({ id: tenants.id, name: tenants.name, archivedAt: tenants.archivedAt })
    .from(tenants)
    .where(and(eq(tenants.accountId, accountId), inArray(tenants.id, ids)));
  return new Map(rows.map((r) => [r.id, { name: r.name, archived: r.archivedAt !== null }]));
}

/** A membership's access as the members screen shows it (an owner's is always `all`). */
function accessView(
  row: AccessColumns,
  names: Map<string, { name: string; archived: boolean }>,
): MemberTenantAccess {
  const rule = ruleOf({
    role: row.role,
    mode: row.tenantAccess,
    tenantIds: row.tenantAccessIds,
    tags: row.tenantAccessTags,
  });
  return {
    mode: rule?.mode ?? 'all',
    // A tenant of the list that no longer exists (the account's own, so only by deletion) is
    // left out.
    tenants:
      rule?.mode === 'only' || rule?.mode === 'except'
        ? rule.tenantIds.flatMap((id) => {
            const t = names.get(id);
            return t ? [{ id, ...t }] : [];
          })
        : [],
    tags: rule?.mode === 'tags' ? rule.tags : [],
    version: row.tenantAccessVersion,
  };
}

/**
 * The account's members, by when they joined (also the service console's account page), with
 * their client-tenant access; when `onlyAccessOf` is a user id, the others' access is null.
 */
export async function listAccountMembers(
  db: Database,
  accountId: string,
  onlyAccessOf: string | null = null,
): Promise<Member[]> {
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
      tenantAccess: memberships.tenantAccess,
      tenantAccessIds: memberships.tenantAccessIds,
      tenantAccessTags: memberships.tenantAccessTags,
      tenantAccessVersion: memberships.tenantAccessVersion,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId));
  const shown = rows.filter((r) => onlyAccessOf === null || r.userId === onlyAccessOf);
  const names = await tenantNames(db, accountId, [
    ...new Set(shown.flatMap((r) => (r.role === 'owner' ? [] : r.tenantAccessIds))),
  ]);
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
    secondFactor: Boolean(r.secondFactor),
    tenantAccess: shown.includes(r) ? accessView(r, names) : null,
  }));
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
    // An owner reaches every client tenant: a limit they had as a member or admin goes.
    if (role === 'owner') {
      await writeAccess(tx, actor, userId, { mode: 'all', tenantIds: [], tags: [] });
    }
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

/** The membership's access row, locked for the rest of the transaction. */
async function lockAccess(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      role: memberships.role,
      tenantAccess: memberships.tenantAccess,
      tenantAccessIds: memberships.tenantAccessIds,
      tenantAccessTags: memberships.tenantAccessTags,
      tenantAccessVersion: memberships.tenantAccessVersion,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  return row ?? null;
}

const storedRule = (row: AccessColumns): TenantAccessRule => ({
  mode: row.tenantAccess,
  tenantIds: row.tenantAccessIds,
  tags: row.tenantAccessTags,
});

const sameRule = (a: TenantAccessRule, b: TenantAccessRule) =>
  a.mode === b.mode &&
  a.tenantIds.length === b.tenantIds.length &&
  a.tenantIds.every((id) => b.tenantIds.includes(id)) &&
  a.tags.length === b.tags.length &&
  a.tags.every((t) => b.tags.includes(t));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How an access reads in the audit log: "only 2 client tenants (Acme, Globex)". */
function describeAccess(
  rule: TenantAccessRule,
  names: Map<string, { name: string; archived: boolean }>,
): string {
  const listed = () => rule.tenantIds.map((id) => names.get(id)?.name ?? id).join(', ');
  switch (rule.mode) {
    case 'only':
      return `only ${plural(rule.tenantIds.length, 'client tenant', 'client tenants')} (${listed()})`;
    case 'except':
      return `all client tenants except ${plural(rule.tenantIds.length, 'one', 'some')} (${listed()})`;
    case 'tags':
      return `client tenants tagged ${rule.tags.join(', ')}`;
    default:
      return 'all client tenants';
  }
}

/**
 * Writes a membership's access when it changes (version + 1) and audits it
 * (`members.access_changed`, with the access before and after). Answers whether it changed.
 */
async function writeAccess(
  tx: Tx,
  actor: AccountContext,
  userId: string,
  next: TenantAccessRule,
  reason?: string,
): Promise<boolean> {
  const row = await lockAccess(tx, actor.accountId, userId);
  if (!row) throw memberNotFound();
  const before = storedRule(row);
  if (sameRule(before, next)) return false;
  await tx
    .update(memberships)
    .set({
      tenantAccess: next.mode,
      tenantAccessIds: next.tenantIds,
      tenantAccessTags: next.tags,
      tenantAccessVersion: sql`${memberships.tenantAccessVersion} + 1`,
    })
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
  const names = await tenantNames(tx, actor.accountId, [
    ...new Set([...before.tenantIds, ...next.tenantIds]),
  ]);
  await recordAudit(tx, actor, {
    action: 'members.access_changed',
    targetType: 'user',
    targetId: userId,
    data: {
      email: row.email,
      from: before,
      to: next,
      fromText: describeAccess(before, names),
      toText: describeAccess(next, names),
      ...(reason ? { reason } : {}),
    },
  });
  return true;
}

/**
 * Sets a member's client-tenant access (PUT /members/{userId}/tenant-access): owners and
 * admins who reach every client tenant themselves (403 `members.access_restricted`
 * otherwise); never an owner's (409 `members.owner_access`); `version` must be the one read
 * (409 `members.access_conflict` with the access now in `details.current`); the named tenants
 * must be the account's (400 `members.unknown_tenant`). The same access again changes nothing.
 */
export async function setTenantAccess(
  db: Database,
  actor: AccountContext,
  userId: string,
  input: SetTenantAccess,
): Promise<Member> {
  assertUnrestricted(actor, 'change anyone’s client-tenant access');
  await db.transaction(async (tx) => {
    const row = await lockAccess(tx, actor.accountId, userId);
    if (!row) throw memberNotFound();
    if (row.role === 'owner') {
      throw new AppError(
        MEMBER_ERROR_CODES.ownerAccess,
        409,
        'An owner always reaches every client tenant. Change their role first to limit them.',
      );
    }
    if (row.tenantAccessVersion !== input.version) {
      const names = await tenantNames(tx, actor.accountId, row.tenantAccessIds);
      throw new AppError(
        MEMBER_ERROR_CODES.accessConflict,
        409,
        'Someone changed this member’s client-tenant access since you opened it. Review it as it is now and try again.',
        undefined,
        { current: accessView(row, names) },
      );
    }
    if (input.tenantIds.length > 0) {
      const found = await tenantNames(tx, actor.accountId, input.tenantIds);
      const unknown = input.tenantIds.filter((id) => !found.has(id));
      if (unknown.length > 0) {
        throw new AppError(
          MEMBER_ERROR_CODES.unknownTenant,
          400,
          `${plural(unknown.length, 'client tenant is', 'client tenants are')} not in this account.`,
          { tenantIds: 'Choose client tenants of this account.' },
          { unknown },
        );
      }
    }
    await writeAccess(tx, actor, userId, {
      mode: input.mode,
      tenantIds: input.mode === 'only' || input.mode === 'except' ? input.tenantIds : [],
      tags: input.mode === 'tags' ? input.tags : [],
    });
  });
  const member = (await listMembers(db, actor)).find((m) => m.userId === userId);
  if (!member) throw memberNotFound();
  return member;
}

/**
 * A member limited to `only` some client tenants who creates one keeps reaching it: its id
 * joins their list (audited), in the creating transaction. Other limits need no write: `except`
 * reaches a new tenant already, and `tags` reaches it when it carries one of the tags (the
 * tenant service refuses it otherwise).
 */
export async function keepCreatedTenant(
  tx: Tx,
  actor: AccountContext,
  tenantId: string,
): Promise<void> {
  const rule = actor.tenantAccess;
  if (actor.apiKeyId || rule?.mode !== 'only') return;
  const row = await lockAccess(tx, actor.accountId, actor.userId);
  if (!row || row.role === 'owner' || row.tenantAccess !== 'only') return;
  await writeAccess(
    tx,
    actor,
    actor.userId,
    { ...storedRule(row), tenantIds: [...row.tenantAccessIds, tenantId] },
    'created the client tenant',
  );
}
