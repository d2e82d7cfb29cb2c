import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import {
  TEST_STRIPE_PRICES,
  TEST_STRIPE_SECRET_KEY,
  checkoutSessionCompletedEvent,
  invoiceEvent,
  signedDelivery,
  startStripeStandIn,
  stripeEvent,
  stripeSignature,
  stripeSubscription,
  subscriptionEvent,
  testStripeConfig,
  type StripeStandIn,
} from '../../../test/stripe-api.ts';
import type { BillingProvider, ProviderEvent } from '../../../lib/billing/provider.ts';
import { createStripeProvider, mapStripeStatus } from './stripe.ts';

let standIn: StripeStandIn;
let provider: BillingProvider;
const warnings: unknown[] = [];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider(testStripeConfig(standIn.url), 'http://localhost:3000', {
    logger: { warn: (obj: unknown) => void warnings.push(obj) },
  });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.subscriptions.clear();
  warnings.length = 0;
});

/** Seconds precision, as Stripe gives times. */
const atSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

async function expectAppError(promise: Promise<unknown>, code: string, status: number) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  expect((err as AppError).status).toBe(status);
  return err as AppError;
}

function expectSyncAppError(fn: () => unknown, code: string, status: number) {
  let caught: unknown = null;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe(code);
  expect((caught as AppError).status).toBe(status);
}

describe('Stripe provider: checkout and portal', () => {
  it('creates a subscription checkout with the price, the account in metadata and the e-mail', async () => {
    const result = await provider.createCheckout({
      accountId: 'acc_1',
      userId: 'user_1',
      email: 'owner@example.com',
      customerId: null,
      plan: 'business',
      interval: 'year',
      successUrl: 'http://localhost:3000/settings/billing?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/settings/billing',
    });
    expect(result.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [req] = standIn.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/checkout/sessions');
    expect(req?.headers.authorization).toBe(`Bearer ${TEST_STRIPE_SECRET_KEY}`);
    expect(req?.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: TEST_STRIPE_PRICES['business:year'], quantity: '1' }],
      client_reference_id: 'acc_1',
      metadata: { accountId: 'acc_1' },
      subscription_data: { metadata: { accountId: 'acc_1' } },
      customer_email: 'owner@example.com',
      success_url: 'http://localhost:3000/settings/billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/settings/billing',
    });
    expect(req?.body).not.toHaveProperty('customer');
  });

  it('gives the known customer instead of the e-mail', async () => {
    await provider.createCheckout({
      accountId: 'acc_2',
      userId: 'user_2',
      email: 'owner2@example.com',
      customerId: 'cus_known',
      plan: 'pro',
      interval: 'month',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/cancel',
    });
    const body = standIn.requests[0]?.body;
    expect(body).toMatchObject({
      customer: 'cus_known',
      line_items: [{ price: TEST_STRIPE_PRICES['pro:month'] }],
    });
    expect(body).not.toHaveProperty('customer_email');
  });

  it('opens the customer portal with the return URL', async () => {
    const result = await provider.createPortal({
      accountId: 'acc_1',
      customerId: 'cus_1',
      returnUrl: 'http://localhost:3000/settings/billing',
    });
    expect(result.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(standIn.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      body: { customer: 'cus_1', return_url: 'http://localhost:3000/settings/billing' },
    });
  });
});

describe('Stripe provider: changing a subscription', () => {
  it('moves the single item to the new price, prorated', async () => {
    const sub = stripeSubscription({ price: TEST_STRIPE_PRICES['pro:month'] });
    standIn.subscriptions.set(sub.id as string, sub);
    const itemId = (sub.items as { data: Array<{ id: string }> }).data[0]!.id;
    await provider.changePlan(sub.id as string, 'business', 'year');
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${sub.id as string}`,
      `POST /v1/subscriptions/${sub.id as string}`,
    ]);
    expect(standIn.requests[1]?.body).toEqual({
      items: [{ id: itemId, price: TEST_STRIPE_PRICES['business:year'] }],
      proration_behavior: 'create_prorations',
    });
    const after = await provider.retrieveSubscription(sub.id as string);
    expect(after).toMatchObject({ plan: 'business', interval: 'year' });
  });

  it('sets and clears cancel at period end', async () => {
    const sub = stripeSubscription();
    const id = sub.id as string;
    standIn.subscriptions.set(id, sub);
    await provider.setCancelAtPeriodEnd(id, true);
    expect(standIn.requests[0]?.body).toEqual({ cancel_at_period_end: 'true' });
    expect((await provider.retrieveSubscription(id))?.cancelAtPeriodEnd).toBe(true);
    standIn.requests.length = 0;
    await provider.setCancelAtPeriodEnd(id, false);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${id}`,
      `POST /v1/subscriptions/${id}`,
    ]);
    expect(standIn.requests[1]?.body).toEqual({ cancel_at_period_end: 'false' });
    expect((await provider.retrieveSubscription(id))?.cancelAtPeriodEnd).toBe(false);
  });

  it('takes back a cancellation the portal made with cancel_at', async () => {
    const periodEnd = new Date(Date.now() + 12 * 86_400_000);
    const sub = stripeSubscription({ currentPeriodEnd: periodEnd, cancelAt: periodEnd });
    const id = sub.id as string;
    standIn.subscriptions.set(id, sub);
    expect((await provider.retrieveSubscription(id))?.cancelAtPeriodEnd).toBe(true);
    await provider.setCancelAtPeriodEnd(id, false);
    expect(standIn.requests.at(-1)?.body).toEqual({ cancel_at: '' });
    expect((await provider.retrieveSubscription(id))?.cancelAtPeriodEnd).toBe(false);
  });

  it('changing to a paid plan takes back a pending cancellation', async () => {
    const sub = stripeSubscription({ cancelAtPeriodEnd: true });
    const id = sub.id as string;
    standIn.subscriptions.set(id, sub);
    await provider.changePlan(id, 'pro', 'month');
    expect(standIn.requests[1]?.body).toMatchObject({
      items: [{ price: TEST_STRIPE_PRICES['pro:month'] }],
      cancel_at_period_end: 'false',
    });
    expect(await provider.retrieveSubscription(id)).toMatchObject({
      plan: 'pro',
      interval: 'month',
      cancelAtPeriodEnd: false,
    });
  });

  it('answers 502 when the subscription to change is not at Stripe', async () => {
    await expectAppError(
      provider.changePlan('sub_missing', 'pro', 'year'),
      'billing.provider_error',
      502,
    );
  });
});

describe('Stripe provider: reading a subscription', () => {
  it('maps the subscription: plan and interval from the price, account, period, trial', async () => {
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    const trialEnd = new Date(Date.now() + 5 * 86_400_000);
    const sub = stripeSubscription({
      customer: 'cus_map',
      price: TEST_STRIPE_PRICES['business:month'],
      status: 'trialing',
      accountId: 'acc_map',
      currentPeriodEnd: periodEnd,
      trialEnd,
    });
    standIn.subscriptions.set(sub.id as string, sub);
    expect(await provider.retrieveSubscription(sub.id as string)).toEqual({
      id: sub.id,
      customerId: 'cus_map',
      accountId: 'acc_map',
      plan: 'business',
      interval: 'month',
      status: 'trialing',
      currentPeriodEnd: atSecond(periodEnd),
      cancelAtPeriodEnd: false,
      trialEnd: atSecond(trialEnd),
    });
  });

  it('reads the period end from the subscription too (older API versions)', async () => {
    const periodEnd = new Date(Date.now() + 11 * 86_400_000);
    const sub = stripeSubscription({ currentPeriodEnd: periodEnd, periodEndOn: 'subscription' });
    standIn.subscriptions.set(sub.id as string, sub);
    const got = await provider.retrieveSubscription(sub.id as string);
    expect(got?.currentPeriodEnd).toEqual(atSecond(periodEnd));
    expect(got?.accountId).toBeNull();
  });

  it('counts a cancellation at the period end given as cancel_at', async () => {
    const periodEnd = new Date(Date.now() + 9 * 86_400_000);
    const sub = stripeSubscription({ currentPeriodEnd: periodEnd, cancelAt: periodEnd });
    standIn.subscriptions.set(sub.id as string, sub);
    expect((await provider.retrieveSubscription(sub.id as string))?.cancelAtPeriodEnd).toBe(true);
  });

  it.each([
    ['trialing', 'trialing'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['paused', 'canceled'],
  ] as const)('maps the status %s to %s', async (stripeStatus, ours) => {
    expect(mapStripeStatus(stripeStatus)).toBe(ours);
    const sub = stripeSubscription({ status: stripeStatus });
    standIn.subscriptions.set(sub.id as string, sub);
    expect((await provider.retrieveSubscription(sub.id as string))?.status).toBe(ours);
  });

  it('answers null for a subscription Stripe does not know', async () => {
    expect(await provider.retrieveSubscription('sub_nobody')).toBeNull();
    expect(standIn.requests[0]?.path).toBe('/v1/subscriptions/sub_nobody');
  });

  it('refuses a subscription on a price that is not configured (502)', async () => {
    const sub = stripeSubscription({ price: 'price_somebody_else' });
    standIn.subscriptions.set(sub.id as string, sub);
    await expectAppError(
      provider.retrieveSubscription(sub.id as string),
      'billing.provider_error',
      502,
    );
    expect(warnings).toEqual([expect.objectContaining({ priceId: 'price_somebody_else' })]);
  });

  it('answers 502 (and logs nothing secret) when Stripe fails', async () => {
    const sub = stripeSubscription();
    standIn.subscriptions.set(sub.id as string, sub);
    standIn.failNext(500);
    const err = await expectAppError(
      provider.retrieveSubscription(sub.id as string),
      'billing.provider_error',
      502,
    );
    expect(err.message).toBe('The payment provider could not be reached. Please try again.');
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(TEST_STRIPE_SECRET_KEY);
    expect(warnings[0]).toMatchObject({ provider: 'stripe', statusCode: 500 });

    standIn.failNext(503);
    await expectAppError(
      provider.createPortal({ accountId: 'a', customerId: 'cus_x', returnUrl: 'http://x/' }),
      'billing.provider_error',
      502,
    );
    standIn.failNext(401);
    await expectAppError(
      provider.setCancelAtPeriodEnd(sub.id as string, true),
      'billing.provider_error',
      502,
    );
  });

  it('answers 502 when Stripe cannot be reached at all', async () => {
    const closed = await startStripeStandIn();
    const url = closed.url;
    await closed.close();
    const offline = createStripeProvider(testStripeConfig(url), 'http://localhost:3000', {
      maxNetworkRetries: 0,
    });
    await expectAppError(offline.retrieveSubscription('sub_1'), 'billing.provider_error', 502);
    await expectAppError(
      offline.createCheckout({
        accountId: 'a',
        userId: 'u',
        email: 'e@example.com',
        customerId: null,
        plan: 'pro',
        interval: 'month',
        successUrl: 'http://x/ok',
        cancelUrl: 'http://x/no',
      }),
      'billing.provider_error',
      502,
    );
  });
});

describe('Stripe provider: webhooks', () => {
  const verify = (body: string, headers: Headers): ProviderEvent =>
    provider.verifyWebhook(body, headers);

  it('verifies a signed event and maps checkout.session.completed', () => {
    const created = new Date(Date.now() - 60_000);
    const event = checkoutSessionCompletedEvent(
      { accountId: 'acc_c', subscription: 'sub_c', customer: 'cus_c' },
      { id: 'evt_checkout', created },
    );
    const { body, headers } = signedDelivery(event);
    expect(verify(body, headers)).toEqual({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      created: atSecond(created),
      subscriptionId: 'sub_c',
      customerId: 'cus_c',
      accountId: 'acc_c',
      invoice: null,
    });
  });

  it('reads the account of a checkout from its metadata when there is no client_reference_id', () => {
    const event = checkoutSessionCompletedEvent({
      accountId: 'acc_meta',
      subscription: 'sub_m',
      customer: 'cus_m',
      viaMetadataOnly: true,
    });
    const { body, headers } = signedDelivery(event);
    expect(verify(body, headers).accountId).toBe('acc_meta');
  });

  it.each(['created', 'updated', 'deleted'] as const)('maps customer.subscription.%s', (kind) => {
    const sub = stripeSubscription({ id: 'sub_s', customer: 'cus_s', accountId: 'acc_s' });
    const event = subscriptionEvent(kind, sub, { id: `evt_sub_${kind}` });
    const { body, headers } = signedDelivery(event);
    expect(verify(body, headers)).toMatchObject({
      id: `evt_sub_${kind}`,
      type: `customer.subscription.${kind}`,
      subscriptionId: 'sub_s',
      customerId: 'cus_s',
      accountId: 'acc_s',
      invoice: null,
    });
  });

  it('maps invoice.payment_failed with its invoice (subscription under parent)', () => {
    const created = new Date(Date.now() - 3_600_000);
    const periodStart = new Date(Date.now() - 86_400_000);
    const periodEnd = new Date(Date.now() + 29 * 86_400_000);
    const event = invoiceEvent(
      'payment_failed',
      {
        id: 'in_failed',
        customer: 'cus_i',
        subscription: 'sub_i',
        amountDue: 14_900,
        number: 'TNT-0007',
        created,
        periodStart,
        periodEnd,
        accountId: 'acc_i',
      },
      { id: 'evt_inv_failed' },
    );
    const { body, headers } = signedDelivery(event);
    expect(verify(body, headers)).toMatchObject({
      id: 'evt_inv_failed',
      type: 'invoice.payment_failed',
      subscriptionId: 'sub_i',
      customerId: 'cus_i',
      accountId: 'acc_i',
      invoice: {
        id: 'in_failed',
        customerId: 'cus_i',
        subscriptionId: 'sub_i',
        number: 'TNT-0007',
        status: 'open',
        amountDue: 14_900,
        amountPaid: 0,
        currency: 'usd',
        created: atSecond(created),
        periodStart: atSecond(periodStart),
        periodEnd: atSecond(periodEnd),
        hostedUrl: 'https://invoice.stripe.test/i/in_failed',
        pdfUrl: 'https://pay.stripe.test/invoice/in_failed/pdf',
      },
    });
  });

  it('maps invoice.paid with the subscription at the top (older API versions)', () => {
    const event = invoiceEvent('paid', {
      customer: 'cus_p',
      subscription: 'sub_p',
      amountDue: 4_900,
      number: null,
      subscriptionOn: 'top',
    });
    const { body, headers } = signedDelivery(event);
    const got = verify(body, headers);
    expect(got).toMatchObject({
      type: 'invoice.paid',
      subscriptionId: 'sub_p',
      customerId: 'cus_p',
      accountId: null,
      invoice: { status: 'paid', amountDue: 4_900, amountPaid: 4_900, number: null },
    });
    expect(got.invoice?.subscriptionId).toBe('sub_p');
  });

  it('still maps an event type it does not act on', () => {
    const event = stripeEvent(
      'customer.updated',
      { id: 'cus_u', object: 'customer', metadata: {} },
      { id: 'evt_other' },
    );
    const { body, headers } = signedDelivery(event);
    expect(verify(body, headers)).toMatchObject({
      id: 'evt_other',
      type: 'customer.updated',
      subscriptionId: null,
      accountId: null,
      invoice: null,
    });
  });

  it('refuses a missing signature header', () => {
    const { body } = signedDelivery(stripeEvent('invoice.paid', { id: 'in_x' }));
    expectSyncAppError(() => verify(body, new Headers()), 'billing.bad_signature', 400);
  });

  it('refuses a signature made with another secret', () => {
    const event = stripeEvent('invoice.paid', { id: 'in_x' });
    const { body, headers } = signedDelivery(event, { secret: 'whsec_somebody_else' });
    expectSyncAppError(() => verify(body, headers), 'billing.bad_signature', 400);
  });

  it('refuses a garbled signature header', () => {
    const { body } = signedDelivery(stripeEvent('invoice.paid', { id: 'in_x' }));
    const headers = new Headers({ 'stripe-signature': 'not-a-signature' });
    expectSyncAppError(() => verify(body, headers), 'billing.bad_signature', 400);
  });

  it('refuses a tampered body', () => {
    const event = checkoutSessionCompletedEvent({
      accountId: 'acc_real',
      subscription: 'sub_t',
      customer: 'cus_t',
    });
    const { body, headers } = signedDelivery(event);
    const tampered = body.replace('acc_real', 'acc_evil');
    expect(tampered).not.toBe(body);
    expectSyncAppError(() => verify(tampered, headers), 'billing.bad_signature', 400);
  });

  it('refuses a signature older than the tolerance (replayed delivery)', () => {
    const event = stripeEvent('invoice.paid', { id: 'in_old' });
    const { body, headers } = signedDelivery(event, {
      timestamp: new Date(Date.now() - 10 * 60_000),
    });
    expectSyncAppError(() => verify(body, headers), 'billing.bad_signature', 400);
    // The same body signed now passes.
    const fresh = new Headers({ 'stripe-signature': stripeSignature(body) });
    expect(verify(body, fresh).type).toBe('invoice.paid');
  });
});
