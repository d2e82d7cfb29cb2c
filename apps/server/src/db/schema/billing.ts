/**
 * Billing (docs/billing.md). `subscriptions` holds an account's subscription as last read from
 * its billing provider; an account without a row is on its first trial (TRIAL_PLAN until
 * `accounts.created_at` + TRIAL_DAYS, then Free), so creating an account writes nothing here.
 * `billing_events` makes each provider event apply once; `invoices` are the provider's invoices
 * as its events told them; `billing_notices` makes each dunning e-mail go out once.
 * `sandbox_*` are the built-in sandbox provider's own records (what Stripe would hold).
 */
import {
  BILLING_INTERVALS,
  BILLING_PROVIDERS,
  INVOICE_STATUSES,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const within = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLAN_IDS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull().default('month'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    customerId: text('customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    trialEndsAt: tz('trial_ends_at'),
    currentPeriodEnd: tz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the first unpaid invoice failed; the grace period runs from here. */
    pastDueSince: tz('past_due_since'),
    graceEndsAt: tz('grace_ends_at'),
    amountDue: integer('amount_due').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** A plan given free of charge by a system admin; it overrides the rest while set. */
    compedPlan: text('comped_plan', { enum: PLAN_IDS }),
    compReason: text('comp_reason'),
    /** The provider's creation time of the newest event applied: older ones never move it back. */
    lastEventAt: tz('last_event_at'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_sub_uq').on(t.provider, t.providerSubscriptionId),
    uniqueIndex('subscriptions_provider_customer_uq').on(t.provider, t.customerId),
    index('subscriptions_status_idx').on(t.status, t.graceEndsAt),
    check('subscriptions_plan_check', within('plan', PLAN_IDS)),
    check('subscriptions_interval_check', within('interval', BILLING_INTERVALS)),
    check('subscriptions_status_check', within('status', SUBSCRIPTION_STATUSES)),
  ],
);

export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The provider's creation time of the event. */
    createdAt: tz('created_at').notNull(),
    processedAt: tz('processed_at').notNull().defaultNow(),
    /** What applying it did: applied, ignored (older than the state), unmatched (no account). */
    outcome: text('outcome').notNull(),
  },
  (t) => [primaryKey({ name: 'billing_events_pkey', columns: [t.provider, t.eventId] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    number: text('number'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    currency: text('currency').notNull(),
    issuedAt: tz('issued_at').notNull(),
    periodStart: tz('period_start'),
    periodEnd: tz('period_end'),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_provider_uq').on(t.provider, t.providerInvoiceId),
    index('invoices_account_idx').on(t.accountId, t.issuedAt),
    check('invoices_status_check', within('status', INVOICE_STATUSES)),
  ],
);

/** One row per dunning e-mail sent: (account, kind, the past-due period it is about). */
export const billingNotices = pgTable(
  'billing_notices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodKey: text('period_key').notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'billing_notices_pkey', columns: [t.accountId, t.kind, t.periodKey] }),
  ],
);

/** The sandbox provider's checkout sessions (its own hosted checkout page). */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  plan: text('plan', { enum: PLAN_IDS }).notNull(),
  interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
  /** open → completed | canceled. */
  status: text('status').notNull().default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
});

/** The sandbox provider's subscriptions: what it answers when asked for one. */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull(),
  plan: text('plan', { enum: PLAN_IDS }).notNull(),
  interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
  currentPeriodStart: tz('current_period_start').notNull(),
  currentPeriodEnd: tz('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** The open invoice a failed payment left, until paid. */
  openInvoiceId: text('open_invoice_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * Whether the subscription row aliased `alias` makes its account read-only now: past due beyond
 * the grace period, not comped, not ended. The SQL twin of `effectiveBilling(…).readOnly`
 * (modules/billing/entitlements.ts), for the claims query that every request runs.
 */
export function billingReadOnlySql(alias: string) {
  const s = sql.raw(alias);
  return sql`coalesce(${s}.status = 'past_due' and ${s}.comped_plan is null
    and ${s}.grace_ends_at <= now()
    and not (${s}.cancel_at_period_end and ${s}.current_period_end <= now()), false)`;
}
