/**
 * A support ticket of an account for the outsider and fuzz worlds: opened by `actor`, with one
 * reply carrying a screenshot, an internal note, and one canned reply (docs/support.md). What
 * an earlier call (and the requests since) made goes first: the account's tickets and support
 * images, and every canned reply, so the world does not grow with each reset.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import {
  media,
  supportCannedReplies,
  supportMessages,
  supportTickets,
} from '../db/schema/index.ts';
import { storeImage } from '../modules/media/media.service.ts';

export interface SupportFixture {
  supportTicketId: string;
  supportAttachmentId: string;
  supportCannedId: string;
}

export async function supportFixture(
  db: Database,
  actor: { accountId: string; userId: string },
): Promise<SupportFixture> {
  await db.delete(supportTickets).where(eq(supportTickets.accountId, actor.accountId));
  await db
    .delete(media)
    .where(and(eq(media.accountId, actor.accountId), eq(media.purpose, 'support_attachment')));
  await db.delete(supportCannedReplies);
  const image = await storeImage(db, actor, {
    bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#39c' } })
      .png()
      .toBuffer(),
    purpose: 'support_attachment',
  });
  const ticketId = randomUUID();
  const now = new Date();
  await db.insert(supportTickets).values({
    id: ticketId,
    accountId: actor.accountId,
    createdBy: actor.userId,
    subject: 'Victim ticket',
    category: 'problem',
    messageCount: 1,
    totalMessages: 2,
    awaitingSince: now,
    lastCustomerMessageAt: now,
  });
  await db.insert(supportMessages).values([
    {
      id: randomUUID(),
      accountId: actor.accountId,
      ticketId,
      authorId: actor.userId,
      authorKind: 'customer',
      body: 'Victim message',
      attachmentIds: [image.id],
    },
    {
      id: randomUUID(),
      accountId: actor.accountId,
      ticketId,
      authorKind: 'staff',
      internal: true,
      body: 'Victim internal note',
    },
  ]);
  const cannedId = randomUUID();
  await db.insert(supportCannedReplies).values({ id: cannedId, title: 'Hello', body: 'Hello!' });
  return { supportTicketId: ticketId, supportAttachmentId: image.id, supportCannedId: cannedId };
}
