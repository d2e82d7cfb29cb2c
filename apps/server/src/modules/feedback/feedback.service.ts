/**
 * Feedback (docs/feedback.md): a signed-in person's rating and comment on the page they are on,
 * and the staff's triage of it in the service console. The sender's scope (user, current
 * account) comes from the session, never from the body.
 */
import {
  FEEDBACK_ERROR_CODES,
  type CreateFeedback,
  type CreateRoadmapItem,
  type FeedbackToTicket,
  type FeedbackItem,
  type FeedbackList,
  type FeedbackListQuery,
  type FeedbackReceipt,
  type UpdateFeedback,
} from '@tenantry/shared';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Actor } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts, feedback, memberships, users } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { createItem, type RoadmapScope } from '../roadmap/triage.service.ts';
import { createTicket } from '../support/customer.service.ts';

type Db = Database | Tx;

/** Who sends feedback: the user, and the account they act for (null for a shared user). */
export interface FeedbackSender {
  userId: string;
  accountId: string | null;
}

/** POST /feedback: stores one feedback; answers only that it arrived. */
export async function createFeedback(
  db: Db,
  sender: FeedbackSender,
  input: CreateFeedback,
): Promise<FeedbackReceipt> {
  const [row] = await db
    .insert(feedback)
    .values({
      id: randomUUID(),
      accountId: sender.accountId,
      userId: sender.userId,
      rating: input.rating,
      comment: input.comment,
      pagePath: input.pagePath,
      appVersion: input.appVersion,
    })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  if (!row) throw new Error('feedback insert returned no row');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

const sender = alias(users, 'sender');
const handler = alias(users, 'handler');

const itemColumns = {
  row: feedback,
  senderName: sender.name,
  senderEmail: sender.email,
  accountName: accounts.name,
  handlerName: handler.name,
  key: sql<string>`to_char(${feedback.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

interface ItemRow {
  row: typeof feedback.$inferSelect;
  senderName: string | null;
  senderEmail: string | null;
  accountName: string | null;
  handlerName: string | null;
}

function toItem(r: ItemRow): FeedbackItem {
  const f = r.row;
  return {
    id: f.id,
    rating: f.rating,
    comment: f.comment,
    pagePath: f.pagePath,
    appVersion: f.appVersion,
    user:
      f.userId && r.senderName !== null && r.senderEmail !== null
        ? { id: f.userId, name: r.senderName, email: r.senderEmail }
        : null,
    account:
      f.accountId && r.accountName !== null ? { id: f.accountId, name: r.accountName } : null,
    createdAt: f.createdAt.toISOString(),
    handledAt: f.handledAt ? f.handledAt.toISOString() : null,
    handledBy:
      f.handledBy && r.handlerName !== null ? { id: f.handledBy, name: r.handlerName } : null,
    ticketId: f.ticketId,
    roadmapItemId: f.roadmapItemId,
  };
}

function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(feedback)
    .leftJoin(sender, eq(sender.id, feedback.userId))
    .leftJoin(accounts, eq(accounts.id, feedback.accountId))
    .leftJoin(handler, eq(handler.id, feedback.handledBy));
}

/** `[created_at with microseconds, id]` of the last row of a page. */
const ListCursorSchema = z.tuple([cursorPart.time, cursorPart.id]);

/**
 * GET /service/feedback: newest first, filtered by page path, rating and handled, keyset-paged;
 * with the number of feedback not handled yet (all of it).
 */
export async function listFeedback(db: Database, query: FeedbackListQuery): Promise<FeedbackList> {
  const after = query.cursor ? decodeCursor(query.cursor, ListCursorSchema) : null;
  const filters: (SQL | undefined)[] = [
    query.page !== undefined ? eq(feedback.pagePath, query.page) : undefined,
    query.rating !== undefined ? eq(feedback.rating, query.rating) : undefined,
    query.handled === 'open'
      ? isNull(feedback.handledAt)
      : query.handled === 'handled'
        ? isNotNull(feedback.handledAt)
        : undefined,
    after
      ? sql`(${feedback.createdAt}, ${feedback.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
      : undefined,
  ];
  const [rows, [open]] = await Promise.all([
    selectItems(db)
      .where(and(...filters))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedback)
      .where(isNull(feedback.handledAt)),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.row.id]) : null,
    openCount: Number(open?.n ?? 0),
  };
}

export const feedbackNotFound = () =>
  new AppError(FEEDBACK_ERROR_CODES.notFound, 404, 'Feedback not found.');

/** One feedback as the staff see it (404 when there is none). */
export async function getFeedback(db: Db, id: string): Promise<FeedbackItem> {
  const [row] = await selectItems(db).where(eq(feedback.id, id));
  if (!row) throw feedbackNotFound();
  return toItem(row);
}

/**
 * PATCH /service/feedback/{id}: handled (by `actor`, now; feedback already handled keeps who
 * and when) or not handled again (both cleared).
 */
export async function setFeedbackHandled(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateFeedback,
  now = new Date(),
): Promise<FeedbackItem> {
  const set = input.handled
    ? {
        handledAt: sql`coalesce(${feedback.handledAt}, ${now.toISOString()}::timestamptz)`,
        handledBy: sql`case when ${feedback.handledAt} is null then ${actor.userId} else ${feedback.handledBy} end`,
      }
    : { handledAt: null, handledBy: null };
  const updated = await db
    .update(feedback)
    .set(set)
    .where(eq(feedback.id, id))
    .returning({ id: feedback.id });
  if (updated.length === 0) throw feedbackNotFound();
  return getFeedback(db, id);
}

/** Sets `link` and marks the feedback handled (keeping an earlier who and when). */
async function linkFeedback(
  db: Db,
  actor: Actor,
  id: string,
  link: { roadmapItemId: string } | { ticketId: string },
  now = new Date(),
): Promise<void> {
  await db
    .update(feedback)
    .set({
      ...link,
      handledAt: sql`coalesce(${feedback.handledAt}, ${now.toISOString()}::timestamptz)`,
      handledBy: sql`case when ${feedback.handledAt} is null then ${actor.userId} else ${feedback.handledBy} end`,
    })
    .where(eq(feedback.id, id));
}

/**
 * POST /service/feedback/{id}/roadmap-item: puts an item on the roadmap through the roadmap's
 * own service (staff's `createItem`: approved at once, audited there), then records it on the
 * feedback and marks the feedback handled. 404 for unknown feedback, 409 when it was turned
 * into a roadmap item already (nothing is created then).
 */
export async function turnIntoRoadmapItem(
  db: Database,
  scope: RoadmapScope,
  id: string,
  input: CreateRoadmapItem,
): Promise<FeedbackItem> {
  const current = await getFeedback(db, id);
  if (current.roadmapItemId) {
    throw new AppError(
      FEEDBACK_ERROR_CODES.alreadyLinked,
      409,
      'This feedback is on the roadmap already.',
    );
  }
  const item = await createItem(db, scope, input);
  await linkFeedback(db, scope, id, { roadmapItemId: item.id });
  return getFeedback(db, id);
}

/**
 * POST /service/feedback/{id}/ticket: opens a support ticket in the sender's name through the
 * support's own service (`createTicket`: their account, the feedback's page and version; staff
 * are told as for any new ticket), then names it on the feedback and marks the feedback
 * handled. The sender sees it under Support and gets the staff's replies. 404 for unknown
 * feedback; 409 when it has a ticket already, or its sender is no longer a member of its
 * account (a shared user's feedback has none): nothing is created then.
 */
export async function turnIntoTicket(
  db: Database,
  staff: Actor,
  id: string,
  input: FeedbackToTicket,
  mail: MailContext,
): Promise<FeedbackItem> {
  const [row] = await db
    .select({ f: feedback, role: memberships.role, email: users.email })
    .from(feedback)
    .leftJoin(
      memberships,
      and(eq(memberships.accountId, feedback.accountId), eq(memberships.userId, feedback.userId)),
    )
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id));
  if (!row) throw feedbackNotFound();
  const { f, role, email } = row;
  if (f.ticketId) {
    throw new AppError(
      FEEDBACK_ERROR_CODES.alreadyLinked,
      409,
      'This feedback has a ticket already.',
    );
  }
  if (!f.accountId || !f.userId || !role || !email) {
    throw new AppError(
      FEEDBACK_ERROR_CODES.noSender,
      409,
      'The sender is not a member of an account (any more), so there is no one to open a ticket for.',
    );
  }
  const sender = { accountId: f.accountId, userId: f.userId, email, role };
  const ticket = await createTicket(
    db,
    sender,
    { ...input, pagePath: f.pagePath, appVersion: f.appVersion },
    mail,
  );
  await linkFeedback(db, staff, id, { ticketId: ticket.id });
  return getFeedback(db, id);
}
