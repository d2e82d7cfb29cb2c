import {
  CreateWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookEventType,
} from '@tenantry/shared';
import { webhookEventLabel, webhookEventDescription } from '#web/lib/labels.ts';
import type { FormErrors } from '@mantine/form';
import { ApiError } from '#web/lib/api.ts';

/** What the endpoint form edits. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** The event checkboxes, in the order of the contract (getters: read while rendering). */
export const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({
  value: type,
  get label() {
    return webhookEventLabel(type);
  },
  get description() {
    return webhookEventDescription(type);
  },
}));

/** The form's first values: the endpoint's, or an empty one. */
export function initialValues(webhook?: Webhook | null): WebhookFormValues {
  return webhook
    ? { url: webhook.url, description: webhook.description, events: [...webhook.events] }
    : { url: '', description: '', events: [] };
}

/** The body of POST /webhooks (validated by the shared schema; it trims). */
export function toCreate(values: WebhookFormValues): CreateWebhookInput {
  const parsed = CreateWebhookSchema.parse(values);
  return { url: parsed.url, description: parsed.description, events: parsed.events };
}

/** The body of PATCH /webhooks/{id}: only what changed; null when nothing did. */
export function toUpdate(values: WebhookFormValues, webhook: Webhook): UpdateWebhookInput | null {
  const next = toCreate(values);
  const patch: UpdateWebhookInput = {};
  if (next.url !== webhook.url) patch.url = next.url;
  if (next.description !== webhook.description) patch.description = next.description;
  const events = next.events ?? [];
  const same =
    events.length === webhook.events.length && events.every((e) => webhook.events.includes(e));
  if (!same) patch.events = events;
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * A 400's field errors keyed as the form's fields (`events.0` → `events`); null when the
 * error is not one.
 */
export function formErrorsOf(err: unknown): FormErrors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const fields = Object.entries(err.fields);
  if (fields.length === 0) return null;
  const errors: FormErrors = {};
  for (const [key, message] of fields) {
    const field = key.split('.')[0]!;
    errors[field] ??= message;
  }
  return errors;
}
