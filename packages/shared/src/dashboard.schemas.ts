import { z } from 'zod';
import { ASSESSMENT_STATUSES } from './assessments.schemas.ts';
import { PersonRefSchema, TASK_PRIORITIES, TASK_STATUSES } from './remediation.schemas.ts';

/**
 * The account's dashboard (`/`, `/home`; docs/dashboard.md): client tenants, open assessments,
 * the average score and its trend by month, the tenants with the most gaps. Every figure is
 * read from values kept up to date on write (the tenants' latest completed assessment, the
 * assessments' own scores), never from answers.
 */

export const DASHBOARD_LIMITS = {
  /** Open assessments listed (most recently changed first). */
  open: 8,
  /** Tenants listed by gap questions. */
  gaps: 5,
  /** Months of the trend, this one included. */
  months: 12,
  /** Overdue tasks listed (longest overdue first). */
  overdue: 8,
  /** Evidence files listed as expired or expiring (soonest expiry first). */
  evidence: 8,
  /** Assessments listed per due-date group (overdue, today, this week, upcoming). */
  dueDates: 5,
  /** "Upcoming" reaches this many days past today. */
  upcomingDays: 30,
} as const;

/**
 * The due-date groups of open assessments, by their due date against today (UTC): before it
 * (`overdue`), today, the next 6 days (`week`), then up to DASHBOARD_LIMITS.upcomingDays days
 * out (`upcoming`).
 */
export const DUE_GROUPS = ['overdue', 'today', 'week', 'upcoming'] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

export const DueAssessmentSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  name: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  /** `YYYY-MM-DD`. */
  dueDate: z.string(),
  group: z.enum(DUE_GROUPS),
  completion: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  owner: PersonRefSchema.nullable(),
});
export type DueAssessment = z.infer<typeof DueAssessmentSchema>;

export const DashboardSchema = z.object({
  tenants: z.object({
    active: z.number().int(),
    archived: z.number().int(),
    /** Active tenants with a completed assessment. */
    assessed: z.number().int(),
  }),
  /** Mean of the active tenants' latest completed scores (null: none assessed yet). */
  averageScore: z.number().nullable(),
  assessments: z.object({
    /** Drafts, in progress and reopened, on active tenants. */
    open: z.number().int(),
    completed: z.number().int(),
    /**
     * Whether any assessment of the account (any tenant, any status) has a respondent link:
     * the getting-started checklist's "send a respondent link" step.
     */
    hasRespondents: z.boolean(),
  }),
  /** Open assessments, most recently changed first. */
  openAssessments: z.array(
    z.object({
      id: z.string(),
      tenantId: z.string(),
      tenantName: z.string(),
      name: z.string(),
      status: z.enum(ASSESSMENT_STATUSES),
      score: z.number().nullable(),
      completion: z.number().nullable(),
      answered: z.number().int(),
      total: z.number().int(),
      /** Always true here (open assessments): the score may still change (docs/scoring.md). */
      provisional: z.boolean(),
      dueDate: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  /** Per month (`YYYY-MM`, oldest first, the last 12 with this one): completed assessments and their mean score. */
  trend: z.array(
    z.object({
      month: z.string(),
      completed: z.number().int(),
      averageScore: z.number().nullable(),
    }),
  ),
  /** Active tenants whose latest completed assessment has the most gap questions. */
  largestGaps: z.array(
    z.object({
      tenantId: z.string(),
      tenantName: z.string(),
      assessmentId: z.string(),
      score: z.number().nullable(),
      gaps: z.number().int(),
      completedAt: z.string(),
    }),
  ),
  /**
   * Open assessments on active tenants by due date: how many in each group, and the first
   * DASHBOARD_LIMITS.dueDates of each (the longest overdue first, then the nearest due).
   */
  dueDates: z.object({
    /** The day the groups were counted against (`YYYY-MM-DD`, UTC). */
    today: z.string(),
    counts: z.object({
      overdue: z.number().int(),
      today: z.number().int(),
      week: z.number().int(),
      upcoming: z.number().int(),
    }),
    items: z.array(DueAssessmentSchema),
  }),
  /** Remediation across active tenants: open tasks, overdue ones, the longest overdue listed. */
  remediation: z.object({
    open: z.number().int(),
    overdue: z.number().int(),
    overdueTasks: z.array(
      z.object({
        id: z.string(),
        tenantId: z.string(),
        tenantName: z.string(),
        title: z.string(),
        status: z.enum(TASK_STATUSES),
        priority: z.enum(TASK_PRIORITIES),
        dueDate: z.string(),
        assignee: PersonRefSchema.nullable(),
      }),
    ),
  }),
  /**
   * Evidence files of active tenants expired or expiring within
   * EVIDENCE_LIMITS.expiringWithinDays (docs/evidence.md, "Expiry"): how many, the soonest
   * listed.
   */
  evidence: z.object({
    expiring: z.number().int(),
    expired: z.number().int(),
    files: z.array(
      z.object({
        id: z.string(),
        tenantId: z.string(),
        tenantName: z.string(),
        name: z.string(),
        expiresOn: z.string(),
        state: z.enum(['expiring', 'expired']),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
