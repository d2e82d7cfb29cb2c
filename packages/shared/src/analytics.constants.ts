/**
 * The analytics contract's constants, without zod: the guest pages' entry (apps/web/src/guest)
 * records page views with them and stays within its budget. `analytics.schemas.ts` re-exports
 * them beside the schemas.
 */

/** Analytics event names fixed by the seed (§2, §4). */
export const ANALYTICS_EVENTS = [
  'page_view',
  'upgrade_subscription',
  'downgrade_subscription',
  'purchase',
  'checkout_cancelled',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const MAX_ANALYTICS_BATCH = 50;

export const ANALYTICS_ENDPOINT = '/api/v1/analytics/events';
