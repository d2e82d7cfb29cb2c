/**
 * Stripe's signed webhook end to end: POST /api/v1/billing/webhooks/stripe on an app whose
 * provider is Stripe, pointed at the local stand-in of Stripe's API (test/stripe-api.ts), which
 * answers the subscription the applier re-reads.
 */
import type { BillingSummary } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, invoices, subscriptions } from '../../db/schema/billing.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { auditActions } from '../../test/data.ts';
import { signUpPerson, type Person } from '../../test/people.ts';
import {
  TEST_STRIPE_PRICES,
  checkoutSessionCompletedEvent,
  invoiceEvent,
  signedDelivery,
  startStripeStandIn,
  stripeSubscription,
  subscriptionEvent,
  testStripeConfig,
  type StripeStandIn,
} from '../../test/stripe-api.ts';

const WEBHOOK = '/api/v1/billing/webhooks/stripe';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let standIn: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await setupTestApp({
    config: { billingProvider: 'stripe', stripe: testStripeConfig(standIn.url) },
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** Delivers an event as Stripe does: signed raw JSON, no Origin, no cookie. */
async function deliver(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: Date } = {},
): Promise<Response> {
  const { body, headers } = signedDelivery(event, options);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('user-agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)');
  return t.app.request(WEBHOOK, { method: 'POST', body, headers });
}

async function deliverOk(event: Record<string, unknown>): Promise<string> {
  const res = await deliver(event);
  await expectStatus(res, 200);
  return ((await res.json()) as { outcome: string }).outcome;
}

async function billingOf(person: Person): Promise<BillingSummary> {
  const res = await person.client.get('/api/v1/billing');
  await expectStatus(res, 200);
  return (await res.json()) as BillingSummary;
}

async function subscriptionRow(accountId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  return row ?? null;
}

async function eventRows(eventId: string) {
  return t.database.db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, 'stripe'), eq(billingEvents.eventId, eventId)));
}

/** The billing actions in the account's audit log. */
const billingActions = (accountId: string) => auditActions(t, accountId, { prefix: 'billing.' });

/**
 * An owner whose account bought `price` through Stripe's checkout: the subscription is at the
 * stand-in and the signed checkout.session.completed (created at `at`) has been delivered.
 */
async function subscribedOwner(
  prefix: string,
  price: string = TEST_STRIPE_PRICES['pro:month'],
  at = new Date(Date.now() - 10 * HOUR),
) {
  const owner = await signUpPerson(t, prefix);
  const sub = stripeSubscription({ price, accountId: owner.tid, created: at });
  const subId = sub.id as string;
  const customer = sub.customer as string;
  standIn.subscriptions.set(subId, sub);
  const event = checkoutSessionCompletedEvent(
    { accountId: owner.tid, subscription: subId, customer },
    { created: at },
  );
  expect(await deliverOk(event)).toBe('applied');
  /** Changes the subscription as Stripe holds it. */
  const update = (changes: Record<string, unknown>) => {
    const next = { ...standIn.subscriptions.get(subId)!, ...changes };
    standIn.subscriptions.set(subId, next);
    return next;
  };
  const withPrice = (priceId: string) => {
    const current = structuredClone(standIn.subscriptions.get(subId)!);
    const items = current.items as { data: Array<Record<string, unknown>> };
    items.data[0]!.price = { id: priceId, object: 'price' };
    standIn.subscriptions.set(subId, current);
    return current;
  };
  return { owner, subId, customer, event, update, withPrice };
}

describe('Stripe webhook', () => {
  it('a signed checkout.session.completed moves the account to the paid plan', async () => {
    const owner = await signUpPerson(t, 'buyer');
    expect((await billingOf(owner)).status).toBe('trialing');
    const periodEnd = new Date(Date.now() + 365 * DAY);
    const sub = stripeSubscription({
      price: TEST_STRIPE_PRICES['business:year'],
      accountId: owner.tid,
      currentPeriodEnd: periodEnd,
    });
    standIn.subscriptions.set(sub.id as string, sub);
    const event = checkoutSessionCompletedEvent({
      accountId: owner.tid,
      subscription: sub.id as string,
      customer: sub.customer as string,
    });
    expect(await deliverOk(event)).toBe('applied');

    const billing = await billingOf(owner);
    expect(billing).toMatchObject({
      plan: 'business',
      subscribedPlan: 'business',
      interval: 'year',
      status: 'active',
      provider: 'stripe',
      hasSubscription: true,
      cancelAtPeriodEnd: false,
      pastDue: null,
      currentPeriodEnd: new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString(),
    });
    expect(await subscriptionRow(owner.tid)).toMatchObject({
      provider: 'stripe',
      customerId: sub.customer,
      providerSubscriptionId: sub.id,
    });
    expect(await eventRows(event.id as string)).toEqual([
      expect.objectContaining({ outcome: 'applied', accountId: owner.tid }),
    ]);
    expect(await billingActions(owner.tid)).toEqual(['billing.subscribed']);
  });

  it('applies a replayed event id once', async () => {
    const { owner, event } = await subscribedOwner('replay');
    // Stripe delivers the same event again (a retry): signed anew, same id.
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { outcome: string }).outcome).toBe('duplicate');
    expect(await eventRows(event.id as string)).toHaveLength(1);
    expect(await billingActions(owner.tid)).toEqual(['billing.subscribed']);
    expect((await billingOf(owner)).subscribedPlan).toBe('pro');
  });

  it('applies an event delivered twice at once only once', async () => {
    const { owner, subId, update } = await subscribedOwner('twice');
    const canceling = update({ cancel_at_period_end: true });
    const event = subscriptionEvent('updated', canceling, { created: new Date() });
    const outcomes = await Promise.all([deliver(event), deliver(event)]).then((all) =>
      Promise.all(all.map(async (r) => ((await r.json()) as { outcome: string }).outcome)),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await eventRows(event.id as string)).toHaveLength(1);
    expect(await billingActions(owner.tid)).toEqual(['billing.subscribed', 'billing.canceled']);
    expect((await subscriptionRow(owner.tid))?.providerSubscriptionId).toBe(subId);
  });

  it('ignores an event older than the last one applied', async () => {
    const t0 = Date.now() - 10 * HOUR;
    const { owner, withPrice } = await subscribedOwner(
      'order',
      TEST_STRIPE_PRICES['pro:month'],
      new Date(t0),
    );
    // The newer update (an upgrade to Business) arrives first …
    const upgraded = withPrice(TEST_STRIPE_PRICES['business:month']);
    const newer = subscriptionEvent('updated', upgraded, { created: new Date(t0 + 2 * HOUR) });
    expect(await deliverOk(newer)).toBe('applied');
    expect((await billingOf(owner)).subscribedPlan).toBe('business');

    // … then an older one, while Stripe (as the stand-in shows) holds something else again.
    const stale = withPrice(TEST_STRIPE_PRICES['pro:year']);
    const older = subscriptionEvent('updated', stale, { created: new Date(t0 + 1 * HOUR) });
    expect(await deliverOk(older)).toBe('older');
    const billing = await billingOf(owner);
    expect(billing).toMatchObject({ subscribedPlan: 'business', interval: 'month' });
    expect((await subscriptionRow(owner.tid))?.lastEventAt?.getTime()).toBe(
      Math.floor((t0 + 2 * HOUR) / 1000) * 1000,
    );
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const { owner, customer, withPrice } = await subscribedOwner('forged');
    const before = await subscriptionRow(owner.tid);
    const changed = withPrice(TEST_STRIPE_PRICES['business:year']);
    const forged = subscriptionEvent('updated', changed);

    const wrongSecret = await deliver(forged, { secret: 'whsec_not_ours' });
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { error: { code: string } }).error.code).toBe(
      'billing.bad_signature',
    );
    const unsigned = await t.app.request(WEBHOOK, {
      method: 'POST',
      body: JSON.stringify(forged),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    const { body, headers } = signedDelivery(subscriptionEvent('updated', changed));
    headers.set('content-type', 'application/json');
    const tampered = await t.app.request(WEBHOOK, {
      method: 'POST',
      body: body.replace(customer, 'cus_someone_else'),
      headers,
    });
    expect(tampered.status).toBe(400);
    const stale = await deliver(forged, { timestamp: new Date(Date.now() - HOUR) });
    expect(stale.status).toBe(400);

    expect(await eventRows(forged.id as string)).toHaveLength(0);
    expect(await subscriptionRow(owner.tid)).toEqual(before);
    expect((await billingOf(owner)).subscribedPlan).toBe('pro');
  });

  it('checkout and plan changes go to Stripe; its webhook brings the change back', async () => {
    const buyer = await signUpPerson(t, 'checkout');
    standIn.requests.length = 0;
    const res = await buyer.client.post('/api/v1/billing/checkout', {
      plan: 'pro',
      interval: 'year',
    });
    await expectStatus(res, 200);
    expect(((await res.json()) as { url: string }).url).toMatch(
      /^https:\/\/checkout\.stripe\.test\//,
    );
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/checkout/sessions',
      body: {
        mode: 'subscription',
        client_reference_id: buyer.tid,
        customer_email: buyer.email,
        metadata: { accountId: buyer.tid },
        line_items: [{ price: TEST_STRIPE_PRICES['pro:year'] }],
      },
    });

    const { owner, subId } = await subscribedOwner('changer');
    const change = await owner.client.post('/api/v1/billing/change', {
      plan: 'business',
      interval: 'month',
    });
    await expectStatus(change, 200);
    // The answer already shows the change: the subscription was read back from Stripe.
    expect(((await change.json()) as { billing: unknown }).billing).toMatchObject({
      plan: 'business',
      interval: 'month',
    });
    const atStripe = standIn.subscriptions.get(subId)!;
    const items = atStripe.items as { data: Array<{ price: { id: string } }> };
    expect(items.data[0]?.price.id).toBe(TEST_STRIPE_PRICES['business:month']);
    // Stripe's webhook of that change, made before the read-back, finds nothing newer.
    const updated = subscriptionEvent('updated', atStripe, {
      created: new Date(Date.now() - 1000),
    });
    expect(await deliverOk(updated)).toBe('older');
    expect(await billingOf(owner)).toMatchObject({ plan: 'business', interval: 'month' });
    expect(await billingActions(owner.tid)).toContain('billing.plan_changed');
  });

  it('a failed payment makes it past due with a grace period and an e-mail; paying recovers it', async () => {
    const { owner, subId, customer, update } = await subscribedOwner('dunning');
    update({ status: 'past_due' });
    const failedAt = Date.now();
    const failed = invoiceEvent('payment_failed', {
      id: 'in_dunning_1',
      customer,
      subscription: subId,
      amountDue: 4_900,
    });
    expect(await deliverOk(failed)).toBe('applied');

    const pastDue = await billingOf(owner);
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.pastDue).toMatchObject({ amountDue: 4_900, currency: 'usd' });
    const graceEnds = new Date(pastDue.pastDue!.graceEndsAt).getTime();
    expect(graceEnds).toBeGreaterThanOrEqual(failedAt + 7 * DAY - 60_000);
    expect(graceEnds).toBeLessThanOrEqual(Date.now() + 7 * DAY + 60_000);
    expect(pastDue.readOnly).toBe(false);

    const mail = await t.mailTo(owner.email);
    const dunning = mail.filter((m) => m.subject.startsWith('Payment failed for'));
    expect(dunning).toHaveLength(1);
    expect(dunning[0]?.text).toContain('$49');

    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, 'in_dunning_1'));
    expect(invoice).toMatchObject({ accountId: owner.tid, status: 'open', amountDue: 4_900 });

    // The card is updated and the invoice is paid.
    update({ status: 'active' });
    const paid = invoiceEvent(
      'paid',
      { id: 'in_dunning_1', customer, subscription: subId, amountDue: 4_900 },
      { created: new Date(Date.now() + 1_000) },
    );
    expect(await deliverOk(paid)).toBe('applied');
    const recovered = await billingOf(owner);
    expect(recovered).toMatchObject({ status: 'active', pastDue: null, readOnly: false });
    const listed = await owner.client.get('/api/v1/billing/invoices');
    expect(listed.status).toBe(200);
    const { items } = (await listed.json()) as { items: Array<Record<string, unknown>> };
    expect(items).toEqual([
      expect.objectContaining({ status: 'paid', amountDue: 4_900, amountPaid: 4_900 }),
    ]);
    expect(await billingActions(owner.tid)).toEqual(
      expect.arrayContaining(['billing.past_due', 'billing.payment_recovered']),
    );
    // Still one dunning e-mail.
    const after = await t.mailTo(owner.email);
    expect(after.filter((m) => m.subject.startsWith('Payment failed for'))).toHaveLength(1);
  });

  it('customer.subscription.deleted cancels it: the account is on Free', async () => {
    const { owner, update } = await subscribedOwner('leaver');
    const canceled = update({ status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    const deleted = subscriptionEvent('deleted', canceled, {
      created: new Date(Date.now() + 1_000),
    });
    expect(await deliverOk(deleted)).toBe('applied');
    const billing = await billingOf(owner);
    expect(billing).toMatchObject({ status: 'canceled', plan: 'free', hasSubscription: false });
    expect(await billingActions(owner.tid)).toContain('billing.canceled');
  });

  it('an event for a customer nobody knows answers 200 and is recorded as unmatched', async () => {
    const sub = stripeSubscription({ customer: 'cus_stranger' });
    // Not at the stand-in either: Stripe's other customers are none of our business.
    const event = subscriptionEvent('updated', sub);
    expect(await deliverOk(event)).toBe('unmatched');
    expect(await eventRows(event.id as string)).toEqual([
      expect.objectContaining({ outcome: 'unmatched', accountId: null }),
    ]);
    const invoice = invoiceEvent('paid', {
      customer: 'cus_stranger',
      subscription: sub.id as string,
    });
    expect(await deliverOk(invoice)).toBe('unmatched');
  });
});
