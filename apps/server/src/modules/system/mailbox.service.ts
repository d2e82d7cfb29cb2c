import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailboxMessages } from '../../db/schema/index.ts';
import {
  addressed,
  type AddressedMail,
  type Mailbox,
  type MailSender,
} from '../../lib/mail/index.ts';

/** The development mailbox's store (the mail module calls it when no SMTP_URL is set). */
export function createMailboxStore(db: Database): Mailbox {
  return {
    async store(msg: AddressedMail): Promise<void> {
      await db.insert(mailboxMessages).values({
        id: randomUUID(),
        to: msg.to,
        from: msg.from,
        replyTo: msg.replyTo ?? null,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? null,
      });
    },
  };
}

export const MAILBOX_LIMIT = 100;

export async function listMailbox(db: Database) {
  const rows = await db
    .select()
    .from(mailboxMessages)
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(MAILBOX_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    from: r.from,
    replyTo: r.replyTo,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A mailer that stores each message in the development mailbox at once (no job queue). Used
 * by tests and as createApp's default; server.ts uses the queued mailer of lib/mail.
 */
export function createMailboxMailer(db: Database, from: string): MailSender {
  const store = createMailboxStore(db);
  return {
    transport: 'mailbox',
    async send(msg) {
      await store.store(addressed(msg, from));
    },
  };
}
