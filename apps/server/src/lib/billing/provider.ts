/**
 * What Tenantry needs of a billing provider (docs/billing.md). Two implementations, chosen by
 * BILLING_PROVIDER: `sandbox` (built in, the default: our own checkout and portal pages, so every
 * billing journey works on a fresh machine without keys) and `stripe` (the official SDK).
 *
 * Provider events are signals: `applyBillingEvent` (billing.events.ts) records the event id once,
 * re-reads the subscription with `retrieveSubscription` and stores that snapshot. Both providers
 * feed events through it — Stripe by its signed webhook, the sandbox directly when its pages
 * complete a checkout or simulate a payment.
 */
import type {
  BillingInterval,
  BillingProviderName,
  InvoiceStatus,
  PlanId,
  SubscriptionStatus,
} from '@tenantry/shared';

/** A subscription as the provider holds it. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Our account id, from the metadata we gave at checkout; null when absent. */
  accountId: string | null;
  plan: PlanId;
  interval: BillingInterval;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
}

export interface ProviderInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  number: string | null;
  status: InvoiceStatus;
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

/** The event types Tenantry acts on (named as Stripe names them). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

/** A provider event, reduced to what applying it needs. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The provider's creation time of the event: an older one never moves a subscription back. */
  created: Date;
  /** The subscription it is about, when it names one. */
  subscriptionId: string | null;
  customerId: string | null;
  /** Our account id when the event carries it (checkout metadata / client_reference_id). */
  accountId: string | null;
  /** The invoice of an invoice.* event. */
  invoice: ProviderInvoice | null;
}

export interface CheckoutRequest {
  accountId: string;
  /** Who starts it (the owner): their e-mail pre-fills the provider's form. */
  userId: string;
  email: string;
  /** The provider's customer of this account from an earlier subscription, if any. */
  customerId: string | null;
  plan: Exclude<PlanId, 'free'>;
  interval: BillingInterval;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /** Starts a checkout; answers the URL of the provider's page to send the browser to. */
  createCheckout(req: CheckoutRequest): Promise<{ url: string }>;
  /** The provider's page for the payment method, invoices and cancellation. */
  createPortal(req: { accountId: string; customerId: string; returnUrl: string }): Promise<{
    url: string;
  }>;
  /** Moves a subscription to another plan or interval (prorated by the provider). */
  changePlan(
    subscriptionId: string,
    plan: Exclude<PlanId, 'free'>,
    interval: BillingInterval,
  ): Promise<void>;
  /** Cancels at the end of the period paid for (true) or takes that back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** The subscription as the provider holds it now; null when it does not know it. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /**
   * Verifies a webhook's signature on the raw body and reads its event; throws
   * `AppError('billing.bad_signature', 400)` when the signature is missing or wrong.
   */
  verifyWebhook(rawBody: string, headers: Headers): ProviderEvent;
}
