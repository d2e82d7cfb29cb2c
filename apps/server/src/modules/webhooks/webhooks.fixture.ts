/**
 * A webhook endpoint of an account with one delivery in its log, for the outsider and fuzz
 * test worlds (test/outsider/personas.ts, test/fuzz/world.ts: `Object.assign(ids, await
 * webhooksFixture(db, …))`). Test worlds only. What an earlier call (and the requests since)
 * made in the account goes first, so the world does not grow with each reset.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { webhookBody } from './webhooks.events.ts';
import { newMessageId, newWebhookSecret } from './webhooks.signing.ts';

export interface WebhooksFixture {
  /** An enabled endpoint (a public address that is never called: nothing sends in tests). */
  webhookId: string;
  /** A failed delivery of it (redeliverable). */
  webhookDeliveryId: string;
}

/** A public address (example.com's) used by test worlds: valid without a DNS lookup. */
export const FIXTURE_WEBHOOK_URL = 'https://93.184.215.14/tenantry-webhooks';

export async function webhooksFixture(
  db: Database,
  actor: { accountId: string; userId: string },
): Promise<WebhooksFixture> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.accountId, actor.accountId));
  const webhookId = randomUUID();
  await db.insert(webhookEndpoints).values({
    id: webhookId,
    accountId: actor.accountId,
    url: FIXTURE_WEBHOOK_URL,
    description: 'Test world endpoint',
    events: ['assessment.completed', 'task.created'],
    secret: newWebhookSecret(),
    createdBy: actor.userId,
  });
  const webhookDeliveryId = randomUUID();
  await db.insert(webhookDeliveries).values({
    id: webhookDeliveryId,
    accountId: actor.accountId,
    endpointId: webhookId,
    messageId: newMessageId(),
    eventType: 'task.created',
    payload: webhookBody('task.created', new Date(), { task: { id: 'fixture' } }),
    status: 'failed',
    attempts: 8,
    responseStatus: 500,
    durationMs: 12,
    error: 'Answered 500.',
    lastAttemptAt: new Date(),
  });
  return { webhookId, webhookDeliveryId };
}
