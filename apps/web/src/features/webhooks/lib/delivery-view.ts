import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PING_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@tenantry/shared';
import { webhookDeliveryStatusLabel, webhookEventLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

export const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'blue',
  succeeded: 'teal',
  failed: 'red',
};

export const statusLabel = (status: WebhookDeliveryStatus) => webhookDeliveryStatusLabel(status);

/** An event type as people read it ("Task created", "Test ping"); an unknown one as it is. */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_PING_EVENT) return t('delivery.ping');
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)
    ? webhookEventLabel(type as WebhookEventType)
    : type;
}

/** "200", or "No answer" when the last attempt got none, "—" before the first one. */
export function responseLabel(d: Pick<WebhookDelivery, 'responseStatus' | 'attempts'>): string {
  if (d.responseStatus !== null) return String(d.responseStatus);
  return d.attempts > 0 ? t('delivery.noAnswer') : '—';
}

/** "85 ms", "1.2 s"; "—" without an attempt. */
export function durationLabel(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000
    ? t('delivery.ms', { ms: String(ms) })
    : t('delivery.s', { s: (ms / 1000).toFixed(1) });
}

/** Whether any loaded delivery is still pending (the log then keeps asking). */
export function hasPending(pages: readonly WebhookDeliveryList[] | undefined): boolean {
  return (pages ?? []).some((p) => p.items.some((d) => d.status === 'pending'));
}
