/** The e-mails of support (docs/support.md): each reply goes to the other side. */
import { staffTicketPath, supportTicketPath, type SupportTicketDetail } from '@tenantry/shared';
import type { MailContext, MailMessage } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';

export interface TicketMailFacts {
  id: string;
  number: number;
  subject: string;
  accountName: string;
}

/** How much of a message an e-mail quotes (the thread has the rest). */
const QUOTED = 1_000;
const quote = (body: string) =>
  body.length > QUOTED ? `${body.slice(0, QUOTED).trimEnd()}…` : body;

/** To staff: a customer opened a ticket or replied. */
export function customerReplyEmail(
  to: string,
  ticket: TicketMailFacts,
  from: string,
  body: string,
  opts: { isNew: boolean; publicUrl: string },
): MailMessage {
  return layout(
    to,
    `[#${ticket.number}] ${opts.isNew ? 'New ticket' : 'Customer replied'}: ${ticket.subject}`,
    [
      `${from} (${ticket.accountName}) ${opts.isNew ? 'opened a support ticket' : 'replied to ticket'} #${ticket.number}, “${ticket.subject}”:`,
      quote(body),
    ],
    {
      url: `${opts.publicUrl}${staffTicketPath(ticket.id)}`,
      label: 'Answer in the service console',
    },
  );
}

/** To the customer who opened the ticket: staff replied. */
export function staffReplyEmail(
  to: string,
  ticket: TicketMailFacts,
  body: string,
  opts: { publicUrl: string },
): MailMessage {
  return layout(
    to,
    `[#${ticket.number}] Support replied: ${ticket.subject}`,
    [
      `Our support team replied to your ticket #${ticket.number}, “${ticket.subject}”:`,
      quote(body),
      'Replying to this e-mail does not reach us: answer in the thread.',
    ],
    { url: `${opts.publicUrl}${supportTicketPath(ticket.id)}`, label: 'Open the ticket' },
  );
}

/** What an e-mail says of the ticket. */
export const ticketFacts = (d: SupportTicketDetail): TicketMailFacts => ({
  id: d.id,
  number: d.number,
  subject: d.subject,
  accountName: d.accountName,
});

/** A failed e-mail is logged, never fatal: the reply is saved and shows in the thread. */
export async function sendSupportMail(
  mail: MailContext,
  build: () => Parameters<MailContext['mailer']['send']>[0],
): Promise<void> {
  try {
    await mail.mailer.send(build());
  } catch (err) {
    mail.log.warn({ err }, 'could not send a support e-mail');
  }
}
