import { z } from 'zod';
import { RespondentSchema } from './assessments.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Reminders to respondents and owners (docs/assessments.md, "Reminders"): account defaults,
 * per-assessment overrides, the assessor's "send now" and the respondent's "stop reminders".
 */

export const REMINDER_LIMITS = {
  /** A reminder goes this many days before the due date: 1 to 60. */
  beforeDueDaysMin: 1,
  beforeDueDaysMax: 60,
  /** A nudge after this many days without an answer: 1 to 60. */
  nudgeAfterDaysMin: 1,
  nudgeAfterDaysMax: 60,
  /** The e-mails of a respondent listed with them (newest first). */
  logListed: 20,
} as const;

/** What reminders an assessment's respondents and owner get. */
export const ReminderSettingsSchema = z.object({
  /** Off: no scheduled reminder, nudge, last call or owner summary (the invitation still goes). */
  enabled: z.boolean(),
  /** Days before the due date for a reminder; null: none. */
  beforeDueDays: z
    .number()
    .int('Whole days only.')
    .min(REMINDER_LIMITS.beforeDueDaysMin, `At least ${REMINDER_LIMITS.beforeDueDaysMin} day.`)
    .max(REMINDER_LIMITS.beforeDueDaysMax, `At most ${REMINDER_LIMITS.beforeDueDaysMax} days.`)
    .nullable(),
  /** Days without an answer (since the last e-mail or their last answer) for a nudge; null: none. */
  nudgeAfterDays: z
    .number()
    .int('Whole days only.')
    .min(REMINDER_LIMITS.nudgeAfterDaysMin, `At least ${REMINDER_LIMITS.nudgeAfterDaysMin} day.`)
    .max(REMINDER_LIMITS.nudgeAfterDaysMax, `At most ${REMINDER_LIMITS.nudgeAfterDaysMax} days.`)
    .nullable(),
  /** A last call on the due date. */
  lastCall: z.boolean(),
  /** The owner gets who has not answered yet, on the reminder day and the due date. */
  ownerSummary: z.boolean(),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/** Of an account without settings of its own. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: true,
  beforeDueDays: 3,
  nudgeAfterDays: 7,
  lastCall: true,
  ownerSummary: true,
};

/** A write of settings: `version` (from the read) refuses a save over someone else's (409). */
const versioned = { version: z.number().int().min(0).optional() };

export const AccountReminderSettingsSchema = z.object({
  settings: ReminderSettingsSchema,
  /** Bumped by every save; 0: never saved (the defaults). */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AccountReminderSettings = z.infer<typeof AccountReminderSettingsSchema>;

export const UpdateAccountReminderSettingsSchema = ReminderSettingsSchema.extend(versioned);
export type UpdateAccountReminderSettings = z.input<typeof UpdateAccountReminderSettingsSchema>;

/** An assessment's overrides: a field left out follows the account; null turns it off. */
export const ReminderOverridesSchema = ReminderSettingsSchema.partial();
export type ReminderOverrides = z.infer<typeof ReminderOverridesSchema>;

export const AssessmentReminderSettingsSchema = z.object({
  overrides: ReminderOverridesSchema,
  /** The account's settings, which a field without an override follows. */
  account: ReminderSettingsSchema,
  /** What applies to this assessment. */
  effective: ReminderSettingsSchema,
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AssessmentReminderSettings = z.infer<typeof AssessmentReminderSettingsSchema>;

export const UpdateAssessmentReminderSettingsSchema = z
  .object({ overrides: ReminderOverridesSchema.strict() })
  .extend(versioned);
export type UpdateAssessmentReminderSettings = z.input<
  typeof UpdateAssessmentReminderSettingsSchema
>;

/** "Send reminder now": a retry with the same key answers what the first did. */
export const SendReminderSchema = z.object({
  idempotencyKey: storableText().trim().min(8).max(100).optional(),
});

export const SentReminderSchema = z.object({
  respondent: RespondentSchema,
  /** A retry of a reminder already sent with this key: nothing new went out. */
  replayed: z.boolean(),
});
export type SentReminder = z.infer<typeof SentReminderSchema>;

/** The respondent's page for stopping reminders (the token of their link is the authority). */
export const RespondentRemindersSchema = z.object({
  assessmentName: z.string(),
  tenantName: z.string(),
  accountName: z.string(),
  respondentName: z.string(),
  dueDate: z.string().nullable(),
  /** When they stopped reminders; null: they get them. */
  stoppedAt: z.string().nullable(),
});
export type RespondentReminders = z.infer<typeof RespondentRemindersSchema>;

export const UpdateRespondentRemindersSchema = z.object({ stopped: z.boolean() });
