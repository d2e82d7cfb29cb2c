/**
 * Test infrastructure only: a tiny local stand-in of the few Stripe API endpoints Tenantry calls
 * (Stripe itself cannot be reached from the tests), and builders of Stripe-shaped webhook events
 * signed the way Stripe signs them. Point the provider at it with `StripeConfig.apiUrl`.
 *
 *   GET  /v1/subscriptions/:id          from `standIn.subscriptions` (the test controls it)
 *   POST /v1/subscriptions/:id          update: items[0][price], cancel_at_period_end, metadata
 *   POST /v1/checkout/sessions          answers a session with a url
 *   POST /v1/billing_portal/sessions    answers a portal session with a url
 *
 * An unknown id answers 404 with Stripe's error shape; `failNext(status)` makes the next
 * requests fail (with `stripe-should-retry: false`, so the SDK does not retry them).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

type Json = Record<string, unknown>;

export const TEST_STRIPE_PRICES: StripeConfig['prices'] = {
  'pro:month': 'price_test_pro_month',
  'pro:year': 'price_test_pro_year',
  'business:month': 'price_test_business_month',
  'business:year': 'price_test_business_year',
};
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_tenantry_stand_in';
export const TEST_STRIPE_SECRET_KEY = 'sk_test_tenantry_stand_in';

/** A StripeConfig for the provider pointed at a stand-in. */
export function testStripeConfig(
  apiUrl: string,
  overrides: Partial<StripeConfig> = {},
): StripeConfig {
  return {
    secretKey: TEST_STRIPE_SECRET_KEY,
    webhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
    prices: TEST_STRIPE_PRICES,
    apiUrl,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body decoded into nested objects and arrays (Stripe's bracket notation). */
  body: Json;
  headers: http.IncomingHttpHeaders;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Stripe-shaped subscription objects by id; tests add and change them. */
  subscriptions: Map<string, Json>;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** The next `times` requests answer `status` with Stripe's api_error shape. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Decodes Stripe's form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

export function stripePrice(priceId: string): Json {
  const interval = priceId.endsWith('year') ? 'year' : 'month';
  return {
    id: priceId,
    object: 'price',
    active: true,
    currency: 'usd',
    recurring: { interval, interval_count: 1 },
    type: 'recurring',
  };
}

export interface SubscriptionFixture {
  id?: string;
  customer?: string;
  price?: string;
  status?: string;
  accountId?: string | null;
  currentPeriodEnd?: Date;
  /** Where the period end is given: on the item (current API versions) or the subscription. */
  periodEndOn?: 'item' | 'subscription';
  cancelAtPeriodEnd?: boolean;
  cancelAt?: Date | null;
  trialEnd?: Date | null;
  created?: Date;
}

/** A Stripe-shaped subscription object. */
export function stripeSubscription(f: SubscriptionFixture = {}): Json {
  const id = f.id ?? newId('sub');
  const created = f.created ?? new Date();
  const periodEnd = f.currentPeriodEnd ?? new Date(created.getTime() + 30 * 86_400_000);
  const onItem = (f.periodEndOn ?? 'item') === 'item';
  const period = {
    current_period_start: seconds(created),
    current_period_end: seconds(periodEnd),
  };
  return {
    id,
    object: 'subscription',
    customer: f.customer ?? newId('cus'),
    status: f.status ?? 'active',
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    cancel_at: f.cancelAt ? seconds(f.cancelAt) : null,
    canceled_at: null,
    created: seconds(created),
    currency: 'usd',
    livemode: false,
    metadata: f.accountId ? { accountId: f.accountId } : {},
    trial_end: f.trialEnd ? seconds(f.trialEnd) : null,
    trial_start: null,
    ...(onItem ? {} : period),
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: stripePrice(f.price ?? TEST_STRIPE_PRICES['pro:month']),
          quantity: 1,
          subscription: id,
          ...(onItem ? period : {}),
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
}

function stripeError(status: number, code: string | undefined, message: string, param?: string) {
  return {
    status,
    body: {
      error: {
        type: status >= 500 ? 'api_error' : 'invalid_request_error',
        ...(code ? { code } : {}),
        message,
        ...(param ? { param } : {}),
        doc_url: code
          ? `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`
          : undefined,
      },
    },
  };
}

/** Starts the stand-in on 127.0.0.1 (a free port). Close it in afterAll. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const subscriptions = new Map<string, Json>();
  const requests: RecordedRequest[] = [];
  let failures: { status: number; left: number } | null = null;

  function route(method: string, path: string, body: Json): { status: number; body: unknown } {
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return stripeError(failures.status, undefined, 'Something went wrong on the stand-in.');
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const id = decodeURIComponent(sub[1]!);
      const current = subscriptions.get(id);
      if (!current) {
        return stripeError(404, 'resource_missing', `No such subscription: '${id}'`, 'id');
      }
      if (method === 'GET') return { status: 200, body: current };
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined && body.cancel_at !== undefined) {
          return stripeError(
            400,
            'parameters_exclusive',
            'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
          );
        }
        const updated = applySubscriptionUpdate(current, body);
        subscriptions.set(id, updated);
        return { status: 200, body: updated };
      }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: body.mode ?? 'payment',
          status: 'open',
          client_reference_id: body.client_reference_id ?? null,
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          metadata: body.metadata ?? {},
          success_url: body.success_url ?? null,
          cancel_url: body.cancel_url ?? null,
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      };
    }
    return stripeError(404, undefined, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const body = decodeStripeForm(method === 'GET' ? url.search.slice(1) : text);
      requests.push({ method, path: url.pathname, body, headers: req.headers });
      const answer = route(method, url.pathname, body);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(answer.status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    subscriptions,
    requests,
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A subscription after Stripe's update endpoint: new price of the item, the cancel flag. */
function applySubscriptionUpdate(current: Json, body: Json): Json {
  const next = structuredClone(current);
  const items = (next.items as { data: Json[] }).data;
  const changes = Array.isArray(body.items) ? (body.items as Json[]) : [];
  for (const change of changes) {
    const item = items.find((i) => i.id === change.id) ?? items[0];
    if (item && typeof change.price === 'string') item.price = stripePrice(change.price);
  }
  if (body.cancel_at_period_end !== undefined) {
    next.cancel_at_period_end = body.cancel_at_period_end === 'true';
    // As Stripe does: the flag sets cancel_at to the period's end, clearing it clears both.
    next.cancel_at = next.cancel_at_period_end
      ? (next.current_period_end ?? items[0]?.current_period_end ?? null)
      : null;
  }
  if (body.cancel_at !== undefined) {
    next.cancel_at = body.cancel_at === '' ? null : Number(body.cancel_at);
  }
  if (body.metadata && typeof body.metadata === 'object') {
    next.metadata = { ...(next.metadata as Json), ...(body.metadata as Json) };
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Webhook events

export interface EventOptions {
  id?: string;
  /** The event's creation time (default: now). */
  created?: Date;
}

/** A Stripe-shaped event around an object. */
export function stripeEvent(type: string, object: Json, options: EventOptions = {}): Json {
  return {
    id: options.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(options.created ?? new Date()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export function checkoutSessionCompletedEvent(
  f: { accountId: string; subscription: string; customer: string; viaMetadataOnly?: boolean },
  options: EventOptions = {},
): Json {
  return stripeEvent(
    'checkout.session.completed',
    {
      id: newId('cs_test'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: f.viaMetadataOnly ? null : f.accountId,
      customer: f.customer,
      subscription: f.subscription,
      metadata: { accountId: f.accountId },
    },
    options,
  );
}

export function subscriptionEvent(
  type: 'created' | 'updated' | 'deleted',
  subscription: Json,
  options: EventOptions = {},
): Json {
  return stripeEvent(`customer.subscription.${type}`, structuredClone(subscription), options);
}

export interface InvoiceFixture {
  id?: string;
  customer: string;
  subscription: string;
  status?: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amountDue?: number;
  amountPaid?: number;
  currency?: string;
  number?: string | null;
  created?: Date;
  periodStart?: Date;
  periodEnd?: Date;
  accountId?: string;
  /** Where the subscription is named: under `parent` (current API versions) or at the top. */
  subscriptionOn?: 'parent' | 'top';
}

/** A Stripe-shaped invoice object. */
export function stripeInvoice(f: InvoiceFixture): Json {
  const id = f.id ?? newId('in');
  const created = f.created ?? new Date();
  const metadata = f.accountId ? { accountId: f.accountId } : {};
  const onParent = (f.subscriptionOn ?? 'parent') === 'parent';
  return {
    id,
    object: 'invoice',
    customer: f.customer,
    status: f.status ?? 'open',
    amount_due: f.amountDue ?? 4_900,
    amount_paid: f.amountPaid ?? 0,
    amount_remaining: (f.amountDue ?? 4_900) - (f.amountPaid ?? 0),
    currency: f.currency ?? 'usd',
    number: f.number === undefined ? `TEST-${id.slice(-4).toUpperCase()}` : f.number,
    created: seconds(created),
    period_start: seconds(f.periodStart ?? created),
    period_end: seconds(f.periodEnd ?? new Date(created.getTime() + 30 * 86_400_000)),
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
    livemode: false,
    metadata: {},
    ...(onParent
      ? {
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: f.subscription, metadata },
          },
        }
      : { subscription: f.subscription, subscription_details: { metadata } }),
  };
}

export function invoiceEvent(
  type: 'paid' | 'payment_failed',
  invoice: InvoiceFixture,
  options: EventOptions = {},
): Json {
  const status = invoice.status ?? (type === 'paid' ? 'paid' : 'open');
  const amountDue = invoice.amountDue ?? 4_900;
  const amountPaid = invoice.amountPaid ?? (type === 'paid' ? amountDue : 0);
  return stripeEvent(
    `invoice.${type}`,
    stripeInvoice({ ...invoice, status, amountDue, amountPaid }),
    options,
  );
}

/** The `stripe-signature` header of a payload, as Stripe would send it. */
export function stripeSignature(
  payload: string,
  options: { secret?: string; timestamp?: Date } = {},
): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: seconds(options.timestamp) } : {}),
  });
}

/** An event as a webhook delivery: the raw body and its signed headers. */
export function signedDelivery(
  event: Json,
  options: { secret?: string; timestamp?: Date } = {},
): { body: string; headers: Headers } {
  const body = JSON.stringify(event);
  const headers = new Headers({
    'content-type': 'application/json',
    'stripe-signature': stripeSignature(body, options),
  });
  return { body, headers };
}
