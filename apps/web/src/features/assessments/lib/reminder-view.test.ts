import { DEFAULT_REMINDER_SETTINGS, type Respondent } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import {
  describeSettings,
  reminderFormErrors,
  reminderLog,
  reminderSummary,
  remindState,
  toFormValues,
  toSettings,
} from './reminder-view.ts';

const mails = (...list: Respondent['reminders']) => ({ reminders: list });
const mail = (
  kind: Respondent['reminders'][number]['kind'],
  day: string,
  sentBy: string | null = null,
) => ({
  kind,
  day,
  sentAt: `${day}T08:00:00.000Z`,
  sentBy,
});

describe('the reminders column', () => {
  it('says the last reminder, else when the link went, else nothing yet', () => {
    expect(
      reminderSummary(mails(mail('nudge', '2031-01-12'), mail('invitation', '2031-01-02'))),
    ).toBe('Reminded 12 Jan 2031');
    expect(reminderSummary(mails(mail('invitation', '2031-01-02')))).toBe('Link sent 2 Jan 2031');
    expect(reminderSummary(mails())).toBe('Not reminded yet');
    expect(reminderLog(mails(mail('manual', '2031-01-12', 'Olivia')))).toEqual([
      '12 Jan 2031: sent now by Olivia',
    ]);
  });

  it('allows "send now" only to someone still answering, not stopped, not e-mailed today', () => {
    const r = { status: 'answering' as const, remindersStoppedAt: null, ...mails() };
    expect(remindState(r, false, '2031-01-12').can).toBe(true);
    expect(remindState(r, true, '2031-01-12').can).toBe(false);
    expect(remindState({ ...r, status: 'submitted' }, false, '2031-01-12').why).toBe(
      'Already submitted',
    );
    expect(remindState({ ...r, remindersStoppedAt: 'x' }, false, '2031-01-12').why).toBe(
      'They stopped reminders',
    );
    expect(
      remindState({ ...r, ...mails(mail('invitation', '2031-01-12')) }, false, '2031-01-12').can,
    ).toBe(false);
  });
});

describe('the settings form', () => {
  it('round-trips the settings and checks the day ranges', () => {
    const values = toFormValues(DEFAULT_REMINDER_SETTINGS);
    expect(toSettings(values)).toEqual(DEFAULT_REMINDER_SETTINGS);
    expect(toSettings({ ...values, nudge: false })).toMatchObject({ nudgeAfterDays: null });
    expect(reminderFormErrors({ ...values, beforeDueDays: 0, nudgeAfterDays: '2.5' })).toEqual({
      beforeDueDays: 'From 1 to 60 days.',
      nudgeAfterDays: 'Whole days only.',
    });
    expect(reminderFormErrors({ ...values, before: false, beforeDueDays: 0 })).toEqual({});
  });

  it('describes the settings in one line', () => {
    expect(describeSettings(DEFAULT_REMINDER_SETTINGS)).toBe(
      'A reminder 3 days before the due date, a nudge after 7 days without an answer, a last call on the due date, a summary to the owner',
    );
    expect(describeSettings({ ...DEFAULT_REMINDER_SETTINGS, enabled: false })).toBe('No reminders');
  });
});
