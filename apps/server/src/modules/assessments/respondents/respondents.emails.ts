import type { MailMessage } from '../../../lib/mail/index.ts';
import { layout, type MailBrand } from '../../../lib/mail/layout.ts';

/** To a respondent: who asks, for what, until when, and their own link (no account needed). */
export function respondentLinkEmail(input: {
  to: string;
  name: string;
  link: string;
  /** Where they stop reminders for this assessment. */
  stopLink: string;
  expiresAt: Date;
  assessmentName: string;
  tenantName: string;
  accountName: string;
  sentBy: string;
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null;
}): MailMessage {
  const provider = input.brand?.name ?? input.accountName;
  const until = input.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  return layout(
    input.to,
    `${input.sentBy} asks for your answers: ${input.assessmentName}`,
    [
      `Hello ${input.name},`,
      `${input.sentBy} of ${provider} asks you to answer some questions of the assessment “${input.assessmentName}” for ${input.tenantName}.`,
      'Open your personal link on any device. You do not need an account; every answer is saved as you give it, and you can stop and come back later with the same link.',
      `The link works until ${until}. Do not forward it: anyone with the link can answer in your name.`,
    ],
    { url: input.link, label: 'Answer the questions' },
    {
      text: 'Until you submit, you may get a reminder now and then (at most one e-mail a day).',
      link: { url: input.stopLink, label: 'Stop reminders for this assessment' },
    },
    input.brand,
  );
}
