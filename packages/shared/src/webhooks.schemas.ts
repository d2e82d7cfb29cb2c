import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Webhooks (docs/webhooks.md): an owner or admin registers endpoints (an https URL, the events
 * it wants, a signing secret); when such an event happens in the account, the server POSTs
 * `{ type, timestamp, data }` to each enabled endpoint subscribed to it, signed per the
 * Standard Webhooks spec, retrying with backoff, and keeps a log of every delivery. Part of
 * the Business plan (feature `api`).
 */

export const WEBHOOK_EVENT_TYPES = [
  'assessment.completed',
  'assessment.answer_added',
  'respondent.submitted',
  'task.created',
  'task.status_changed',
  'baseline.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event "Send test ping" delivers (not subscribable). */
export const WEBHOOK_PING_EVENT = 'webhook.ping';

export const WEBHOOK_EVENT_INFO: Record<WebhookEventType, { label: string; description: string }> =
  {
    'assessment.completed': {
      label: 'Assessment completed',
      description: 'An assessment was marked completed (with its score and completion).',
    },
    'assessment.answer_added': {
      label: 'Answers added',
      description:
        'Answers were written to an assessment: at most one delivery per assessment a minute, counting them, with the latest completion and score.',
    },
    'respondent.submitted': {
      label: 'Respondent submitted',
      description: 'A respondent submitted their part of an assessment.',
    },
    'task.created': {
      label: 'Task created',
      description: 'A remediation task was created (by hand or from an assessment’s gaps).',
    },
    'task.status_changed': {
      label: 'Task status changed',
      description: 'A remediation task moved to another status.',
    },
    'baseline.changed': {
      label: 'Baseline changed',
      description: 'A client tenant’s baseline assessment was set, replaced or cleared.',
    },
  };

/**
 * `pending`: waiting for its first or next attempt; `succeeded`: the endpoint answered 2xx;
 * `failed`: every attempt failed (or it could not be sent at all).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const WEBHOOK_LIMITS = {
  /** Endpoints one account may have. */
  perAccount: 20,
  url: 2_000,
  description: 500,
  /** How long one attempt may take (connect, send, answer). */
  timeoutMs: 10_000,
  /** Attempts of a delivery before it is failed. */
  maxAttempts: 8,
  /** The wait after the n-th failed attempt: about backoffSeconds × 2^(n−1), with jitter. */
  backoffSeconds: 10,
  /** `assessment.answer_added`: at most one delivery per assessment and endpoint per window. */
  answerWindowSeconds: 60,
  /** Most bytes of an endpoint's answer that are read (and kept, shortened, in the log). */
  responseBytes: 4_096,
  /** Deliveries are kept this many days. */
  keepDays: 30,
  /** Largest page of the delivery log. */
  page: 100,
} as const;

export const WEBHOOK_ERROR_CODES = {
  /** 404: no such endpoint in this account. */
  notFound: 'webhooks.not_found',
  /** 404: no such delivery of this endpoint. */
  deliveryNotFound: 'webhooks.delivery_not_found',
  /** 409: the account has WEBHOOK_LIMITS.perAccount endpoints already. */
  tooMany: 'webhooks.too_many',
  /** 400: the URL is not allowed (not https, or its host is a private address). */
  urlNotAllowed: 'webhooks.url_not_allowed',
  /** 409: the endpoint is disabled (enable it to send a ping or redeliver). */
  disabled: 'webhooks.disabled',
} as const;

/** Whether `s` parses as an absolute http(s) URL without user name or password. */
function isWebhookUrl(s: string): boolean {
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/**
 * Where deliveries are POSTed: an absolute https:// URL (http:// only when the server allows
 * private URLs, for local development), no user name or password in it. The server also
 * refuses hosts that resolve to private addresses (400 `webhooks.url_not_allowed` on `url`).
 */
export const WebhookUrlSchema = storableText()
  .trim()
  .min(1, 'Give the URL to send events to.')
  .max(WEBHOOK_LIMITS.url, `At most ${WEBHOOK_LIMITS.url} characters.`)
  .refine(isWebhookUrl, 'Use a full https:// address, like https://example.com/webhooks.');

const description = storableText()
  .trim()
  .max(WEBHOOK_LIMITS.description, `At most ${WEBHOOK_LIMITS.description} characters.`);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Not an event webhooks can send.' }))
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'Each event once.');

/** POST /api/v1/webhooks */
export const CreateWebhookSchema = z.object({
  url: WebhookUrlSchema,
  description: description.default(''),
  events,
  enabled: z.boolean().default(true),
});
export type CreateWebhook = z.output<typeof CreateWebhookSchema>;
export type CreateWebhookInput = z.input<typeof CreateWebhookSchema>;

/** PATCH /api/v1/webhooks/{id}: any of the fields; the others stay. */
export const UpdateWebhookSchema = z.object({
  url: WebhookUrlSchema.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhook = z.output<typeof UpdateWebhookSchema>;
export type UpdateWebhookInput = z.input<typeof UpdateWebhookSchema>;

/** One endpoint (never its secret: GET /webhooks/{id}/secret reveals that). */
export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The newest delivery's status and time; null before the first one. */
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), createdAt: z.string() })
    .nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({
  webhooks: z.array(WebhookSchema),
  /** WEBHOOK_LIMITS.perAccount: how many the account may have. */
  limit: z.number().int(),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** The signing secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks). */
export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

/** Path parameters of one delivery of one endpoint. */
export const WebhookDeliveryParamsSchema = z.object({ id: IdSchema, deliveryId: IdSchema });

/** One delivery attempt log row. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The `webhook-id` header: the same for a redelivery of the same event. */
  messageId: z.string(),
  /** One of WEBHOOK_EVENT_TYPES, or `webhook.ping`. */
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt's answer; null when there was none (or no attempt). */
  responseStatus: z.number().int().nullable(),
  /** How long the last attempt took, in ms. */
  durationMs: z.number().int().nullable(),
  /** What went wrong in the last attempt (with the start of the endpoint's answer). */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET /api/v1/webhooks/{id}/deliveries: newest first, keyset-paged. */
export const WebhookDeliveryQuerySchema = z.object({
  cursor: storableText().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.page).default(20),
});
export type WebhookDeliveryQuery = z.output<typeof WebhookDeliveryQuerySchema>;
export type WebhookDeliveryQueryInput = z.input<typeof WebhookDeliveryQuerySchema>;

export const WebhookDeliveryListSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
