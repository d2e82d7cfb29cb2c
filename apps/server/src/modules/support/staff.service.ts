/**
 * Support tickets in the service console (docs/support.md): system admins see every ticket
 * across accounts with its internal notes, reply (e-mailing the customer) or note, and set a
 * ticket's status, priority and assignee.
 */
import { randomUUID } from 'node:crypto';
import {
  SUPPORT_ERROR_CODES,
  SUPPORT_LIMITS,
  type StaffReply,
  type SupportPerson,
  type SupportQueueQuery,
  type SupportStatus,
  type SupportTicketDetail,
  type SupportTicket,
  type SupportTicketList,
  type UpdateSupportTicket,
} from '@tenantry/shared';
import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { supportMessages, supportTickets } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { sendSupportMail, staffReplyEmail, ticketFacts } from './support.emails.ts';
import {
  findAnyTicket,
  readMessages,
  selectTickets,
  toTicket,
  tooManyMessages,
  type Db,
  type StaffScope,
} from './ticket-rows.ts';

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

/** The account's newest `limit` tickets and how many it has (the service console's account page). */
export async function listAccountTickets(
  db: Database,
  accountId: string,
  limit: number,
): Promise<{ items: SupportTicket[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectTickets(db)
      .where(eq(supportTickets.accountId, accountId))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit),
    db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.accountId, accountId)),
  ]);
  return { items: rows.map(toTicket), total: total?.n ?? 0 };
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
  await sendSupportMail(mail, () =>
    staffReplyEmail(row.email, ticketFacts(detail), body, { publicUrl: mail.publicUrl }),
  );
}
