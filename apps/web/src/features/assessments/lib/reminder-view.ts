import {
  REMINDER_LIMITS,
  type ReminderSettings,
  type Respondent,
  type RespondentMailKind,
} from '@tenantry/shared';
import { t } from '../messages.ts';

/** What each e-mail to a respondent is called in the log. */
export const MAIL_KIND_LABELS: Record<RespondentMailKind, string> = {
  get invitation() {
    return t('reminders.mail.invitation');
  },
  get reminder() {
    return t('reminders.mail.reminder');
  },
  get nudge() {
    return t('reminders.mail.nudge');
  },
  get last_call() {
    return t('reminders.mail.lastCall');
  },
  get manual() {
    return t('reminders.mail.manual');
  },
};

/** `2031-01-10` → `10 Jan 2031` (the UTC day as stored). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The line of the reminders column: the last reminder, else the invitation, else nothing. */
export function reminderSummary(r: Pick<Respondent, 'reminders'>): string {
  const last = r.reminders.find((m) => m.kind !== 'invitation');
  if (last) return t('reminders.summary.reminded', { day: shortDay(last.day) });
  const invited = r.reminders.find((m) => m.kind === 'invitation');
  return invited
    ? t('reminders.summary.linkSent', { day: shortDay(invited.day) })
    : t('reminders.summary.none');
}

/** Every e-mail of the log, one line each (newest first), for a tooltip and the cards. */
export function reminderLog(r: Pick<Respondent, 'reminders'>): string[] {
  return r.reminders.map((m) => {
    const values = { day: shortDay(m.day), kind: MAIL_KIND_LABELS[m.kind], by: m.sentBy ?? '' };
    return m.sentBy ? t('reminders.log.lineBy', values) : t('reminders.log.line', values);
  });
}

/** Whether "Send reminder now" may go (and why not). */
export function remindState(
  r: Pick<Respondent, 'status' | 'remindersStoppedAt' | 'reminders'>,
  locked: boolean,
  today: string,
): { can: boolean; why: string | null } {
  if (locked) return { can: false, why: t('reminders.why.locked') };
  if (r.status === 'submitted') return { can: false, why: t('reminders.why.submitted') };
  if (r.status === 'revoked' || r.status === 'expired') {
    return { can: false, why: t('reminders.why.newLink') };
  }
  if (r.remindersStoppedAt) return { can: false, why: t('reminders.why.stopped') };
  if (r.reminders[0]?.day === today) {
    return { can: false, why: t('reminders.why.today') };
  }
  return { can: true, why: null };
}

/** The settings in one line, e.g. "3 days before the due date · nudge after 7 days · …". */
export function describeSettings(s: ReminderSettings): string {
  if (!s.enabled) return t('reminders.settings.none');
  const parts = [
    s.beforeDueDays !== null ? t('reminders.settings.before', { count: s.beforeDueDays }) : null,
    s.nudgeAfterDays !== null ? t('reminders.settings.nudge', { count: s.nudgeAfterDays }) : null,
    s.lastCall ? t('reminders.settings.lastCall') : null,
    s.ownerSummary ? t('reminders.settings.ownerSummary') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return t('reminders.settings.none');
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The form's values: a number field as text, with its own on/off box. */
export interface ReminderFormValues {
  enabled: boolean;
  before: boolean;
  beforeDueDays: number | string;
  nudge: boolean;
  nudgeAfterDays: number | string;
  lastCall: boolean;
  ownerSummary: boolean;
}

export function toFormValues(s: ReminderSettings): ReminderFormValues {
  return {
    enabled: s.enabled,
    before: s.beforeDueDays !== null,
    beforeDueDays: s.beforeDueDays ?? 3,
    nudge: s.nudgeAfterDays !== null,
    nudgeAfterDays: s.nudgeAfterDays ?? 7,
    lastCall: s.lastCall,
    ownerSummary: s.ownerSummary,
  };
}

const days = (v: number | string, min: number, max: number): string | null => {
  const n = typeof v === 'number' ? v : Number(v);
  if (v === '' || !Number.isInteger(n)) return t('reminders.form.wholeDays');
  if (n < min || n > max) return t('reminders.form.range', { min, max });
  return null;
};

export function reminderFormErrors(v: ReminderFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const before =
    v.before &&
    days(v.beforeDueDays, REMINDER_LIMITS.beforeDueDaysMin, REMINDER_LIMITS.beforeDueDaysMax);
  if (before) errors.beforeDueDays = before;
  const nudge =
    v.nudge &&
    days(v.nudgeAfterDays, REMINDER_LIMITS.nudgeAfterDaysMin, REMINDER_LIMITS.nudgeAfterDaysMax);
  if (nudge) errors.nudgeAfterDays = nudge;
  return errors;
}

export function toSettings(v: ReminderFormValues): ReminderSettings {
  return {
    enabled: v.enabled,
    beforeDueDays: v.before ? Number(v.beforeDueDays) : null,
    nudgeAfterDays: v.nudge ? Number(v.nudgeAfterDays) : null,
    lastCall: v.lastCall,
    ownerSummary: v.ownerSummary,
  };
}
