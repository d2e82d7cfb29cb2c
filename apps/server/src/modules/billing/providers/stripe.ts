/**
 * The Stripe billing provider (docs/billing.md), on the official SDK. Stripe hosts the checkout
 * and the customer portal; its signed webhooks feed `applyBillingEvent`, which re-reads the
 * subscription with `retrieveSubscription`. Prices are the ones configured per plan and
 * interval (STRIPE_PRICE_*): a subscription's plan is read back from its price.
 *
 * Stripe's API versions moved some fields: the period end went from the subscription to its
 * items, and an invoice's subscription from `invoice.subscription` to
 * `invoice.parent.subscription_details.subscription`. Both places are read.
 */
import type { BillingInterval, InvoiceStatus, PlanId, SubscriptionStatus } from '@tenantry/shared';
import Stripe from 'stripe';
import type { StripeConfig, StripePriceKey } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Logger } from '../../../lib/logger.ts';
import type {
  BillingProvider,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from '../../../lib/billing/provider.ts';

export interface StripeProviderOptions {
  /** Where failed calls are logged (type, code, status and request id only: nothing secret). */
  logger?: Pick<Logger, 'warn'>;
  /** Retries of a failed call (Stripe's SDK default is 1). */
  maxNetworkRetries?: number;
  /** Milliseconds a call may take. */
  timeout?: number;
}

const providerError = () =>
  new AppError(
    'billing.provider_error',
    502,
    'The payment provider could not be reached. Please try again.',
  );

const badSignature = () =>
  new AppError('billing.bad_signature', 400, 'The webhook signature is not valid.');

const STATUS: Record<string, SubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'canceled',
  incomplete_expired: 'canceled',
  paused: 'canceled',
};

/** Stripe's subscription status in Tenantry's terms (an unknown one counts as canceled). */
export function mapStripeStatus(status: string): SubscriptionStatus {
  return STATUS[status] ?? 'canceled';
}

const INVOICE_STATUSES: ReadonlySet<string> = new Set<InvoiceStatus>([
  'draft',
  'open',
  'paid',
  'void',
  'uncollectible',
]);

/** Seconds since the epoch (Stripe's timestamps) as a Date; null stays null. */
function fromSeconds(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}

/** The id of an expandable field: a string, an object with an id, or nothing. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') {
    return value.id;
  }
  return null;
}

function metadataAccountId(value: unknown): string | null {
  if (!value || typeof value !== 'object' || !('metadata' in value)) return null;
  const metadata = value.metadata;
  if (!metadata || typeof metadata !== 'object' || !('accountId' in metadata)) return null;
  return typeof metadata.accountId === 'string' && metadata.accountId ? metadata.accountId : null;
}

type Loose = Record<string, unknown>;
const asLoose = (value: unknown): Loose =>
  value && typeof value === 'object' ? (value as Loose) : {};

/** The Stripe client for a configuration; `apiUrl` points it at another address (a stand-in). */
function createClient(config: StripeConfig, publicUrl: string, options: StripeProviderOptions) {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    timeout: options.timeout ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Tenantry', url: publicUrl },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * The update that takes back a pending cancellation: the flag, or a `cancel_at` (Stripe accepts
 * only one of the two in one update); nothing when none is pending.
 */
function takeBackCancellation(
  sub: Stripe.Subscription,
): { cancel_at_period_end: false } | { cancel_at: '' } | Record<string, never> {
  if (sub.cancel_at_period_end) return { cancel_at_period_end: false };
  if (asLoose(sub).cancel_at) return { cancel_at: '' };
  return {};
}

export function createStripeProvider(
  config: StripeConfig,
  publicUrl: string,
  options: StripeProviderOptions = {},
): BillingProvider {
  const stripe = createClient(config, publicUrl, options);
  const byPrice = new Map<string, { plan: Exclude<PlanId, 'free'>; interval: BillingInterval }>(
    (Object.entries(config.prices) as Array<[StripePriceKey, string]>).map(([key, price]) => {
      const [plan, interval] = key.split(':') as [Exclude<PlanId, 'free'>, BillingInterval];
      return [price, { plan, interval }];
    }),
  );
  const priceOf = (plan: Exclude<PlanId, 'free'>, interval: BillingInterval) =>
    config.prices[`${plan}:${interval}`];

  /** A failed Stripe call: logged without anything secret, answered as a 502. */
  function failed(what: string, err: unknown): AppError {
    if (err instanceof AppError) return err;
    const e = err instanceof Stripe.errors.StripeError ? err : null;
    options.logger?.warn(
      {
        provider: 'stripe',
        call: what,
        type: e?.type ?? (err instanceof Error ? err.name : typeof err),
        code: e?.code,
        statusCode: e?.statusCode,
        requestId: e?.requestId,
      },
      'a Stripe call failed',
    );
    return providerError();
  }

  /** Runs a Stripe call; any failure becomes a 502 that says nothing of the provider's reply. */
  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw failed(what, err);
    }
  }

  function isMissing(err: unknown): boolean {
    return (
      err instanceof Stripe.errors.StripeError &&
      (err.code === 'resource_missing' || err.statusCode === 404)
    );
  }

  function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const item = sub.items?.data?.[0];
    const priceId = idOf(item?.price);
    const known = priceId ? byPrice.get(priceId) : undefined;
    if (!known) {
      options.logger?.warn(
        { provider: 'stripe', subscriptionId: sub.id, priceId },
        'a Stripe subscription has a price that is not configured',
      );
      throw providerError();
    }
    const loose = asLoose(sub);
    const periodEnd =
      fromSeconds(loose.current_period_end) ?? fromSeconds(asLoose(item).current_period_end);
    // Newer portals cancel with `cancel_at` (the period's end) rather than the flag.
    const cancelAt = fromSeconds(loose.cancel_at);
    const cancelAtPeriodEnd =
      sub.cancel_at_period_end === true ||
      (cancelAt !== null && periodEnd !== null && cancelAt.getTime() <= periodEnd.getTime());
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      accountId: metadataAccountId(sub),
      plan: known.plan,
      interval: known.interval,
      status: mapStripeStatus(sub.status),
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd,
      trialEnd: fromSeconds(sub.trial_end),
    };
  }

  function toInvoice(obj: Loose, subscriptionId: string | null): ProviderInvoice {
    const status = typeof obj.status === 'string' ? obj.status : 'draft';
    return {
      id: String(obj.id ?? ''),
      customerId: idOf(obj.customer),
      subscriptionId,
      number: typeof obj.number === 'string' ? obj.number : null,
      status: INVOICE_STATUSES.has(status) ? (status as InvoiceStatus) : 'open',
      amountDue: typeof obj.amount_due === 'number' ? obj.amount_due : 0,
      amountPaid: typeof obj.amount_paid === 'number' ? obj.amount_paid : 0,
      currency: typeof obj.currency === 'string' ? obj.currency : 'usd',
      created: fromSeconds(obj.created) ?? new Date(),
      periodStart: fromSeconds(obj.period_start),
      periodEnd: fromSeconds(obj.period_end),
      hostedUrl: typeof obj.hosted_invoice_url === 'string' ? obj.hosted_invoice_url : null,
      pdfUrl: typeof obj.invoice_pdf === 'string' ? obj.invoice_pdf : null,
    };
  }

  function toEvent(event: Stripe.Event): ProviderEvent {
    const obj = asLoose(event.data?.object);
    const base = {
      id: event.id,
      type: event.type,
      created: fromSeconds(event.created) ?? new Date(),
      invoice: null,
    };
    if (event.type.startsWith('checkout.session.')) {
      const ref = typeof obj.client_reference_id === 'string' ? obj.client_reference_id : null;
      return {
        ...base,
        subscriptionId: idOf(obj.subscription),
        customerId: idOf(obj.customer),
        accountId: ref || metadataAccountId(obj),
      };
    }
    if (event.type.startsWith('customer.subscription.')) {
      return {
        ...base,
        subscriptionId: idOf(obj.id),
        customerId: idOf(obj.customer),
        accountId: metadataAccountId(obj),
      };
    }
    if (event.type.startsWith('invoice.')) {
      // Older API versions: invoice.subscription / subscription_details; newer: under parent.
      const details = asLoose(asLoose(obj.parent).subscription_details);
      const legacyDetails = asLoose(obj.subscription_details);
      const subscriptionId = idOf(obj.subscription) ?? idOf(details.subscription);
      return {
        ...base,
        subscriptionId,
        customerId: idOf(obj.customer),
        accountId:
          metadataAccountId(details) ?? metadataAccountId(legacyDetails) ?? metadataAccountId(obj),
        invoice: toInvoice(obj, subscriptionId),
      };
    }
    // Not one Tenantry acts on: still mapped, so it is recorded (and ignored) once.
    return {
      ...base,
      subscriptionId: idOf(obj.subscription),
      customerId: idOf(obj.customer),
      accountId: metadataAccountId(obj),
    };
  }

  return {
    name: 'stripe',

    async createCheckout(req) {
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: priceOf(req.plan, req.interval), quantity: 1 }],
          client_reference_id: req.accountId,
          metadata: { accountId: req.accountId },
          subscription_data: { metadata: { accountId: req.accountId } },
          ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email }),
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        }),
      );
      if (!session.url) throw providerError();
      return { url: session.url };
    },

    async createPortal(req) {
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({
          customer: req.customerId,
          return_url: req.returnUrl,
        }),
      );
      return { url: session.url };
    },

    async changePlan(subscriptionId, plan, interval) {
      const sub = await call('subscriptions.retrieve', () =>
        stripe.subscriptions.retrieve(subscriptionId),
      );
      const item = sub.items?.data?.[0];
      if (!item) throw providerError();
      // Choosing a paid plan keeps the subscription: a pending cancellation is taken back.
      await call('subscriptions.update', () =>
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: priceOf(plan, interval) }],
          proration_behavior: 'create_prorations',
          ...takeBackCancellation(sub),
        }),
      );
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      if (cancel) {
        await call('subscriptions.update', () =>
          stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
        );
        return;
      }
      // Stripe's portal may have cancelled with `cancel_at` instead of the flag: clear that one.
      const sub = await call('subscriptions.retrieve', () =>
        stripe.subscriptions.retrieve(subscriptionId),
      );
      const params = takeBackCancellation(sub);
      await call('subscriptions.update', () =>
        stripe.subscriptions.update(
          subscriptionId,
          'cancel_at' in params ? params : { cancel_at_period_end: false },
        ),
      );
    },

    async retrieveSubscription(subscriptionId) {
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.retrieve(subscriptionId);
      } catch (err) {
        if (isMissing(err)) return null;
        throw failed('subscriptions.retrieve', err);
      }
      return toSubscription(sub);
    },

    verifyWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw badSignature();
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw badSignature();
      }
      return toEvent(event);
    },
  };
}
