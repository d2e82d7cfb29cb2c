/**
 * Applying a billing provider's events (docs/billing.md, "Events"). Each event id is processed
 * once (a row in `billing_events`, inserted in the same transaction as the change it causes, so
 * a replay or a concurrent delivery does nothing and nothing is half-written). Events are
 * signals: the subscription is re-read from the provider and that snapshot is stored. An event
 * older than the last one applied to the account never moves its subscription back. Invoices
 * are kept as the events describe them, their status only moving forward.
 */
import { randomUUID } from 'node:crypto';
import { GRACE_DAYS, type InvoiceStatus, type PlanId } from '@tenantry/shared';
import { and, eq, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { billingEvents, invoices, subscriptions } from '../../db/schema/billing.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MailSender } from '../../lib/mail/index.ts';
import { recordAudit, type AuditEntryInput } from '../audit/audit.service.ts';
import { effectiveBilling, type BillingState, type SubscriptionRecord } from './entitlements.ts';
import { sendDunningNotice } from './dunning.ts';
import {
  HANDLED_EVENT_TYPES,
  type BillingProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../../lib/billing/provider.ts';

const HANDLED: ReadonlySet<string> = new Set(HANDLED_EVENT_TYPES);

export interface BillingContext {
  db: Database;
  provider: BillingProvider;
  mailer: MailSender;
  publicUrl: string;
  logger: Logger;
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'older' | 'unmatched';

const DAY_MS = 86_400_000;
const INVOICE_ORDER: Record<InvoiceStatus, number> = {
  draft: 0,
  open: 1,
  paid: 2,
  void: 2,
  uncollectible: 2,
};

/** The account an event is about: its metadata, else the subscription or customer we know. */
async function accountOf(
  tx: Tx,
  provider: BillingProvider['name'],
  event: ProviderEvent,
  snapshot: ProviderSubscription | null,
): Promise<string | null> {
  const named = snapshot?.accountId ?? event.accountId;
  if (named) {
    const [a] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, named));
    if (a) return a.id;
  }
  const subId = snapshot?.id ?? event.subscriptionId;
  const customerId = snapshot?.customerId ?? event.customerId;
  const matches = [
    ...(subId ? [eq(subscriptions.providerSubscriptionId, subId)] : []),
    ...(customerId ? [eq(subscriptions.customerId, customerId)] : []),
  ];
  if (!matches.length) return null;
  const [s] = await tx
    .select({ id: subscriptions.accountId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), or(...matches)))
    .limit(1);
  return s?.id ?? null;
}

async function upsertInvoice(
  tx: Tx,
  provider: BillingProvider['name'],
  accountId: string,
  inv: ProviderInvoice,
): Promise<void> {
  const [current] = await tx
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.provider, provider), eq(invoices.providerInvoiceId, inv.id)))
    .for('update');
  const values = {
    number: inv.number,
    amountDue: inv.amountDue,
    amountPaid: inv.amountPaid,
    currency: inv.currency,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
    hostedUrl: inv.hostedUrl,
    pdfUrl: inv.pdfUrl,
    updatedAt: new Date(),
  };
  if (!current) {
    await tx
      .insert(invoices)
      .values({
        id: randomUUID(),
        accountId,
        provider,
        providerInvoiceId: inv.id,
        status: inv.status,
        issuedAt: inv.created,
        ...values,
      })
      .onConflictDoNothing();
    return;
  }
  // A paid invoice never goes back to open, whatever order its events arrive in.
  if (INVOICE_ORDER[inv.status] < INVOICE_ORDER[current.status]) return;
  await tx
    .update(invoices)
    .set({ status: inv.status, ...values })
    .where(eq(invoices.id, current.id));
}

/** The stored row after applying a snapshot of the provider's subscription. */
function snapshotValues(
  provider: BillingProvider['name'],
  before: SubscriptionRecord | null,
  snap: ProviderSubscription,
  event: ProviderEvent,
  now: Date,
) {
  const pastDue = snap.status === 'past_due';
  const alreadyPastDue = before?.status === 'past_due' && before.pastDueSince !== null;
  const failedAmount =
    event.type === 'invoice.payment_failed' && event.invoice
      ? event.invoice.amountDue - event.invoice.amountPaid
      : null;
  return {
    plan: snap.plan,
    interval: snap.interval,
    status: snap.status,
    provider,
    customerId: snap.customerId,
    providerSubscriptionId: snap.id,
    trialEndsAt: snap.trialEnd,
    currentPeriodEnd: snap.currentPeriodEnd,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    pastDueSince: pastDue ? (alreadyPastDue ? before.pastDueSince : now) : null,
    graceEndsAt: pastDue
      ? alreadyPastDue
        ? before.graceEndsAt
        : new Date(now.getTime() + GRACE_DAYS * DAY_MS)
      : null,
    amountDue: pastDue ? (failedAmount ?? before?.amountDue ?? 0) : 0,
    currency: event.invoice?.currency ?? before?.currency ?? 'usd',
    lastEventAt: event.created,
    updatedAt: now,
  };
}

/** The audit entries a change of the effective state deserves. */
function auditEntries(before: BillingState, after: BillingState): AuditEntryInput[] {
  const entries: AuditEntryInput[] = [];
  const target = { targetType: 'subscription' as const };
  const plan = (s: BillingState): PlanId => s.subscribedPlan;
  if (!before.hasSubscription && after.hasSubscription) {
    entries.push({
      ...target,
      action: 'billing.subscribed',
      data: { plan: plan(after), interval: after.interval },
    });
  } else if (
    before.hasSubscription &&
    after.hasSubscription &&
    (plan(before) !== plan(after) || before.interval !== after.interval)
  ) {
    entries.push({
      ...target,
      action: 'billing.plan_changed',
      data: { from: plan(before), to: plan(after), interval: after.interval },
    });
  }
  if (before.hasSubscription && after.status === 'canceled' && before.status !== 'canceled') {
    entries.push({
      ...target,
      action: 'billing.canceled',
      data: { plan: plan(before), atPeriodEnd: false },
    });
  } else if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) {
    entries.push({
      ...target,
      action: 'billing.canceled',
      data: { plan: plan(after), atPeriodEnd: true },
    });
  } else if (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd && after.hasSubscription) {
    entries.push({ ...target, action: 'billing.resumed', data: { plan: plan(after) } });
  }
  if (before.status !== 'past_due' && after.status === 'past_due') {
    entries.push({ ...target, action: 'billing.past_due', data: { plan: plan(after) } });
  } else if (before.status === 'past_due' && after.status === 'active') {
    entries.push({ ...target, action: 'billing.payment_recovered', data: { plan: plan(after) } });
  }
  return entries;
}

/**
 * After the owner changed the subscription at the provider: re-reads it now, as an event of
 * this moment would, so the answer shows the change without waiting for the provider's webhook
 * (which then finds nothing newer to apply).
 */
export async function syncSubscription(
  ctx: BillingContext,
  accountId: string,
  subscriptionId: string,
): Promise<void> {
  await applyBillingEvent(ctx, {
    id: `sync_${randomUUID()}`,
    type: 'customer.subscription.updated',
    created: new Date(),
    subscriptionId,
    customerId: null,
    accountId,
    invoice: null,
  });
}

/**
 * Applies one event once; answers what it did. The provider is asked for the subscription
 * before the transaction (no network call while rows are locked).
 */
export async function applyBillingEvent(
  ctx: BillingContext,
  event: ProviderEvent,
): Promise<EventOutcome> {
  const { db, provider } = ctx;
  const [seen] = await db
    .select({ id: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider.name), eq(billingEvents.eventId, event.id)));
  if (seen) return 'duplicate';
  const handled = HANDLED.has(event.type);
  const snapshot =
    handled && event.subscriptionId
      ? await provider.retrieveSubscription(event.subscriptionId)
      : null;
  const now = new Date();
  let dunningFor: { accountId: string; since: Date } | null = null;

  const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
    const [claimed] = await tx
      .insert(billingEvents)
      .values({
        provider: provider.name,
        eventId: event.id,
        type: event.type,
        createdAt: event.created,
        outcome: 'applied',
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.eventId });
    if (!claimed) return 'duplicate';
    const record = async (o: EventOutcome, accountId: string | null = null) => {
      await tx
        .update(billingEvents)
        .set({ outcome: o, accountId })
        .where(and(eq(billingEvents.provider, provider.name), eq(billingEvents.eventId, event.id)));
      return o;
    };
    if (!handled) return record('ignored');
    const accountId = await accountOf(tx, provider.name, event, snapshot);
    if (!accountId) return record('unmatched');

    // One event at a time per account: the account row is the lock.
    const [acc] = await tx
      .select({ createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!acc) return record('unmatched');
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, accountId));
    const before = row ?? null;

    if (event.invoice) await upsertInvoice(tx, provider.name, accountId, event.invoice);
    if (before?.lastEventAt && event.created < before.lastEventAt)
      return record('older', accountId);
    if (!snapshot) return record(event.invoice ? 'applied' : 'ignored', accountId);
    // A subscription that never started (Stripe's `incomplete`, read as canceled) does not
    // end a trial or Free: only one that was live can end.
    if (snapshot.status === 'canceled' && !before?.providerSubscriptionId) {
      return record('ignored', accountId);
    }
    // The end of an earlier subscription (say, the one a new purchase replaced) does not end
    // the current one; a live new one replaces whatever was stored.
    if (
      before?.providerSubscriptionId &&
      before.providerSubscriptionId !== snapshot.id &&
      snapshot.status === 'canceled'
    ) {
      return record('ignored', accountId);
    }

    const values = snapshotValues(provider.name, before, snapshot, event, now);
    const [after] = await tx
      .insert(subscriptions)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: values })
      .returning();
    const stateBefore = effectiveBilling(acc.createdAt, before, provider.name, now);
    const stateAfter = effectiveBilling(acc.createdAt, after ?? null, provider.name, now);
    const actor = { accountId, userId: null, email: `${provider.name} payments` };
    for (const entry of auditEntries(stateBefore, stateAfter)) await recordAudit(tx, actor, entry);
    if (stateAfter.pastDue && stateBefore.status !== 'past_due') {
      dunningFor = { accountId, since: stateAfter.pastDue.since };
    }
    return record('applied', accountId);
  });

  if (dunningFor) {
    const { accountId, since } = dunningFor;
    await sendDunningNotice(ctx, accountId, 'failed', since).catch((err: unknown) =>
      ctx.logger.warn({ err, accountId }, 'could not send the payment-failed e-mail'),
    );
  }
  return outcome;
}
