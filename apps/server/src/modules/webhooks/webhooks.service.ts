/**
 * Webhook endpoints and their delivery log (docs/webhooks.md). Owners and admins act through
 * their account (AccountContext); every query carries the account in its where, so another
 * account's endpoint or delivery is simply not found. Creating, changing and sending need the
 * plan's `api` feature (402); reading, deleting and rotating do not, so an account that left
 * the Business plan can still see and clean up what it had.
 */
import { randomUUID } from 'node:crypto';
import {
  isRestricted,
  WEBHOOK_ERROR_CODES,
  WEBHOOK_LIMITS,
  WEBHOOK_PING_EVENT,
  type CreateWebhook,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryQuery,
  type WebhookList,
  type WebhookSecret,
} from '@tenantry/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { liveEvents } from '../../db/schema/assessments.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertFeature } from '../billing/entitlements.ts';
import { webhookBody } from './webhooks.events.ts';
import { newMessageId, newWebhookSecret } from './webhooks.signing.ts';
import { checkWebhookUrl } from './webhooks.url-guard.ts';

type Db = Database | Tx;
type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** What the server's settings say about endpoint URLs (WEBHOOK_ALLOW_PRIVATE_URLS). */
export interface WebhookUrlPolicy {
  allowPrivateUrls: boolean;
}

/** Asks the job queue for a dispatch run now (a ping, a redelivery); never throws. */
export type DispatchNudge = () => void;

/** How long deliveries also carry the signature of the secret before a rotation. */
export const PREVIOUS_SECRET_HOURS = 24;

export const webhookNotFound = () =>
  new AppError(WEBHOOK_ERROR_CODES.notFound, 404, 'There is no such webhook endpoint.');
const deliveryNotFound = () =>
  new AppError(WEBHOOK_ERROR_CODES.deliveryNotFound, 404, 'There is no such delivery.');
const endpointDisabled = () =>
  new AppError(
    WEBHOOK_ERROR_CODES.disabled,
    409,
    'This endpoint is disabled. Enable it to send to it.',
  );

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The endpoints a caller manages: every one of the account, or — for a member limited to some
 * client tenants (docs/members.md), or a key acting within such a member's access — only those
 * made within that same access; another's endpoint is not found.
 */
const managed = (scope: AccountContext): SQL =>
  and(
    eq(webhookEndpoints.accountId, scope.accountId),
    isRestricted(scope.tenantAccess)
      ? eq(webhookEndpoints.accessUserId, scope.accessUserId ?? scope.userId)
      : undefined,
  )!;

const inAccount = (scope: AccountContext, id: string): SQL =>
  and(managed(scope), eq(webhookEndpoints.id, id))!;

/** The newest delivery of an endpoint: one index lookup per row (the list holds ≤ 20). */
const lastDelivery = sql<{ status: DeliveryRow['status']; createdAt: string } | null>`(
  select json_build_object('status', d.status, 'createdAt',
    to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  from ${webhookDeliveries} d
  where d.endpoint_id = "webhook_endpoints"."id" and d.account_id = "webhook_endpoints"."account_id"
  order by d.created_at desc, d.id desc limit 1)`;

function toWebhook(row: EndpointRow, last: Webhook['lastDelivery']): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last ?? null,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

async function selectWebhooks(db: Db, where: SQL): Promise<Webhook[]> {
  const rows = await db
    .select({ row: webhookEndpoints, last: lastDelivery })
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((r) => toWebhook(r.row, r.last));
}

/** GET /webhooks: every endpoint of the account, newest first. */
export async function listWebhooks(db: Database, scope: AccountContext): Promise<WebhookList> {
  const webhooks = await selectWebhooks(db, managed(scope));
  return { webhooks, limit: WEBHOOK_LIMITS.perAccount };
}

/** GET /webhooks/{id} */
export async function getWebhook(db: Db, scope: AccountContext, id: string): Promise<Webhook> {
  const [webhook] = await selectWebhooks(db, inAccount(scope, id));
  if (!webhook) throw webhookNotFound();
  return webhook;
}

/** 400 `webhooks.url_not_allowed` on `url` unless the URL may be used now. */
async function assertUrl(url: string, policy: WebhookUrlPolicy): Promise<void> {
  const refusal = await checkWebhookUrl(url, policy.allowPrivateUrls);
  if (refusal) {
    throw new AppError(WEBHOOK_ERROR_CODES.urlNotAllowed, 400, refusal, { url: refusal });
  }
}

/** The newest live event: answers before it are not news to a new subscription. */
async function liveEventsHead(tx: Tx): Promise<number> {
  const [row] = await tx.select({ id: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

/** POST /webhooks: 402 without the plan's `api`, 409 past WEBHOOK_LIMITS.perAccount. */
export async function createWebhook(
  db: Database,
  scope: AccountContext,
  input: CreateWebhook,
  policy: WebhookUrlPolicy,
): Promise<Webhook> {
  await assertFeature(db, scope.accountId, 'api');
  await assertUrl(input.url, policy);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // One creation at a time per account, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${scope.accountId}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, scope.accountId));
    if ((existing?.n ?? 0) >= WEBHOOK_LIMITS.perAccount) {
      throw new AppError(
        WEBHOOK_ERROR_CODES.tooMany,
        409,
        `An account can have at most ${WEBHOOK_LIMITS.perAccount} webhook endpoints. Delete one first.`,
      );
    }
    await tx.insert(webhookEndpoints).values({
      id,
      accountId: scope.accountId,
      url: input.url,
      description: input.description,
      events: input.events,
      enabled: input.enabled,
      secret: newWebhookSecret(),
      answerCursor: await liveEventsHead(tx),
      // An API key is no user (docs/developer.md).
      createdBy: scope.apiKeyId ? null : scope.userId,
      // Its events: only of the client tenants its maker reaches (a key's: its creator's),
      // read when each event is queued.
      accessUserId: scope.apiKeyId ? (scope.accessUserId ?? null) : scope.userId,
    });
    await recordAudit(tx, scope, {
      action: 'webhooks.created',
      targetType: 'webhook',
      targetId: id,
      data: { url: input.url, events: input.events, enabled: input.enabled },
    });
  });
  return getWebhook(db, scope, id);
}

async function lockEndpoint(tx: Tx, scope: AccountContext, id: string): Promise<EndpointRow> {
  const [row] = await tx.select().from(webhookEndpoints).where(inAccount(scope, id)).for('update');
  if (!row) throw webhookNotFound();
  return row;
}

/**
 * PATCH /webhooks/{id}. Disabling fails the endpoint's pending deliveries (they would be stale
 * by the time it is enabled again); subscribing to `assessment.answer_added`, or enabling,
 * starts its answers from now.
 */
export async function updateWebhook(
  db: Database,
  scope: AccountContext,
  id: string,
  input: UpdateWebhook,
  policy: WebhookUrlPolicy,
  now = new Date(),
): Promise<Webhook> {
  // Another account's endpoint is not found, whatever the caller's plan.
  await endpointOf(db, scope, id);
  await assertFeature(db, scope.accountId, 'api');
  if (input.url !== undefined) await assertUrl(input.url, policy);
  await db.transaction(async (tx) => {
    const current = await lockEndpoint(tx, scope, id);
    const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
    const fields: string[] = [];
    if (input.url !== undefined && input.url !== current.url) {
      set.url = input.url;
      fields.push('url');
    }
    if (input.description !== undefined && input.description !== current.description) {
      set.description = input.description;
      fields.push('description');
    }
    const sameEvents =
      input.events === undefined ||
      (input.events.length === current.events.length &&
        input.events.every((e) => current.events.includes(e)));
    if (!sameEvents) {
      set.events = input.events;
      fields.push('events');
    }
    if (input.enabled !== undefined && input.enabled !== current.enabled) {
      set.enabled = input.enabled;
      fields.push('enabled');
    }
    if (fields.length === 0) return;
    const answers = (e: readonly string[]) => e.includes('assessment.answer_added');
    const startsAnswers =
      (set.events !== undefined && answers(set.events) && !answers(current.events)) ||
      set.enabled === true;
    if (startsAnswers) set.answerCursor = await liveEventsHead(tx);
    await tx.update(webhookEndpoints).set(set).where(inAccount(scope, id));
    if (set.enabled === false) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, error: 'The endpoint was disabled.' })
        .where(
          and(
            eq(webhookDeliveries.accountId, scope.accountId),
            eq(webhookDeliveries.endpointId, id),
            eq(webhookDeliveries.status, 'pending'),
          ),
        );
    }
    await recordAudit(tx, scope, {
      action: 'webhooks.updated',
      targetType: 'webhook',
      targetId: id,
      data: {
        url: set.url ?? current.url,
        fields,
        ...(set.enabled !== undefined ? { enabled: set.enabled } : {}),
        ...(set.events !== undefined ? { events: set.events } : {}),
      },
    });
  });
  return getWebhook(db, scope, id);
}

/** DELETE /webhooks/{id}: the endpoint and its delivery log. */
export async function deleteWebhook(db: Database, scope: AccountContext, id: string) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(webhookEndpoints)
      .where(inAccount(scope, id))
      .returning({ url: webhookEndpoints.url });
    if (!gone) throw webhookNotFound();
    await recordAudit(tx, scope, {
      action: 'webhooks.deleted',
      targetType: 'webhook',
      targetId: id,
      data: { url: gone.url },
    });
  });
}

/** GET /webhooks/{id}/secret: the signing secret ("Reveal secret"). */
export async function revealSecret(
  db: Database,
  scope: AccountContext,
  id: string,
): Promise<WebhookSecret> {
  const [row] = await db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(inAccount(scope, id));
  if (!row) throw webhookNotFound();
  return { secret: row.secret };
}

/**
 * POST /webhooks/{id}/secret/rotate: a new secret from now on; for PREVIOUS_SECRET_HOURS the
 * deliveries carry the old one's signature too.
 */
export async function rotateSecret(
  db: Database,
  scope: AccountContext,
  id: string,
  now = new Date(),
): Promise<WebhookSecret> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    const current = await lockEndpoint(tx, scope, id);
    await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: current.secret,
        previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000),
        updatedAt: now,
      })
      .where(inAccount(scope, id));
    await recordAudit(tx, scope, {
      action: 'webhooks.secret_rotated',
      targetType: 'webhook',
      targetId: id,
      data: { url: current.url },
    });
  });
  return { secret };
}

/** The account's endpoint (404 for any other). */
async function endpointOf(db: Db, scope: AccountContext, id: string) {
  const [row] = await db
    .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(inAccount(scope, id));
  if (!row) throw webhookNotFound();
  return row;
}

/** The account's endpoint, enabled, and a plan that includes webhooks (404, 402, 409). */
async function sendableEndpoint(db: Database, scope: AccountContext, id: string) {
  const row = await endpointOf(db, scope, id);
  await assertFeature(db, scope.accountId, 'api');
  if (!row.enabled) throw endpointDisabled();
  return row;
}

/** POST /webhooks/{id}/ping: a `webhook.ping` delivery, sent at once. */
export async function pingWebhook(
  db: Database,
  scope: AccountContext,
  id: string,
  nudge: DispatchNudge,
  now = new Date(),
): Promise<WebhookDelivery> {
  await sendableEndpoint(db, scope, id);
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      id: randomUUID(),
      accountId: scope.accountId,
      endpointId: id,
      messageId: newMessageId(),
      eventType: WEBHOOK_PING_EVENT,
      payload: webhookBody(WEBHOOK_PING_EVENT, now, {
        endpointId: id,
        message: 'A test event from Tenantry: this endpoint is set up.',
      }),
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  nudge();
  return toDelivery(row!);
}

/** `[created_at with microseconds, id]` of the last delivery of a page. */
const DeliveryCursorSchema = z.tuple([cursorPart.time, cursorPart.id]);
const createdKey = sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** GET /webhooks/{id}/deliveries: newest first, keyset-paged. */
export async function listDeliveries(
  db: Database,
  scope: AccountContext,
  id: string,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryList> {
  const after = query.cursor ? decodeCursor(query.cursor, DeliveryCursorSchema) : null;
  const [endpoint, rows] = await Promise.all([
    db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(inAccount(scope, id)),
    db
      .select({ row: webhookDeliveries, key: createdKey })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.accountId, scope.accountId),
          eq(webhookDeliveries.endpointId, id),
          after
            ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
            : undefined,
        ),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.limit + 1),
  ]);
  if (endpoint.length === 0) throw webhookNotFound();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toDelivery(r.row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.row.id]) : null,
  };
}

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: the same event (same message id and
 * body) as a new delivery, sent at once; the old one stays in the log as it was.
 */
export async function redeliver(
  db: Database,
  scope: AccountContext,
  id: string,
  deliveryId: string,
  nudge: DispatchNudge,
  now = new Date(),
): Promise<WebhookDelivery> {
  await sendableEndpoint(db, scope, id);
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, scope.accountId),
        eq(webhookDeliveries.endpointId, id),
        eq(webhookDeliveries.id, deliveryId),
      ),
    );
  if (!original) throw deliveryNotFound();
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      id: randomUUID(),
      accountId: scope.accountId,
      endpointId: id,
      messageId: original.messageId,
      eventType: original.eventType,
      payload: original.payload,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  nudge();
  return toDelivery(row!);
}
