import { z } from 'zod';
import { CONFIG_PROFILES } from './config.ts';

/** GET /healthz, GET /livez, GET /readyz (200). */
export const HealthSchema = z.object({ status: z.literal('ok') });

/** GET /version.json (the version document: the build's timestamp). */
export const VersionDocumentSchema = z.object({ timestamp: z.number() });

/** One message of the development mailbox (GET /api/v1/system/mailbox). */
export const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const MailboxListSchema = z.object({ messages: z.array(MailboxMessageSchema) });
export type MailboxList = z.infer<typeof MailboxListSchema>;

/** GET /api/v1/system/info: diagnostics for system admins and developers. */
export const SystemInfoSchema = z.object({
  profile: z.enum(CONFIG_PROFILES),
  database: z.enum(['pglite', 'postgres']),
  versionTimestamp: z.number(),
  mail: z.enum(['smtp', 'mailbox']),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

/** POST /api/v1/analytics/events answers 202 with how many events were stored. */
export const AnalyticsAcceptedSchema = z.object({ accepted: z.number().int() });
