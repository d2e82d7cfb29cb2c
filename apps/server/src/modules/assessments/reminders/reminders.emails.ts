import type { RespondentMailKind } from '@tenantry/shared';
import type { MailMessage } from '../../../lib/mail/index.ts';
import { layout, type MailBrand } from '../../../lib/mail/layout.ts';

/** `2031-01-10` → `10 January 2031` (the day as stored, UTC). */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface ReminderContext {
  to: string;
  name: string;
  kind: Exclude<RespondentMailKind, 'invitation'>;
  /** Their personal link (a fresh token, shown only here) and the page to stop reminders. */
  link: string;
  stopLink: string;
  assessmentName: string;
  tenantName: string;
  accountName: string;
  dueDate: string | null;
  /** The UTC day it goes out. */
  day: string;
  expiresAt: Date;
  answered: number;
  total: number;
  /** Who sent it now (`manual`). */
  sentBy?: string;
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null;
}

function subjectOf(c: ReminderContext): string {
  switch (c.kind) {
    case 'reminder':
      return `Reminder: “${c.assessmentName}” is due on ${longDay(c.dueDate ?? c.day)}`;
    case 'last_call':
      return `Last call: “${c.assessmentName}” is due today`;
    case 'nudge':
      return `Your answers are still needed: “${c.assessmentName}”`;
    case 'manual':
      return `${c.sentBy ?? c.brand?.name ?? c.accountName} reminds you: “${c.assessmentName}”`;
  }
}

function dueLine(c: ReminderContext): string {
  if (!c.dueDate) return '';
  if (c.dueDate === c.day) return ' It is due today.';
  if (c.dueDate < c.day) return ` It was due on ${longDay(c.dueDate)}.`;
  return ` It is due on ${longDay(c.dueDate)}.`;
}

/** To a respondent who has not submitted: their progress, the due date, their link. */
export function respondentReminderEmail(c: ReminderContext): MailMessage {
  const provider = c.brand?.name ?? c.accountName;
  const until = c.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  const progress =
    c.answered > 0
      ? `You have answered ${c.answered} of ${c.total} questions; the rest are waiting for you.`
      : `${c.total} question${c.total === 1 ? ' is' : 's are'} waiting for your answers.`;
  return layout(
    c.to,
    subjectOf(c),
    [
      `Hello ${c.name},`,
      `${c.kind === 'manual' && c.sentBy ? `${c.sentBy} of ${provider}` : provider} asks for your answers to the assessment “${c.assessmentName}” for ${c.tenantName}.${dueLine(c)}`,
      progress,
      'Open your personal link on any device: every answer is saved as you give it, and when you are done, submit your part. The links of earlier e-mails still work too.',
      `The link works until ${until}. Do not forward it: anyone with the link can answer in your name.`,
    ],
    { url: c.link, label: 'Answer the questions' },
    {
      text: 'You get at most one e-mail a day about this assessment, and none once you have submitted.',
      link: { url: c.stopLink, label: 'Stop reminders for this assessment' },
    },
    c.brand,
  );
}

export interface PendingRespondent {
  name: string;
  email: string;
  answered: number;
  total: number;
  /** invited, answering, expired */
  status: string;
  lastMailDay: string | null;
  stopped: boolean;
}

/** To the assessment's owner: who has not answered yet. */
export function ownerSummaryEmail(c: {
  to: string;
  name: string;
  kind: 'reminder' | 'last_call';
  assessmentName: string;
  tenantName: string;
  dueDate: string;
  day: string;
  pending: PendingRespondent[];
  url: string;
}): MailMessage {
  const n = c.pending.length;
  const when = c.kind === 'last_call' ? 'is due today' : `is due on ${longDay(c.dueDate)}`;
  const line = (p: PendingRespondent) =>
    `• ${p.name} (${p.email}): ${
      p.status === 'expired'
        ? 'their link has expired, send a new one'
        : p.answered > 0
          ? `${p.answered} of ${p.total} answered`
          : 'not started'
    }${p.stopped ? ', stopped reminders' : ''}${
      p.lastMailDay ? `, last e-mailed ${longDay(p.lastMailDay)}` : ''
    }.`;
  const listed = c.pending.slice(0, 50);
  return layout(
    c.to,
    `${n} respondent${n === 1 ? ' has' : 's have'} not answered: “${c.assessmentName}”`,
    [
      `Hello ${c.name},`,
      `The assessment “${c.assessmentName}” for ${c.tenantName} ${when}. These respondents have not submitted their part yet:`,
      ...listed.map(line),
      ...(n > listed.length ? [`… and ${n - listed.length} more.`] : []),
      'They are reminded by e-mail as the assessment’s reminder settings say; you can also send one a reminder now from the assessment’s respondents.',
    ],
    { url: c.url, label: 'Open the assessment' },
  );
}
