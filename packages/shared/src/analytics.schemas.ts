import { z } from 'zod';
import { storableDateTime, storableText } from './text.schemas.ts';
import { ANALYTICS_EVENTS, MAX_ANALYTICS_BATCH } from './analytics.constants.ts';

export {
  ANALYTICS_ENDPOINT,
  ANALYTICS_EVENTS,
  MAX_ANALYTICS_BATCH,
  type AnalyticsEventName,
} from './analytics.constants.ts';

export const AnalyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  path: storableText().min(1).max(2048),
  title: storableText().max(200).nullable().optional(),
  tab: storableText().max(200).nullable().optional(),
  focus: storableText().max(200).nullable().optional(),
  /** Client time (ISO) the event happened; the server also records its own receive time. */
  occurredAt: storableDateTime().optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsBatchSchema = z.object({
  events: z.array(AnalyticsEventSchema).min(1).max(MAX_ANALYTICS_BATCH),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

/** GET /api/v1/system/analytics/events: filters (system admins; the service console). */
export const AnalyticsEventQuerySchema = z.object({
  name: z.enum(ANALYTICS_EVENTS).optional(),
  /** Exact path. */
  path: storableText().min(1).max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AnalyticsEventQuery = z.infer<typeof AnalyticsEventQuerySchema>;

export const StoredAnalyticsEventSchema = z.object({
  id: z.string(),
  name: z.enum(ANALYTICS_EVENTS),
  path: z.string(),
  title: z.string().nullable(),
  tab: z.string().nullable(),
  focus: z.string().nullable(),
  userId: z.string().nullable(),
  accountId: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
});
export type StoredAnalyticsEvent = z.infer<typeof StoredAnalyticsEventSchema>;

export const AnalyticsEventListSchema = z.object({ events: z.array(StoredAnalyticsEventSchema) });
