/**
 * Support tickets (docs/support.md). Customers act through their account (AccountContext):
 * owners and admins see every ticket of the account, members the ones they opened; another
 * account's ticket, or a ticket a member may not see, is simply not found. Staff (system
 * admins) see every ticket with its internal notes. Internal notes are filtered in the query
 * that reads a customer's thread, so no customer answer can carry one.
 */
import { randomUUID } from 'node:crypto';
import {
  SUPPORT_ERROR_CODES,
  SUPPORT_LIMITS,
  can,
  type CannedReply,
  type CreateSupportTicket,
  type SaveCannedReply,
  type SetSupportTicketStatus,
  type StaffReply,
  type SupportHelpArticle,
  type SupportMessage,
  type SupportPerson,
  type SupportQueueQuery,
  type SupportReply,
  type SupportStatus,
  type SupportTicket,
  type SupportTicketDetail,
  type SupportTicketList,
  type SupportTicketListQuery,
  type UpdateSupportTicket,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountContext, Actor } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/auth.ts';
import { media } from '../../db/schema/media.ts';
import { supportCannedReplies, supportMessages, supportTickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { searchReadableArticles } from '../content/library.service.ts';
import type { StoredImage } from '../media/media.service.ts';
import { customerReplyEmail, staffReplyEmail, type TicketMailFacts } from './support.emails.ts';

type Db = Database | Tx;
type TicketRow = typeof supportTickets.$inferSelect;
/** A staff member acting in the service console. */
export type StaffScope = Actor;

export const ticketNotFound = () =>
  new AppError(SUPPORT_ERROR_CODES.notFound, 404, 'There is no such support ticket.');
const cannedNotFound = () =>
  new AppError(SUPPORT_ERROR_CODES.cannedNotFound, 404, 'There is no such canned reply.');
const closedTicket = () =>
  new AppError(SUPPORT_ERROR_CODES.closed, 409, 'The ticket is closed. Reopen it to reply.');
const tooManyMessages = () =>
  new AppError(
    SUPPORT_ERROR_CODES.tooManyMessages,
    409,
    `A ticket keeps at most ${SUPPORT_LIMITS.messages} messages. Open a new ticket.`,
  );

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');
const author = alias(users, 'author');
const personName = (u: typeof creator | typeof assignee | typeof author) =>
  sql<string | null>`coalesce(nullif(${u.name}, ''), ${u.email})`;
const ref = (id: string | null, name: string | null): SupportPerson | null =>
  id && name ? { id, name } : null;

/** Tickets a customer may see: the account's, and for a member only their own. */
function customerTickets(scope: AccountContext, id?: string): SQL {
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

function selectTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
    .leftJoin(creator, eq(creator.id, supportTickets.createdBy))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId));
}

function toTicket(j: Joined): SupportTicket {
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

async function readMessages(
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

async function findCustomerTicket(db: Db, scope: AccountContext, id: string): Promise<Joined> {
  const [row] = await selectTickets(db).where(customerTickets(scope, id)).limit(1);
  if (!row) throw ticketNotFound();
  return row;
}

async function findAnyTicket(db: Db, id: string): Promise<Joined> {
  const [row] = await selectTickets(db).where(eq(supportTickets.id, id)).limit(1);
  if (!row) throw ticketNotFound();
  return row;
}

/** Attachment ids must be support images the customer uploaded in this account. */
async function assertAttachments(db: Db, scope: AccountContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        inArray(media.id, unique),
        eq(media.accountId, scope.accountId),
        eq(media.createdBy, scope.userId),
        eq(media.purpose, 'support_attachment'),
      ),
    );
  if (found.length !== unique.length) {
    throw new AppError(
      SUPPORT_ERROR_CODES.invalidAttachment,
      400,
      'An attachment is not an image you uploaded for support.',
      { attachmentIds: 'Upload the images again.' },
    );
  }
  return unique;
}

// ——— customers ———

export async function listTickets(
  db: Database,
  scope: AccountContext,
  query: SupportTicketListQuery,
): Promise<SupportTicketList> {
  const rows = await selectTickets(db)
    .where(
      and(
        customerTickets(scope),
        query.status ? eq(supportTickets.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id))
    .limit(SUPPORT_LIMITS.list + 1);
  return {
    items: rows.slice(0, SUPPORT_LIMITS.list).map(toTicket),
    truncated: rows.length > SUPPORT_LIMITS.list,
  };
}

export async function getTicket(
  db: Database,
  scope: AccountContext,
  id: string,
): Promise<SupportTicketDetail> {
  const row = await findCustomerTicket(db, scope, id);
  return { ...toTicket(row), messages: await readMessages(db, row.t.id, 'customer') };
}

export async function createTicket(
  db: Database,
  scope: AccountContext,
  input: CreateSupportTicket,
  mail: MailContext,
): Promise<SupportTicketDetail> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const attachmentIds = await assertAttachments(tx, scope, input.attachmentIds ?? []);
    const now = new Date();
    await tx.insert(supportTickets).values({
      id,
      accountId: scope.accountId,
      createdBy: scope.userId,
      subject: input.subject,
      category: input.category,
      priority: input.priority ?? 'normal',
      status: 'open',
      pagePath: input.pagePath || null,
      appVersion: input.appVersion || null,
      messageCount: 1,
      totalMessages: 1,
      awaitingSince: now,
      lastCustomerMessageAt: now,
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(supportMessages).values({
      id: randomUUID(),
      accountId: scope.accountId,
      ticketId: id,
      authorId: scope.userId,
      authorKind: 'customer',
      body: input.body,
      attachmentIds,
      createdAt: now,
    });
  });
  const detail = await getTicket(db, scope, id);
  await notifyStaff(db, mail, detail, input.body, true);
  return detail;
}

export async function replyAsCustomer(
  db: Database,
  scope: AccountContext,
  id: string,
  input: SupportReply,
  mail: MailContext,
): Promise<SupportTicketDetail> {
  await db.transaction(async (tx) => {
    const { t } = await findCustomerTicket(tx, scope, id);
    if (t.status === 'closed') throw closedTicket();
    const attachmentIds = await assertAttachments(tx, scope, input.attachmentIds ?? []);
    const now = new Date();
    const updated = await tx
      .update(supportTickets)
      .set({
        status: 'open',
        resolvedAt: null,
        awaitingSince: sql`coalesce(${supportTickets.awaitingSince}, ${now})`,
        lastCustomerMessageAt: now,
        lastMessageAt: now,
        updatedAt: now,
        messageCount: sql`${supportTickets.messageCount} + 1`,
        totalMessages: sql`${supportTickets.totalMessages} + 1`,
      })
      .where(
        and(eq(supportTickets.id, t.id), lt(supportTickets.totalMessages, SUPPORT_LIMITS.messages)),
      )
      .returning({ id: supportTickets.id });
    if (!updated.length) throw tooManyMessages();
    await tx.insert(supportMessages).values({
      id: randomUUID(),
      accountId: t.accountId,
      ticketId: t.id,
      authorId: scope.userId,
      authorKind: 'customer',
      body: input.body,
      attachmentIds,
      createdAt: now,
    });
  });
  const detail = await getTicket(db, scope, id);
  await notifyStaff(db, mail, detail, input.body, false);
  return detail;
}

/** A customer closes their ticket, or reopens a resolved or closed one. */
export async function setTicketStatus(
  db: Database,
  scope: AccountContext,
  id: string,
  input: SetSupportTicketStatus,
): Promise<SupportTicketDetail> {
  const { t } = await findCustomerTicket(db, scope, id);
  const now = new Date();
  if (input.status === 'closed' && t.status !== 'closed') {
    await db
      .update(supportTickets)
      .set({ status: 'closed', closedAt: now, awaitingSince: null, updatedAt: now })
      .where(eq(supportTickets.id, t.id));
  } else if (input.status === 'open' && (t.status === 'closed' || t.status === 'resolved')) {
    await db
      .update(supportTickets)
      .set({
        status: 'open',
        closedAt: null,
        resolvedAt: null,
        awaitingSince: now,
        updatedAt: now,
      })
      .where(eq(supportTickets.id, t.id));
  }
  return getTicket(db, scope, id);
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

/** Published articles the account reads that match what the customer is typing. */
export async function helpArticles(
  db: Database,
  scope: AccountContext,
  q: string,
): Promise<SupportHelpArticle[]> {
  const text = q.trim();
  if (!text) return [];
  // Any of the words, so a sentence still finds the articles that share its topic.
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9.]+/)
    .filter((w) => w.length > 2)
    .slice(0, 8);
  if (!words.length) return [];
  return searchReadableArticles(db, scope, words.join(' or '), SUPPORT_LIMITS.helpResults);
}

// ——— staff ———

const STAFF_STATUS_ORDER = sql`case ${supportTickets.status} when 'open' then 0 when 'waiting' then 1 when 'resolved' then 2 else 3 end`;

export async function listQueue(
  db: Database,
  staff: StaffScope,
  query: SupportQueueQuery,
): Promise<SupportTicketList> {
  const assigneeFilter =
    query.assignee === undefined
      ? undefined
      : query.assignee === 'none'
        ? isNull(supportTickets.assigneeId)
        : eq(supportTickets.assigneeId, query.assignee === 'me' ? staff.userId : query.assignee);
  const orderBy =
    query.sort === 'newest'
      ? [desc(supportTickets.createdAt), desc(supportTickets.id)]
      : [
          STAFF_STATUS_ORDER,
          sql`${supportTickets.awaitingSince} asc nulls last`,
          desc(supportTickets.lastMessageAt),
          asc(supportTickets.id),
        ];
  const rows = await selectTickets(db)
    .where(
      and(
        query.status ? eq(supportTickets.status, query.status) : undefined,
        query.priority ? eq(supportTickets.priority, query.priority) : undefined,
        assigneeFilter,
      ),
    )
    .orderBy(...orderBy)
    .limit(SUPPORT_LIMITS.list + 1);
  return {
    items: rows.slice(0, SUPPORT_LIMITS.list).map(toTicket),
    truncated: rows.length > SUPPORT_LIMITS.list,
  };
}

export async function getStaffTicket(
  db: Database,
  _staff: StaffScope,
  id: string,
): Promise<SupportTicketDetail> {
  const row = await findAnyTicket(db, id);
  return { ...toTicket(row), messages: await readMessages(db, row.t.id, 'staff') };
}

/** Timestamps that go with a status (resolved/closed since now; cleared when it moves on). */
function statusStamps(status: SupportStatus, now: Date) {
  return {
    status,
    resolvedAt: status === 'resolved' ? now : null,
    closedAt: status === 'closed' ? now : null,
  };
}

export async function staffReply(
  db: Database,
  staff: StaffScope,
  id: string,
  input: StaffReply,
  mail: MailContext,
): Promise<SupportTicketDetail> {
  const internal = input.internal ?? false;
  await db.transaction(async (tx) => {
    const { t } = await findAnyTicket(tx, id);
    const now = new Date();
    const set = internal
      ? { updatedAt: now, totalMessages: sql`${supportTickets.totalMessages} + 1` }
      : {
          ...statusStamps(input.status ?? 'waiting', now),
          awaitingSince: null,
          lastStaffMessageAt: now,
          lastMessageAt: now,
          updatedAt: now,
          messageCount: sql`${supportTickets.messageCount} + 1`,
          totalMessages: sql`${supportTickets.totalMessages} + 1`,
        };
    const updated = await tx
      .update(supportTickets)
      .set(set)
      .where(
        and(eq(supportTickets.id, t.id), lt(supportTickets.totalMessages, SUPPORT_LIMITS.messages)),
      )
      .returning({ id: supportTickets.id });
    if (!updated.length) throw tooManyMessages();
    await tx.insert(supportMessages).values({
      id: randomUUID(),
      accountId: t.accountId,
      ticketId: t.id,
      authorId: staff.userId,
      authorKind: 'staff',
      internal,
      body: input.body,
      attachmentIds: [],
      createdAt: now,
    });
  });
  const detail = await getStaffTicket(db, staff, id);
  if (!internal) await notifyCustomer(db, mail, detail, input.body);
  return detail;
}

async function assertStaffMember(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isSystemAdmin, true)))
    .limit(1);
  if (!row) {
    throw new AppError(
      SUPPORT_ERROR_CODES.invalidAssignee,
      400,
      'Assign the ticket to a staff member.',
      { assigneeId: 'Not a staff member.' },
    );
  }
}

export async function updateTicket(
  db: Database,
  staff: StaffScope,
  id: string,
  input: UpdateSupportTicket,
): Promise<SupportTicketDetail> {
  const { t } = await findAnyTicket(db, id);
  if (input.assigneeId) await assertStaffMember(db, input.assigneeId);
  const now = new Date();
  await db
    .update(supportTickets)
    .set({
      updatedAt: now,
      ...(input.status && input.status !== t.status ? statusStamps(input.status, now) : {}),
      ...(input.priority ? { priority: input.priority } : {}),
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
    })
    .where(eq(supportTickets.id, t.id));
  return getStaffTicket(db, staff, id);
}

/** The staff a ticket may be assigned to: the system admins. */
export async function listStaff(db: Database): Promise<SupportPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(users)
    .where(eq(users.isSystemAdmin, true))
    .orderBy(asc(users.name), asc(users.id))
    .limit(200);
  return rows;
}

// ——— canned replies ———

const toCanned = (r: typeof supportCannedReplies.$inferSelect): CannedReply => ({
  id: r.id,
  title: r.title,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listCanned(db: Database): Promise<CannedReply[]> {
  const rows = await db
    .select()
    .from(supportCannedReplies)
    .orderBy(asc(sql`lower(${supportCannedReplies.title})`), asc(supportCannedReplies.id))
    .limit(SUPPORT_LIMITS.cannedReplies);
  return rows.map(toCanned);
}

export async function createCanned(
  db: Database,
  staff: StaffScope,
  input: SaveCannedReply,
): Promise<CannedReply> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('support:canned'))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(supportCannedReplies);
    if (n >= SUPPORT_LIMITS.cannedReplies) {
      throw new AppError(
        SUPPORT_ERROR_CODES.tooManyCanned,
        409,
        `There are already ${SUPPORT_LIMITS.cannedReplies} canned replies.`,
      );
    }
    const [row] = await tx
      .insert(supportCannedReplies)
      .values({ id: randomUUID(), title: input.title, body: input.body, createdBy: staff.userId })
      .returning();
    return toCanned(row!);
  });
}

export async function updateCanned(
  db: Database,
  _staff: StaffScope,
  id: string,
  input: SaveCannedReply,
): Promise<CannedReply> {
  const [row] = await db
    .update(supportCannedReplies)
    .set({ title: input.title, body: input.body, updatedAt: new Date() })
    .where(eq(supportCannedReplies.id, id))
    .returning();
  if (!row) throw cannedNotFound();
  return toCanned(row);
}

export async function deleteCanned(db: Database, _staff: StaffScope, id: string): Promise<void> {
  const rows = await db
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  if (!rows.length) throw cannedNotFound();
}

// ——— e-mail ———

const facts = (d: SupportTicketDetail): TicketMailFacts => ({
  id: d.id,
  number: d.number,
  subject: d.subject,
  accountName: d.accountName,
});

/** A customer wrote: the assignee, or every staff member while nobody is assigned. */
async function notifyStaff(
  db: Database,
  mail: MailContext,
  detail: SupportTicketDetail,
  body: string,
  isNew: boolean,
): Promise<void> {
  const to = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isSystemAdmin, true),
        detail.assignee ? eq(users.id, detail.assignee.id) : undefined,
      ),
    )
    .limit(50);
  const fallback = detail.assignee && !to.length ? await notifyAll(db) : to;
  for (const { email } of fallback) {
    await send(mail, () =>
      customerReplyEmail(email, facts(detail), detail.createdBy?.name ?? 'A customer', body, {
        isNew,
        publicUrl: mail.publicUrl,
      }),
    );
  }
}

const notifyAll = (db: Database) =>
  db.select({ email: users.email }).from(users).where(eq(users.isSystemAdmin, true)).limit(50);

/** Staff replied: the person who opened the ticket. */
async function notifyCustomer(
  db: Database,
  mail: MailContext,
  detail: SupportTicketDetail,
  body: string,
): Promise<void> {
  if (!detail.createdBy) return;
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, detail.createdBy.id))
    .limit(1);
  if (!row) return;
  await send(mail, () =>
    staffReplyEmail(row.email, facts(detail), body, { publicUrl: mail.publicUrl }),
  );
}

/** A failed e-mail is logged, never fatal: the reply is saved and shows in the thread. */
async function send(
  mail: MailContext,
  build: () => Parameters<MailContext['mailer']['send']>[0],
): Promise<void> {
  try {
    await mail.mailer.send(build());
  } catch (err) {
    mail.log.warn({ err }, 'could not send a support e-mail');
  }
}
