import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The development mailbox: where e-mail goes when no SMTP_URL is configured. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    /** The Reply-To header, when the message has one (a provider's brand). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mailbox_messages_created_at_idx').on(t.createdAt)],
);
