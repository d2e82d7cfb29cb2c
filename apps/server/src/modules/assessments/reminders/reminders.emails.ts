import type { Locale, RespondentMailKind } from '@tenantry/shared';
import { mailTranslator, type MailTranslator } from '../../../lib/mail/i18n.ts';
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
  /** The e-mail's language (`mailLocale`); English when left out. */
  locale?: Locale;
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null;
}

function subjectOf(c: ReminderContext, tr: MailTranslator): string {
  const assessment = c.assessmentName;
  switch (c.kind) {
    case 'reminder':
      return tr.t('reminder.subject.reminder', { assessment, due: tr.day(c.dueDate ?? c.day) });
    case 'last_call':
      return tr.t('reminder.subject.last_call', { assessment });
    case 'nudge':
      return tr.t('reminder.subject.nudge', { assessment });
    case 'manual':
      return tr.t('reminder.subject.manual', {
        sender: c.sentBy ?? c.brand?.name ?? c.accountName,
        assessment,
      });
  }
}

function dueLine(c: ReminderContext, tr: MailTranslator): string {
  if (!c.dueDate) return '';
  if (c.dueDate === c.day) return ` ${tr.t('reminder.due.today')}`;
  const due = tr.day(c.dueDate);
  if (c.dueDate < c.day) return ` ${tr.t('reminder.due.past', { due })}`;
  return ` ${tr.t('reminder.due.future', { due })}`;
}

/**
 * To a respondent who has not submitted: their progress, the due date, their link; in their
 * language (`locale`, from `mailLocale`).
 */
export function respondentReminderEmail(c: ReminderContext): MailMessage {
  const tr = mailTranslator(c.locale ?? 'en');
  const { t } = tr;
  const provider = c.brand?.name ?? c.accountName;
  const progress =
    c.answered > 0
      ? t('reminder.progress', { answered: tr.number(c.answered), total: tr.number(c.total) })
      : t('reminder.waiting', { total: c.total });
  const sender =
    c.kind === 'manual' && c.sentBy
      ? t('reminder.senderOf', { sentBy: c.sentBy, account: provider })
      : provider;
  return layout(
    c.to,
    subjectOf(c, tr),
    [
      t('greeting', { name: c.name }),
      `${t('reminder.asks', { sender, assessment: c.assessmentName, tenant: c.tenantName })}${dueLine(c, tr)}`,
      progress,
      t('reminder.how'),
      t('link.until', { until: tr.day(c.expiresAt) }),
    ],
    { url: c.link, label: t('link.answer') },
    { text: t('reminder.footer'), link: { url: c.stopLink, label: t('link.stop') } },
    c.brand,
    t('layout.paste'),
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
