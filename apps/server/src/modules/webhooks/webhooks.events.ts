/**
 * Emitting webhook events (docs/webhooks.md, "Events"). A domain service calls
 * `emitWebhookEvent` INSIDE the transaction of its change: one INSERT … SELECT adds a pending
 * delivery for every enabled endpoint of the account subscribed to the type, so the event goes
 * out exactly when the change commits (and never when it rolls back). The dispatcher
 * (webhooks.dispatch.ts) sends them. An account without endpoints costs one index lookup.
 *
 * `assessment.answer_added` is not emitted here: the dispatcher derives it from the answers'
 * live events, so the answer write path does no webhook work at all.
 */
import type { WebhookEventType } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { principalReaches } from '../../auth/tenant-access.ts';
import type { Database, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { newMessageId } from './webhooks.signing.ts';

/** The body every delivery carries: `{ type, timestamp, data }` (timestamp: ISO 8601, UTC). */
export function webhookBody(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Queues `type` with `data` — an event of the client tenant `tenantId` — for every enabled
 * endpoint of `accountId` subscribed to it and within its maker's client-tenant access, in the
 * caller's transaction. Answers how many deliveries were queued.
 */
export async function emitWebhookEvent(
  tx: Database | Tx,
  scope: { accountId: string; tenantId: string },
  type: Exclude<WebhookEventType, 'assessment.answer_added'>,
  data: Record<string, unknown>,
): Promise<number> {
  const { accountId, tenantId } = scope;
  const body = webhookBody(type, new Date(), data);
  // Only endpoints whose maker reaches the event's client tenant (docs/members.md).
  const inserted = await tx.execute(sql`
    insert into ${webhookDeliveries}
      (id, account_id, endpoint_id, message_id, event_type, payload, status, next_attempt_at)
    select gen_random_uuid()::text, e.account_id, e.id, ${newMessageId()}, ${type}, ${body},
      'pending', now()
    from ${webhookEndpoints} e
    where e.account_id = ${accountId} and e.enabled
      and e.events @> ${JSON.stringify([type])}::jsonb
      and ${principalReaches(sql`e.account_id`, sql`e.access_user_id`, sql`${tenantId}::text`)}
    returning id`);
  return (inserted as unknown as { rows: unknown[] }).rows.length;
}
