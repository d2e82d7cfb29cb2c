import {
  REMINDER_LIMITS,
  type ReminderSettings,
  type Respondent,
  type RespondentMailKind,
} from '@tenantry/shared';

/** What each e-mail to a respondent is called in the log. */
export const MAIL_KIND_LABELS: Record<RespondentMailKind, string> = {
  invitation: 'link sent',
  reminder: 'reminder before the due date',
  nudge: 'nudge',
  last_call: 'last call',
  manual: 'sent now',
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
  if (last) return `Reminded ${shortDay(last.day)}`;
  const invited = r.reminders.find((m) => m.kind === 'invitation');
  return invited ? `Link sent ${shortDay(invited.day)}` : 'Not reminded yet';
}

/** Every e-mail of the log, one line each (newest first), for a tooltip and the cards. */
export function reminderLog(r: Pick<Respondent, 'reminders'>): string[] {
  return r.reminders.map(
    (m) => `${shortDay(m.day)}: ${MAIL_KIND_LABELS[m.kind]}${m.sentBy ? ` by ${m.sentBy}` : ''}`,
  );
}

/** Whether "Send reminder now" may go (and why not). */
export function remindState(
  r: Pick<Respondent, 'status' | 'remindersStoppedAt' | 'reminders'>,
  locked: boolean,
  today: string,
): { can: boolean; why: string | null } {
  if (locked) return { can: false, why: 'Reopen the assessment to remind respondents' };
  if (r.status === 'submitted') return { can: false, why: 'Already submitted' };
  if (r.status === 'revoked' || r.status === 'expired') {
    return { can: false, why: 'Send a new link instead' };
  }
  if (r.remindersStoppedAt) return { can: false, why: 'They stopped reminders' };
  if (r.reminders[0]?.day === today) {
    return { can: false, why: 'Already e-mailed today; the next can go tomorrow (UTC)' };
  }
  return { can: true, why: null };
}

/** The settings in one line, e.g. "3 days before the due date · nudge after 7 days · …". */
export function describeSettings(s: ReminderSettings): string {
  if (!s.enabled) return 'No reminders';
  const parts = [
    s.beforeDueDays !== null
      ? `a reminder ${s.beforeDueDays} day${s.beforeDueDays === 1 ? '' : 's'} before the due date`
      : null,
    s.nudgeAfterDays !== null
      ? `a nudge after ${s.nudgeAfterDays} day${s.nudgeAfterDays === 1 ? '' : 's'} without an answer`
      : null,
    s.lastCall ? 'a last call on the due date' : null,
    s.ownerSummary ? 'a summary to the owner' : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'No reminders';
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
  if (v === '' || !Number.isInteger(n)) return 'Whole days only.';
  if (n < min || n > max) return `From ${min} to ${max} days.`;
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
