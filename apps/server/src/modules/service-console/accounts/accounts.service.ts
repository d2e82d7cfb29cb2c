/**
 * The service console's accounts tab (docs/service-console.md, "Service console: accounts"):
 * every account for system admins — searched by name, owner e-mail or id, filtered by plan,
 * status, suspension, creation and last activity, newest first, keyset-paged by
 * (created_at, id) on `accounts_created_idx`; one account's page; and what staff may do to it:
 * suspend and restore, transfer its ownership, keep internal notes. The plan and status are
 * the subscriptions tab's (`effectivePlan`, `effectiveStatus`, `effectiveBilling`), so both tabs
 * say the same of an account.
 */
import { randomUUID } from 'node:crypto';
import {
  SERVICE_ACCOUNT_LIMITS,
  type ServiceAccountDetail,
  type ServiceAccountPage,
  type ServiceAccountQuerySchema,
  type ServiceAccountRow,
  type StaffNote,
  type StaffNoteInputSchema,
  type SuspendAccountInputSchema,
} from '@tenantry/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import {
  accountDeletions,
  accounts,
  accountStaffNotes,
  subscriptions,
  tenants,
  users,
} from '../../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../../lib/cursor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';
import { billingSummaryOf } from '../../billing/billing.service.ts';
import { effectiveBilling } from '../../billing/entitlements.ts';
import { listAccountMembers } from '../../members/members.service.ts';
import { listAccountTickets } from '../../support/staff.service.ts';
import { listServiceAudit } from '../audit/audit.service.ts';
import {
  accountSearch,
  effectivePlan,
  effectiveStatus,
  ownerEmail,
  readRow,
  type ServiceBillingScope,
} from '../subscriptions.service.ts';

export type ServiceAccountQuery = z.output<typeof ServiceAccountQuerySchema>;
export type SuspendAccountInput = z.output<typeof SuspendAccountInputSchema>;
export type StaffNoteInput = z.output<typeof StaffNoteInputSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const accountNotFound = () => notFound('Account not found.');

const createdAtKey = sql<string>`to_char(${accounts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CursorSchema = z.tuple([cursorPart.time, cursorPart.id]);

/** The search: an account id (exactly, when `q` is a UUID) or subscriptions' accountSearch. */
function matches(q: string | undefined): SQL | undefined {
  const text = accountSearch(q);
  if (!q || !text) return undefined;
  return UUID.test(q) ? sql`(${accounts.id} = ${q.toLowerCase()} or ${text})` : text;
}

function filterWhere(q: ServiceAccountQuery, now: Date): SQL | undefined {
  return and(
    matches(q.q),
    q.plan ? sql`${effectivePlan(now)} = ${q.plan}` : undefined,
    q.status ? sql`${effectiveStatus(now)} = ${q.status}` : undefined,
    q.suspended === 'true' ? sql`${accounts.suspendedAt} is not null` : undefined,
    q.suspended === 'false' ? sql`${accounts.suspendedAt} is null` : undefined,
    q.createdFrom ? sql`${accounts.createdAt} >= ${q.createdFrom}::timestamptz` : undefined,
    q.createdTo ? sql`${accounts.createdAt} < ${q.createdTo}::timestamptz` : undefined,
    q.activeFrom ? sql`${accounts.lastActiveAt} >= ${q.activeFrom}::timestamptz` : undefined,
    q.activeTo ? sql`${accounts.lastActiveAt} < ${q.activeTo}::timestamptz` : undefined,
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Per row of a page (after its LIMIT). */
const membersOf = sql<number>`(select count(*)::int from memberships m
  where m.account_id = ${accounts.id})`;

/** GET /service/accounts: a page of accounts, newest first. */
export async function listServiceAccounts(
  db: Database,
  scope: ServiceBillingScope,
  query: ServiceAccountQuery,
  now = new Date(),
): Promise<ServiceAccountPage> {
  const after = query.cursor ? decodeCursor(query.cursor, CursorSchema) : null;
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      createdAt: accounts.createdAt,
      lastActiveAt: accounts.lastActiveAt,
      suspendedAt: accounts.suspendedAt,
      tenants: accounts.tenantsActive,
      ownerEmail,
      members: membersOf,
      sub: subscriptions,
      key: createdAtKey,
    })
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(
      and(
        filterWhere(query, now),
        after
          ? sql`(${accounts.createdAt}, ${accounts.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r): ServiceAccountRow => {
      const state = effectiveBilling(r.createdAt, r.sub, scope.defaultProvider, now);
      return {
        id: r.id,
        name: r.name,
        ownerEmail: r.ownerEmail,
        plan: state.plan,
        status: state.status,
        comped: state.comped,
        suspended: r.suspendedAt !== null,
        members: Number(r.members),
        tenants: r.tenants,
        createdAt: r.createdAt.toISOString(),
        lastActiveAt: iso(r.lastActiveAt),
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.id]) : null,
  };
}

async function readNotes(db: Database | Tx, accountId: string, viewerId: string) {
  const rows = await db
    .select({ note: accountStaffNotes, email: users.email })
    .from(accountStaffNotes)
    .leftJoin(users, eq(users.id, accountStaffNotes.authorId))
    .where(eq(accountStaffNotes.accountId, accountId))
    .orderBy(desc(accountStaffNotes.createdAt), desc(accountStaffNotes.id));
  return rows.map(({ note, email }): StaffNote => ({
    id: note.id,
    body: note.body,
    author: note.authorId && email ? { id: note.authorId, email } : null,
    mine: note.authorId === viewerId,
    createdAt: note.createdAt.toISOString(),
  }));
}

/** GET /service/accounts/{accountId}: the account's page. */
export async function getServiceAccount(
  db: Database,
  scope: ServiceBillingScope,
  viewer: Actor,
  accountId: string,
  now = new Date(),
): Promise<ServiceAccountDetail> {
  const [account] = await db
    .select({ a: accounts, deletion: accountDeletions.accountId })
    .from(accounts)
    .leftJoin(accountDeletions, eq(accountDeletions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!account) throw accountNotFound();
  const { a } = account;
  const n = SERVICE_ACCOUNT_LIMITS.pageItems;
  const [members, tenantRows, subscription, billing, audit, tickets, notes] = await Promise.all([
    listAccountMembers(db, accountId),
    db
      .select({
        id: tenants.id,
        name: tenants.name,
        archivedAt: tenants.archivedAt,
        createdAt: tenants.createdAt,
      })
      .from(tenants)
      .where(eq(tenants.accountId, accountId))
      .orderBy(desc(tenants.createdAt), desc(tenants.id))
      .limit(n),
    readRow(db, scope, accountId, now),
    billingSummaryOf(db, scope.defaultProvider, accountId),
    listServiceAudit(db, { accountId, limit: n }),
    listAccountTickets(db, accountId, n),
    readNotes(db, accountId, viewer.userId),
  ]);
  return {
    id: a.id,
    name: a.name,
    createdAt: a.createdAt.toISOString(),
    lastActiveAt: iso(a.lastActiveAt),
    suspension: a.suspendedAt
      ? { since: a.suspendedAt.toISOString(), reason: a.suspendedReason ?? '' }
      : null,
    supportAccessUntil:
      a.supportAccessUntil && a.supportAccessUntil > now
        ? a.supportAccessUntil.toISOString()
        : null,
    deletionScheduled: account.deletion !== null,
    members,
    tenants: {
      active: a.tenantsActive,
      archived: a.tenantsArchived,
      items: tenantRows.map((t) => ({
        id: t.id,
        name: t.name,
        archived: t.archivedAt !== null,
        createdAt: t.createdAt.toISOString(),
      })),
    },
    subscription,
    usage: { limits: billing.limits, usage: billing.usage, atLimit: billing.atLimit },
    recentAudit: audit.entries,
    tickets,
    notes,
  };
}

async function assertAccount(db: Database | Tx, accountId: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw accountNotFound();
}

/** GET /service/accounts/{accountId}/notes: newest first. */
export async function listStaffNotes(db: Database, viewer: Actor, accountId: string) {
  await assertAccount(db, accountId);
  return { notes: await readNotes(db, accountId, viewer.userId) };
}

/**
 * POST /service/accounts/{accountId}/notes. Audited system-wide (not in the account's own log,
 * which its admins read: the notes are internal), naming the account as the target.
 */
export async function addStaffNote(
  db: Database,
  actor: Actor,
  accountId: string,
  input: StaffNoteInput,
  now = new Date(),
): Promise<StaffNote> {
  return db.transaction(async (tx) => {
    await assertAccount(tx, accountId);
    const id = randomUUID();
    await tx.insert(accountStaffNotes).values({
      id,
      accountId,
      authorId: actor.userId,
      body: input.body,
      createdAt: now,
    });
    await recordSystemAudit(tx, actor, {
      action: 'service.note_added',
      targetType: 'account',
      targetId: accountId,
      data: { noteId: id },
    });
    return {
      id,
      body: input.body,
      author: { id: actor.userId, email: actor.email ?? '' },
      mine: true,
      createdAt: now.toISOString(),
    };
  });
}

/** DELETE /service/accounts/{accountId}/notes/{noteId}: only its author may (403 otherwise). */
export async function deleteStaffNote(
  db: Database,
  actor: Actor,
  accountId: string,
  noteId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .select()
      .from(accountStaffNotes)
      .where(and(eq(accountStaffNotes.id, noteId), eq(accountStaffNotes.accountId, accountId)))
      .for('update');
    if (!note) throw notFound('There is no such note.');
    if (note.authorId !== actor.userId) {
      throw new AppError('common.forbidden', 403, 'Only its author may delete a note.');
    }
    await tx.delete(accountStaffNotes).where(eq(accountStaffNotes.id, noteId));
    await recordSystemAudit(tx, actor, {
      action: 'service.note_deleted',
      targetType: 'account',
      targetId: accountId,
      data: { noteId },
    });
  });
}
