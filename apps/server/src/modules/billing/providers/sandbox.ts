/**
 * The built-in sandbox billing provider (docs/billing.md, "Providers"): the default, so that
 * every billing journey works on a fresh machine with no keys. It keeps what a payment provider
 * would keep (checkout sessions, subscriptions, the open invoice) in its own tables, serves its
 * own checkout and portal pages (sandbox.routes.ts), and produces Stripe-named events that go
 * through the same `applyBillingEvent` as Stripe's webhooks. No money moves.
 */
import { randomUUID } from 'node:crypto';
import { PLAN_CURRENCY, PLANS, type BillingInterval, type PlanId } from '@tenantry/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sandboxCheckouts, sandboxSubscriptions } from '../../../db/schema/billing.ts';
import { AppError } from '../../../lib/errors.ts';
import type {
  BillingProvider,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from '../../../lib/billing/provider.ts';

const CHECKOUT_TTL_MS = 24 * 60 * 60_000;
type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;
export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

const id = (prefix: string) => `${prefix}_sbx_${randomUUID().replaceAll('-', '')}`;

function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

const notFound = () => new AppError('common.not_found', 404, 'This checkout does not exist.');

export interface SandboxProvider extends BillingProvider {
  readonly name: 'sandbox';
  /** The open checkout of this account, for its page; 404 for any other. */
  checkout(checkoutId: string, accountId: string): Promise<SandboxCheckout>;
  /** "Pay": creates the subscription, its first paid invoice; answers where to go next. */
  completeCheckout(checkoutId: string, accountId: string): Promise<string>;
  /** "Cancel": answers where to go next. */
  cancelCheckout(checkoutId: string, accountId: string): Promise<string>;
  /** The account's live sandbox subscription, for the portal page. */
  subscriptionOf(accountId: string): Promise<SandboxSubscription | null>;
  /** The renewal payment fails: the subscription becomes past due with an open invoice. */
  failPayment(accountId: string): Promise<void>;
  /** A new payment method pays the open invoice (or the next period): active again. */
  pay(accountId: string): Promise<void>;
}

export function createSandboxProvider(opts: {
  db: Database;
  publicUrl: string;
  /** Where its events go: applyBillingEvent. */
  deliver: (event: ProviderEvent) => Promise<unknown>;
}): SandboxProvider {
  const { db, publicUrl, deliver } = opts;

  const snapshot = (s: SandboxSubscription): ProviderSubscription => ({
    id: s.id,
    customerId: s.customerId,
    accountId: s.accountId,
    plan: s.plan,
    interval: s.interval,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    trialEnd: null,
  });

  const event = (
    type: string,
    s: SandboxSubscription,
    invoice: ProviderInvoice | null = null,
  ): ProviderEvent => ({
    id: id('evt'),
    type,
    created: new Date(),
    subscriptionId: s.id,
    customerId: s.customerId,
    accountId: s.accountId,
    invoice,
  });

  const invoiceOf = (
    s: SandboxSubscription,
    invoiceId: string,
    status: 'open' | 'paid',
    periodStart: Date,
    periodEnd: Date,
  ): ProviderInvoice => {
    const amount = PLANS[s.plan].prices[s.interval];
    return {
      id: invoiceId,
      customerId: s.customerId,
      subscriptionId: s.id,
      number: `SBX-${invoiceId.slice(-8).toUpperCase()}`,
      status,
      amountDue: amount,
      amountPaid: status === 'paid' ? amount : 0,
      currency: PLAN_CURRENCY,
      created: new Date(),
      periodStart,
      periodEnd,
      hostedUrl: null,
      pdfUrl: null,
    };
  };

  async function live(accountId: string): Promise<SandboxSubscription | null> {
    const rows = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.accountId, accountId));
    return rows.find((r) => r.status !== 'canceled') ?? null;
  }

  async function mustLive(subscriptionId: string): Promise<SandboxSubscription> {
    const [s] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    if (!s || s.status === 'canceled') {
      throw new AppError('billing.no_subscription', 409, 'There is no subscription to change.');
    }
    return s;
  }

  async function update(s: SandboxSubscription, set: Partial<SandboxSubscription>) {
    const [row] = await db
      .update(sandboxSubscriptions)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(sandboxSubscriptions.id, s.id))
      .returning();
    return row!;
  }

  async function openCheckout(checkoutId: string, accountId: string) {
    const [c] = await db
      .select()
      .from(sandboxCheckouts)
      .where(
        and(
          eq(sandboxCheckouts.id, checkoutId),
          eq(sandboxCheckouts.accountId, accountId),
          gt(sandboxCheckouts.expiresAt, new Date()),
        ),
      );
    if (!c) throw notFound();
    return c;
  }

  return {
    name: 'sandbox',

    async createCheckout(req) {
      const checkoutId = id('cs');
      await db.insert(sandboxCheckouts).values({
        id: checkoutId,
        accountId: req.accountId,
        createdBy: req.userId,
        plan: req.plan,
        interval: req.interval,
        successUrl: req.successUrl,
        cancelUrl: req.cancelUrl,
        expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
      });
      return { url: `${publicUrl}/sandbox/billing/checkout/${checkoutId}` };
    },

    async createPortal(req) {
      return {
        url: `${publicUrl}/sandbox/billing/portal?return=${encodeURIComponent(req.returnUrl)}`,
      };
    },

    async changePlan(subscriptionId, plan, interval) {
      const s = await mustLive(subscriptionId);
      const changed = await update(s, { plan, interval, cancelAtPeriodEnd: false });
      await deliver(event('customer.subscription.updated', changed));
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const s = await mustLive(subscriptionId);
      const changed = await update(s, { cancelAtPeriodEnd: cancel });
      await deliver(event('customer.subscription.updated', changed));
    },

    async retrieveSubscription(subscriptionId) {
      const [s] = await db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, subscriptionId));
      if (!s) return null;
      // The period ran out with the cancellation asked for: the provider ends it.
      if (s.status !== 'canceled' && s.cancelAtPeriodEnd && s.currentPeriodEnd <= new Date()) {
        return snapshot(await update(s, { status: 'canceled' }));
      }
      return snapshot(s);
    },

    verifyWebhook() {
      // The sandbox delivers its events itself; nothing outside may post them.
      throw new AppError('billing.bad_signature', 400, 'The sandbox provider takes no webhooks.');
    },

    checkout: async (checkoutId, accountId) => {
      const c = await openCheckout(checkoutId, accountId);
      if (c.status !== 'open') throw notFound();
      return c;
    },

    async completeCheckout(checkoutId, accountId) {
      const c = await openCheckout(checkoutId, accountId);
      if (c.status === 'completed') return c.successUrl; // a second click on "Pay"
      if (c.status !== 'open') throw notFound();
      const [claimed] = await db
        .update(sandboxCheckouts)
        .set({ status: 'completed' })
        .where(and(eq(sandboxCheckouts.id, c.id), eq(sandboxCheckouts.status, 'open')))
        .returning();
      if (!claimed) return c.successUrl;
      const earlier = await live(accountId);
      if (earlier) await update(earlier, { status: 'canceled' });
      const now = new Date();
      const end = addInterval(now, c.interval);
      const [s] = await db
        .insert(sandboxSubscriptions)
        .values({
          id: id('sub'),
          accountId,
          customerId: earlier?.customerId ?? id('cus'),
          plan: c.plan as PlanId,
          interval: c.interval,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: end,
        })
        .returning();
      await deliver({ ...event('checkout.session.completed', s!), id: id('evt') });
      await deliver(event('customer.subscription.created', s!));
      await deliver(event('invoice.paid', s!, invoiceOf(s!, id('in'), 'paid', now, end)));
      return c.successUrl;
    },

    async cancelCheckout(checkoutId, accountId) {
      const c = await openCheckout(checkoutId, accountId);
      await db
        .update(sandboxCheckouts)
        .set({ status: 'canceled' })
        .where(and(eq(sandboxCheckouts.id, c.id), eq(sandboxCheckouts.status, 'open')));
      return c.cancelUrl;
    },

    subscriptionOf: live,

    async failPayment(accountId) {
      const s = await live(accountId);
      if (!s) throw new AppError('billing.no_subscription', 409, 'There is no subscription.');
      const invoiceId = s.openInvoiceId ?? id('in');
      const start = s.currentPeriodEnd;
      const failed = await update(s, { status: 'past_due', openInvoiceId: invoiceId });
      await deliver(
        event(
          'invoice.payment_failed',
          failed,
          invoiceOf(failed, invoiceId, 'open', start, addInterval(start, s.interval)),
        ),
      );
    },

    async pay(accountId) {
      const s = await live(accountId);
      if (!s) throw new AppError('billing.no_subscription', 409, 'There is no subscription.');
      const start = s.currentPeriodEnd;
      const end = addInterval(start, s.interval);
      const invoiceId = s.openInvoiceId ?? id('in');
      const paid = await update(s, {
        status: 'active',
        openInvoiceId: null,
        currentPeriodStart: start,
        currentPeriodEnd: end,
      });
      await deliver(event('invoice.paid', paid, invoiceOf(paid, invoiceId, 'paid', start, end)));
    },
  };
}
