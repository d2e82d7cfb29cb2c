/**
 * The service console's analytics tab (docs/service-console.md, "Service console: analytics"):
 * how people use the product, read from daily rollups of the analytics events and of sign-ups.
 * System admins only.
 */
import { z } from 'zod';

/** The longest range one request may ask for, in days. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** Sign-up weeks shown in the retention table, and weeks after sign-up per cohort. */
export const ANALYTICS_RETENTION_WEEKS = 8;

/** A calendar day (UTC) between 2000 and 2999, as YYYY-MM-DD. */
const isoDay = z
  .string()
  .regex(/^2\d{3}-\d{2}-\d{2}$/, 'Use a date like 2026-03-01')
  .refine((s) => {
    const at = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(s);
  }, 'Not a date');

/** GET /api/v1/service/analytics and its CSV: a range of whole days (UTC), both ends included. */
export const ServiceAnalyticsQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'The end comes before the start' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_RANGE_DAYS, {
    path: ['to'],
    error: `At most ${ANALYTICS_MAX_RANGE_DAYS} days at a time`,
  });
export type ServiceAnalyticsQuery = z.infer<typeof ServiceAnalyticsQuerySchema>;

/** One day of the range: active users, page views, sign-ups and checkout outcomes. */
export const AnalyticsDaySchema = z.object({
  day: z.string(),
  /** People with at least one event that day, and in the 7 days ending that day. */
  dailyActive: z.number().int(),
  weeklyActive: z.number().int(),
  pageViews: z.number().int(),
  signups: z.number().int(),
  purchases: z.number().int(),
  upgrades: z.number().int(),
  downgrades: z.number().int(),
  checkoutsCancelled: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

/** A screen (the path's first segment) and tab, by page views in the range. */
export const AnalyticsScreenSchema = z.object({
  screen: z.string(),
  tab: z.string().nullable(),
  views: z.number().int(),
});

/**
 * The activation funnel of the people who signed up in the range: how many reached each step
 * (verified their address, their account's first client tenant, first assessment, first
 * completed assessment, a paid invoice).
 */
export const AnalyticsFunnelSchema = z.object({
  signups: z.number().int(),
  verified: z.number().int(),
  firstTenant: z.number().int(),
  firstAssessment: z.number().int(),
  firstCompleted: z.number().int(),
  paid: z.number().int(),
});
export type AnalyticsFunnel = z.infer<typeof AnalyticsFunnelSchema>;

/** People who signed up in one week (Monday, UTC) and how many were active each week after. */
export const AnalyticsCohortSchema = z.object({
  week: z.string(),
  size: z.number().int(),
  /** active[0]: the sign-up week itself; only weeks that have begun. */
  active: z.array(z.number().int()),
});

export const ServiceAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(AnalyticsDaySchema),
  topScreens: z.array(AnalyticsScreenSchema),
  funnel: AnalyticsFunnelSchema,
  retention: z.array(AnalyticsCohortSchema),
  /** When the rollups were last brought up to date (null before the first run). */
  rolledUpAt: z.string().nullable(),
});
export type ServiceAnalytics = z.infer<typeof ServiceAnalyticsSchema>;

/** POST /api/v1/service/analytics/refresh */
export const AnalyticsRefreshSchema = z.object({ days: z.number().int(), rolledUpAt: z.string() });
