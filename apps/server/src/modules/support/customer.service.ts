/**
 * Support tickets as customers use them (docs/support.md): they act through their account
 * (AccountContext) — owners and admins see every ticket of the account, members the ones they
 * opened. They open a ticket, reply, close or reopen it, attach their screenshots, and get
 * help articles while they type. Each message e-mails the staff.
 */
import { randomUUID } from 'node:crypto';
import {
  SUPPORT_ERROR_CODES,
  SUPPORT_LIMITS,
  type CreateSupportTicket,
  type SetSupportTicketStatus,
  type SupportHelpArticle,
  type SupportReply,
  type SupportTicketDetail,
  type SupportTicketList,
  type SupportTicketListQuery,
} from '@tenantry/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { media } from '../../db/schema/media.ts';
import { supportMessages, supportTickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { searchReadableArticles } from '../content/library.service.ts';
import { customerReplyEmail, sendSupportMail, ticketFacts } from './support.emails.ts';
import {
  closedTicket,
  customerTickets,
  findCustomerTicket,
  readMessages,
  selectTickets,
  toTicket,
  tooManyMessages,
  type Db,
} from './ticket-rows.ts';

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

const notifyAll = (db: Database) =>
  db.select({ email: users.email }).from(users).where(eq(users.isSystemAdmin, true)).limit(50);

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
    await sendSupportMail(mail, () =>
      customerReplyEmail(email, ticketFacts(detail), detail.createdBy?.name ?? 'A customer', body, {
        isNew,
        publicUrl: mail.publicUrl,
      }),
    );
  }
}
