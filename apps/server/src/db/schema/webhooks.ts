/**
 * Webhooks (docs/webhooks.md): an account's endpoints and every delivery to them. A delivery is
 * a row from the moment its event happens (inserted in the event's own transaction) to its
 * last attempt, so any server process may send it and nothing lives in process memory.
 * Both tables carry `account_id` (ADR 0005).
 */
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it is subscribed to (a JSON array, matched with `@>`). */
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * `whsec_…`: kept as is, because every delivery is signed with it and owners may reveal it.
     */
    secret: text('secret').notNull(),
    /** The secret before the last rotation: deliveries carry its signature too until then. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: tz('previous_secret_until'),
    /**
     * `assessment.answer_added`: the last `live_events` id turned into deliveries, and when
     * (answers are gathered at most once per WEBHOOK_LIMITS.answerWindowSeconds).
     */
    answerCursor: bigint('answer_cursor', { mode: 'number' }).notNull().default(0),
    answersGatheredAt: tz('answers_gathered_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Whose client-tenant access the endpoint's events are limited to (docs/members.md): its
     * creator's, read when each event is queued. No foreign key: when they leave the account,
     * the endpoint receives no client tenant's events. Null for endpoints made before tenant
     * access existed (every event of the account).
     */
    accessUserId: text('access_user_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: one per event, the same for a redelivery. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact body sent (and signed): `{ type, timestamp, data }`. */
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Pending: when the next attempt is due (while one runs: when it counts as abandoned). */
    nextAttemptAt: tz('next_attempt_at'),
    lastAttemptAt: tz('last_attempt_at'),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_status_check', inList('status', WEBHOOK_DELIVERY_STATUSES)),
  ],
);
