/**
 * A support ticket as stored and read (docs/support.md), for both sides: which tickets a
 * customer may see (the account's; for a member only their own — anything else is simply not
 * found), the joined select and the API shape, and the thread. Internal notes are filtered in
 * the query that reads a customer's thread, so no customer answer can carry one. The use cases
 * build on it: customer.service.ts, staff.service.ts, canned.service.ts.
 */
import {
  SUPPORT_ERROR_CODES,
  SUPPORT_LIMITS,
  can,
  type SupportMessage,
  type SupportPerson,
  type SupportTicket,
} from '@tenantry/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountContext, Actor } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/auth.ts';
import { media } from '../../db/schema/media.ts';
import { supportMessages, supportTickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoredImage } from '../media/media.service.ts';

export type Db = Database | Tx;
type TicketRow = typeof supportTickets.$inferSelect;
/** A staff member acting in the service console. */
export type StaffScope = Actor;

export const ticketNotFound = () =>
  new AppError(SUPPORT_ERROR_CODES.notFound, 404, 'There is no such support ticket.');
export const closedTicket = () =>
  new AppError(SUPPORT_ERROR_CODES.closed, 409, 'The ticket is closed. Reopen it to reply.');
export const tooManyMessages = () =>
  new AppError(
    SUPPORT_ERROR_CODES.tooManyMessages,
    409,
    `A ticket keeps at most ${SUPPORT_LIMITS.messages} messages. Open a new ticket.`,
  );

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');
const author = alias(users, 'author');
export const personName = (u: typeof creator | typeof assignee | typeof author) =>
  sql<string | null>`coalesce(nullif(${u.name}, ''), ${u.email})`;
const ref = (id: string | null, name: string | null): SupportPerson | null =>
  id && name ? { id, name } : null;

/** Tickets a customer may see: the account's, and for a member only their own. */
export function customerTickets(scope: AccountContext, id?: string): SQL {
  return and(
    eq(supportTickets.accountId, scope.accountId),
    can(scope.role, 'support.readAll') ? undefined : eq(supportTickets.createdBy, scope.userId),
    id === undefined ? undefined : eq(supportTickets.id, id),
  )!;
}

const ticketColumns = {
  t: supportTickets,
  accountName: accounts.name,
  creatorName: personName(creator),
  creatorEmail: creator.email,
  assigneeName: personName(assignee),
};
type Joined = {
  t: TicketRow;
  accountName: string;
  creatorName: string | null;
  creatorEmail: string | null;
  assigneeName: string | null;
};

export function selectTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
    .leftJoin(creator, eq(creator.id, supportTickets.createdBy))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId));
}

export function toTicket(j: Joined): SupportTicket {
  const { t } = j;
  return {
    id: t.id,
    number: t.number,
    accountId: t.accountId,
    accountName: j.accountName,
    subject: t.subject,
    category: t.category,
    priority: t.priority,
    status: t.status,
    pagePath: t.pagePath,
    appVersion: t.appVersion,
    createdBy: ref(t.createdBy, j.creatorName),
    assignee: ref(t.assigneeId, j.assigneeName),
    messageCount: t.messageCount,
    awaitingSince: iso(t.awaitingSince),
    lastMessageAt: t.lastMessageAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    resolvedAt: iso(t.resolvedAt),
    closedAt: iso(t.closedAt),
  };
}

/** The attachment URL for the viewer's side of the ticket. */
export const attachmentUrl = (side: 'customer' | 'staff', ticketId: string, mediaId: string) =>
  `/api/v1/${side === 'staff' ? 'service/support' : 'support'}/tickets/${encodeURIComponent(
    ticketId,
  )}/attachments/${encodeURIComponent(mediaId)}`;

export async function readMessages(
  db: Db,
  ticketId: string,
  side: 'customer' | 'staff',
): Promise<SupportMessage[]> {
  const rows = await db
    .select({ m: supportMessages, authorName: personName(author) })
    .from(supportMessages)
    .leftJoin(author, eq(author.id, supportMessages.authorId))
    .where(
      and(
        eq(supportMessages.ticketId, ticketId),
        // A customer's thread never reads an internal note, whatever comes later.
        side === 'customer' ? eq(supportMessages.internal, false) : undefined,
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map(({ m, authorName }) => ({
    id: m.id,
    author: ref(m.authorId, authorName),
    authorKind: m.authorKind,
    internal: m.internal,
    body: m.body,
    attachments: m.attachmentIds.map((id) => ({ id, url: attachmentUrl(side, m.ticketId, id) })),
    createdAt: m.createdAt.toISOString(),
  }));
}

export async function findCustomerTicket(
  db: Db,
  scope: AccountContext,
  id: string,
): Promise<Joined> {
  const [row] = await selectTickets(db).where(customerTickets(scope, id)).limit(1);
  if (!row) throw ticketNotFound();
  return row;
}

export async function findAnyTicket(db: Db, id: string): Promise<Joined> {
  const [row] = await selectTickets(db).where(eq(supportTickets.id, id)).limit(1);
  if (!row) throw ticketNotFound();
  return row;
}

/** The stored bytes of an attachment of a ticket the viewer may see (customer or staff). */
export async function readAttachment(
  db: Database,
  viewer: { customer: AccountContext } | { staff: StaffScope },
  ticketId: string,
  mediaId: string,
): Promise<StoredImage> {
  const { t } =
    'customer' in viewer
      ? await findCustomerTicket(db, viewer.customer, ticketId)
      : await findAnyTicket(db, ticketId);
  const [row] = await db
    .select({ id: media.id, contentType: media.contentType, data: media.data })
    .from(supportMessages)
    .innerJoin(
      media,
      and(
        eq(media.id, mediaId),
        eq(media.accountId, t.accountId),
        eq(media.purpose, 'support_attachment'),
      ),
    )
    .where(
      and(
        eq(supportMessages.ticketId, t.id),
        'customer' in viewer ? eq(supportMessages.internal, false) : undefined,
        sql`${supportMessages.attachmentIds} @> ${JSON.stringify([mediaId])}::jsonb`,
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError(
      SUPPORT_ERROR_CODES.attachmentNotFound,
      404,
      'There is no such attachment on this ticket.',
    );
  }
  return row;
}
