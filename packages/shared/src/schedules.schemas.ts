import { z } from 'zod';
import {
  AssessmentScopeSchema,
  DayDateSchema,
  TargetsSchema,
  ASSESSMENT_LIMITS,
} from './assessments.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { storableText } from './text.schemas.ts';
import { TenantTagSchema } from './tenants.schemas.ts';

/**
 * Recurring assessments (docs/scheduling.md): a schedule starts the next assessment of a client
 * tenant (or of every tenant carrying a tag) a few days before each due date, from the last
 * completed one, and starting the next assessment by hand does the same once.
 */

export const SCHEDULE_CADENCES = [
  'monthly',
  'quarterly',
  'half_yearly',
  'yearly',
  'every_n_months',
] as const;
export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];
export const SCHEDULE_CADENCE_LABELS: Record<ScheduleCadence, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  half_yearly: 'Every six months',
  yearly: 'Yearly',
  every_n_months: 'Every N months',
};

export const SCHEDULE_STATUSES = ['active', 'paused', 'ended'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const SCHEDULE_LIMITS = {
  /** Create at most this many days before the due date. */
  leadDaysMax: 180,
  leadDaysDefault: 14,
  everyMonthsMax: 60,
  /** Next dates shown per schedule. */
  nextDates: 4,
  /** Latest runs shown per schedule. */
  runsShown: 20,
  /** Schedules per account. */
  perAccount: 500,
} as const;

export const SCHEDULE_ERROR_CODES = {
  /** 404: no such schedule in your account (or on a client tenant you reach). */
  notFound: 'schedules.not_found',
  /** 409: the schedule is ended: it is kept as read-only history. */
  ended: 'schedules.ended',
  /** 409: pause a paused schedule, resume an active one. */
  invalidTransition: 'schedules.invalid_transition',
  /** 409: someone changed the schedule since you read it; `details.current` is it now. */
  editConflict: 'schedules.edit_conflict',
  /** 409: the account has the most schedules it may have. */
  tooMany: 'schedules.too_many',
} as const;

/** Months between two due dates of a cadence. */
export function cadenceMonths(cadence: ScheduleCadence, everyMonths: number | null): number {
  switch (cadence) {
    case 'monthly':
      return 1;
    case 'quarterly':
      return 3;
    case 'half_yearly':
      return 6;
    case 'yearly':
      return 12;
    case 'every_n_months':
      return Math.max(1, everyMonths ?? 1);
  }
}

const DAY_MS = 86_400_000;
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m: m - 1, d };
};
const formatDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The anchor day moved by `months` whole months in UTC, on the anchor's day of the month or the
 * month's last day when it is shorter (Jan 31 → Feb 28 → Mar 31: always from the anchor, so a
 * short month does not pull the following ones).
 */
export function addMonthsToDay(anchor: string, months: number): string {
  const { y, m, d } = parseDay(anchor);
  const first = Date.UTC(y, m + months, 1);
  const year = new Date(first).getUTCFullYear();
  const month = new Date(first).getUTCMonth();
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatDay(Date.UTC(year, month, Math.min(d, last)));
}

/** `day` minus `days` days. */
export function dayMinus(day: string, days: number): string {
  const { y, m, d } = parseDay(day);
  return formatDay(Date.UTC(y, m, d) - days * DAY_MS);
}

/** The UTC calendar day of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export interface ScheduleTiming {
  anchorDueDate: string;
  cadence: ScheduleCadence;
  everyMonths: number | null;
  leadDays: number;
}

/** One period of a schedule: its due date (the period's key) and the day it is created on. */
export interface ScheduleOccurrence {
  dueDate: string;
  createOn: string;
}

/**
 * The schedule's periods whose due date is on or after `fromDay`, `count` of them: due dates
 * are the anchor plus whole cadences, each created `leadDays` before (at 00:00 UTC).
 */
export function occurrencesFrom(
  t: ScheduleTiming,
  fromDay: string,
  count: number,
): ScheduleOccurrence[] {
  const step = cadenceMonths(t.cadence, t.everyMonths);
  const a = parseDay(t.anchorDueDate);
  const f = parseDay(fromDay);
  // A first guess of the index (whole cadences between the anchor and fromDay), then walk.
  let k = Math.max(0, Math.floor(((f.y - a.y) * 12 + (f.m - a.m)) / step) - 1);
  while (k > 0 && addMonthsToDay(t.anchorDueDate, k * step) >= fromDay) k -= 1;
  const out: ScheduleOccurrence[] = [];
  for (; out.length < count; k += 1) {
    const dueDate = addMonthsToDay(t.anchorDueDate, k * step);
    if (dueDate < fromDay) continue;
    out.push({ dueDate, createOn: dayMinus(dueDate, t.leadDays) });
  }
  return out;
}

/** The period after the one due on `dueDate`. */
export function occurrenceAfter(t: ScheduleTiming, dueDate: string): ScheduleOccurrence {
  return occurrencesFrom(t, dayMinus(dueDate, -1), 1)[0]!;
}

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The default name of the assessment of a period: the framework and the period of its due date
 * ("ISO 27001 — Q1 2027", "— March 2027", "— H1 2027", "— 2027").
 */
export function periodName(
  frameworkName: string,
  dueDate: string,
  cadence: ScheduleCadence = 'quarterly',
): string {
  const { y, m } = parseDay(dueDate);
  const period =
    cadence === 'monthly'
      ? `${MONTHS[m]} ${y}`
      : cadence === 'half_yearly'
        ? `H${m < 6 ? 1 : 2} ${y}`
        : cadence === 'yearly'
          ? `${y}`
          : cadence === 'quarterly'
            ? `${QUARTERS[Math.floor(m / 3)]} ${y}`
            : `${MONTHS[m]} ${y}`;
  return `${frameworkName} — ${period}`.slice(0, ASSESSMENT_LIMITS.name);
}

// ---------------------------------------------------------------------------------------------
// Starting the next assessment from a completed one
// ---------------------------------------------------------------------------------------------

const assessmentName = storableText()
  .trim()
  .min(1, 'Give the assessment a name.')
  .max(ASSESSMENT_LIMITS.name, `A name has at most ${ASSESSMENT_LIMITS.name} characters.`);

export const NextAssessmentInputSchema = z.object({
  /** Default: the framework and the period of the due date (or of today). */
  name: assessmentName.optional(),
  dueDate: DayDateSchema.nullable().default(null),
  /** A member of the account; the previous assessment's owner (or the caller) when left out. */
  ownerId: IdSchema.optional(),
  /** Move to the framework's newest published version (answers carried by the carry-forward rules). */
  useNewestVersion: z.boolean().default(true),
  /** Invite the previous assessment's respondents (not revoked) again, with new links. */
  reinviteRespondents: z.boolean().default(true),
});
export type NextAssessmentInput = z.input<typeof NextAssessmentInputSchema>;

export const NextAssessmentResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  frameworkVersion: z.number().int(),
  /** Answers carried from the previous assessment, to confirm or change. */
  carried: z.number().int(),
  /** Respondents invited again (each e-mailed a new link). */
  reinvited: z.number().int(),
});
export type NextAssessmentResult = z.infer<typeof NextAssessmentResultSchema>;

/** Where an assessment came from: the one it was started from, and the schedule that did. */
export type AssessmentOrigin = {
  previous: { id: string; name: string } | null;
  schedule: { id: string; cadence: string } | null;
};

// ---------------------------------------------------------------------------------------------
// Schedules
// ---------------------------------------------------------------------------------------------

const leadDays = z
  .number({ error: 'must be a number of days' })
  .int('must be whole days')
  .min(0, 'must be 0 or more')
  .max(SCHEDULE_LIMITS.leadDaysMax, `at most ${SCHEDULE_LIMITS.leadDaysMax} days`);
const everyMonths = z
  .number({ error: 'must be a number of months' })
  .int('must be whole months')
  .min(1, 'at least 1 month')
  .max(SCHEDULE_LIMITS.everyMonthsMax, `at most ${SCHEDULE_LIMITS.everyMonthsMax} months`);

const scheduleFields = {
  cadence: z.enum(SCHEDULE_CADENCES),
  /** For `every_n_months` only. */
  everyMonths: everyMonths.nullable().default(null),
  /** The due date of the first period; the next ones follow it by whole cadences. */
  anchorDueDate: DayDateSchema,
  /** Create each assessment this many days before its due date. */
  leadDays: leadDays.default(SCHEDULE_LIMITS.leadDaysDefault),
  /** A member of the account; the creator when left out. */
  ownerId: IdSchema.optional(),
  reinviteRespondents: z.boolean().default(true),
  useNewestVersion: z.boolean().default(true),
  scope: AssessmentScopeSchema.default({ sections: null, tags: null }),
  targets: TargetsSchema.default({}),
};

const needsMonths = (v: { cadence?: ScheduleCadence; everyMonths?: number | null }) =>
  v.cadence !== 'every_n_months' || (v.everyMonths ?? null) !== null;
const monthsIssue = {
  error: 'Say every how many months.',
  path: ['everyMonths'],
};

export const CreateScheduleSchema = z
  .object({
    /** One client tenant… */
    tenantId: IdSchema.optional(),
    /** …or every client tenant carrying this tag when a run comes (account owners and unrestricted members). */
    tag: TenantTagSchema.optional(),
    frameworkId: IdSchema,
    ...scheduleFields,
  })
  .refine((v) => (v.tenantId === undefined) !== (v.tag === undefined), {
    error: 'Choose one client tenant or one tag.',
    path: ['tenantId'],
  })
  .refine(needsMonths, monthsIssue);
export type CreateSchedule = z.input<typeof CreateScheduleSchema>;

export const UpdateScheduleSchema = z
  .object({
    cadence: scheduleFields.cadence,
    everyMonths: everyMonths.nullable(),
    anchorDueDate: DayDateSchema,
    leadDays,
    ownerId: IdSchema,
    reinviteRespondents: z.boolean(),
    useNewestVersion: z.boolean(),
    scope: AssessmentScopeSchema,
    targets: TargetsSchema,
    /** The revision the change was made on: 409 `schedules.edit_conflict` if it moved since. */
    baseRevision: z.number().int().min(1).max(1_000_000_000),
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'baseRevision'), {
    error: 'Send at least one field to change.',
  })
  .refine(needsMonths, monthsIssue);
export type UpdateSchedule = z.infer<typeof UpdateScheduleSchema>;

export const SCHEDULE_RUN_STATUSES = ['created', 'failed'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

export const ScheduleRunSchema = z.object({
  tenant: z.object({ id: z.string(), name: z.string() }),
  /** The due date of the period (the run's key with the schedule and the tenant). */
  period: z.string(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  /** The assessment it created (null when failed, or deleted since). */
  assessment: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Failed attempts so far (a failed run is tried again on every run of the schedules). */
  attempts: z.number().int(),
  error: z.string().nullable(),
  at: z.string(),
});
export type ScheduleRun = z.infer<typeof ScheduleRunSchema>;

export const ScheduleSchema = z.object({
  id: z.string(),
  /** The one client tenant, or null for a schedule by tag. */
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  tag: z.string().nullable(),
  /** For a schedule by tag: the client tenants carrying the tag now. */
  tenantCount: z.number().int(),
  framework: z.object({ id: z.string(), name: z.string(), latestVersion: z.number().int() }),
  scope: AssessmentScopeSchema,
  targets: z.record(z.string(), z.number().nullable()),
  cadence: z.enum(SCHEDULE_CADENCES),
  everyMonths: z.number().int().nullable(),
  anchorDueDate: z.string(),
  leadDays: z.number().int(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  reinviteRespondents: z.boolean(),
  useNewestVersion: z.boolean(),
  status: z.enum(SCHEDULE_STATUSES),
  revision: z.number().int(),
  /** The next periods (none when paused or ended). */
  next: z.array(z.object({ dueDate: z.string(), createOn: z.string() })),
  runs: z.array(ScheduleRunSchema),
  /** Runs whose last attempt failed (retried on the next run of the schedules). */
  failing: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z.object({ items: z.array(ScheduleSchema) });
export type ScheduleList = z.infer<typeof ScheduleListSchema>;
