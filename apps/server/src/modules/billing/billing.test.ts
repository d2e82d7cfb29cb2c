import { BillingSummarySchema, InvoiceListSchema, type BillingSummary } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  billingEvents,
  invoices,
  subscriptions,
  tenants,
} from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { publishPrivateFramework } from '../../test/frameworks.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, signUpPerson, type Person } from '../../test/people.ts';
import { runCliCommand } from '../users/users.cli.ts';
import { applyBillingEvent } from './billing.events.ts';
import { sendDueDunning } from './dunning.ts';

let t: TestApp;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

async function billing(p: Person): Promise<BillingSummary> {
  return BillingSummarySchema.parse(await ok(p.client.get('/api/v1/billing')));
}

/** The account's first trial ends: it falls back to Free. */
async function endTrial(p: Person) {
  await t.database.db
    .update(accounts)
    .set({ createdAt: new Date(Date.now() - 15 * DAY) })
    .where(eq(accounts.id, p.tid));
}

async function tenantCount(p: Person): Promise<number> {
  const rows = await t.database.db.select().from(tenants).where(eq(tenants.accountId, p.tid));
  return rows.length;
}

const createTenant = (p: Person, name: string) => p.client.post('/api/v1/tenants', { name });

/** Buys `plan` through the sandbox checkout page as the owner; answers where it led. */
async function buy(p: Person, plan: 'pro' | 'business' = 'pro', interval = 'month') {
  const { url } = await ok<{ url: string }>(
    p.client.post('/api/v1/billing/checkout', { plan, interval }),
  );
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/sandbox\/billing\/checkout\/cs_sbx_/);
  const page = await p.client.get(path);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Pay');
  const done = await p.client.request(`${path}/complete`, { method: 'POST' });
  expect(done.status).toBe(303);
  return { path, location: done.headers.get('location') };
}

describe('a new account', () => {
  it('starts on a 14-day trial of Pro, readable by owners and admins, not members', async () => {
    const owner = await signUpPerson(t, 'trial-owner');
    const b = await billing(owner);
    expect(b).toMatchObject({
      plan: 'pro',
      status: 'trialing',
      hasSubscription: false,
      canManage: true,
      usage: { seats: 1, tenants: 0, activeAssessments: 0 },
      atLimit: [],
      pastDue: null,
      readOnly: false,
    });
    const left = Date.parse(b.trialEndsAt!) - Date.now();
    expect(left).toBeGreaterThan(13.9 * DAY);
    expect(left).toBeLessThanOrEqual(14 * DAY);
    const admin = await addMember(t, owner, 'admin');
    expect((await billing(admin)).canManage).toBe(false);
    const member = await addMember(t, owner, 'member');
    expect((await member.client.get('/api/v1/billing')).status).toBe(403);
    expect((await member.client.get('/api/v1/billing/invoices')).status).toBe(403);
    // Only owners buy or change the plan.
    for (const who of [admin, member]) {
      const res = await who.client.post('/api/v1/billing/checkout', {
        plan: 'pro',
        interval: 'month',
      });
      expect(res.status).toBe(403);
    }
  });

  it('falls back to Free when the trial ends, and Free’s limits hold at the point of use', async () => {
    const owner = await signUpPerson(t, 'free-owner');
    const frameworkId = await publishPrivateFramework(owner.client);
    await endTrial(owner);
    const b = await billing(owner);
    expect(b).toMatchObject({ plan: 'free', status: 'active', trialEndsAt: null });
    for (const n of [1, 2, 3]) {
      await ok(createTenant(owner, `Client ${n}`), 201);
    }
    const refused = await createTenant(owner, 'Client 4');
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as {
      error: { code: string; details: unknown; message: string };
    };
    expect(body.error.code).toBe('billing.limit_reached');
    expect(body.error.details).toEqual({ limit: 'tenants', allowed: 3, used: 3, plan: 'free' });
    expect(body.error.message).toMatch(/Free plan includes 3 client tenants/);
    expect(await tenantCount(owner)).toBe(3);
    expect((await billing(owner)).atLimit).toContain('tenants');

    // Features: sharing and private content are not part of Free.
    const [first] = await t.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.accountId, owner.tid));
    const share = await owner.client.post(`/api/v1/tenants/${first!.id}/shares`, {
      email: uniqueEmail('guest'),
      role: 'viewer',
    });
    expect(share.status).toBe(402);
    expect(await share.clone().json()).toMatchObject({
      error: { code: 'billing.feature_locked', details: { feature: 'sharing', plan: 'free' } },
    });
    const framework = await owner.client.post('/api/v1/content/frameworks', {
      scope: 'private',
      key: 'mine',
      name: 'Mine',
    });
    expect([402, 400]).toContain(framework.status);
    if (framework.status === 402) expect(await errorCode(framework)).toBe('billing.feature_locked');

    // Active assessments: three on Free (the framework was published during the trial).
    const base = `/api/v1/tenants/${first!.id}/assessments`;
    for (const n of [1, 2, 3]) {
      await ok(owner.client.post(base, { frameworkId, version: 1, name: `A${n}` }), 201);
    }
    const fourth = await owner.client.post(base, { frameworkId, version: 1, name: 'A4' });
    expect(fourth.status).toBe(402);
    expect(await fourth.json()).toMatchObject({
      error: { details: { limit: 'activeAssessments', allowed: 3, used: 3 } },
    });

    // Seats: two on Free — the owner and one invitation.
    await ok(
      owner.client.post('/api/v1/invitations', { email: uniqueEmail('m'), role: 'member' }),
      201,
    );
    const more = await owner.client.post('/api/v1/invitations', {
      email: uniqueEmail('m'),
      role: 'member',
    });
    expect(more.status).toBe(402);
    expect(await more.json()).toMatchObject({ error: { details: { limit: 'seats', allowed: 2 } } });
  });

  it('the operator command end-trial puts an owner’s account on Free now, once', async () => {
    const owner = await signUpPerson(t, 'cli-trial');
    const done = await runCliCommand(t.database.db, ['end-trial', owner.email.toUpperCase()]);
    expect(done.exitCode, done.output).toBe(0);
    expect(await billing(owner)).toMatchObject({ plan: 'free', status: 'active' });
    const again = await runCliCommand(t.database.db, ['end-trial', owner.email]);
    expect(again).toMatchObject({ exitCode: 1, output: 'That account is not on a trial.' });
    expect((await runCliCommand(t.database.db, ['end-trial', 'nobody@example.com'])).exitCode).toBe(
      1,
    );
    // A purchase afterwards works as from any Free account.
    await buy(owner, 'pro');
    expect(await billing(owner)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('counts two concurrent creations against the limit: only one passes at the last place', async () => {
    const owner = await signUpPerson(t, 'race-owner');
    await endTrial(owner);
    await ok(createTenant(owner, 'One'), 201);
    await ok(createTenant(owner, 'Two'), 201);
    const results = await Promise.all([1, 2, 3, 4].map((n) => createTenant(owner, `Racer ${n}`)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 402, 402, 402]);
    expect(await tenantCount(owner)).toBe(3);
  });
});

describe('buying and changing a plan on the sandbox provider', () => {
  it('checks out, lands on /checkout-success, and the plan applies at once', async () => {
    const owner = await signUpPerson(t, 'buyer');
    await endTrial(owner);
    for (const n of [1, 2, 3]) await ok(createTenant(owner, `C${n}`), 201);
    expect((await createTenant(owner, 'C4')).status).toBe(402);

    const { path, location } = await buy(owner);
    expect(location).toBe('http://localhost:3000/checkout-success');
    const b = await billing(owner);
    expect(b).toMatchObject({
      plan: 'pro',
      subscribedPlan: 'pro',
      status: 'active',
      interval: 'month',
      hasSubscription: true,
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(b.currentPeriodEnd!)).toBeGreaterThan(Date.now() + 27 * DAY);
    await ok(createTenant(owner, 'C4'), 201);

    const list = InvoiceListSchema.parse(await ok(owner.client.get('/api/v1/billing/invoices')));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: 'paid', amountPaid: 4900, currency: 'usd' });

    // "Pay" twice (a double click, the back button) changes nothing more.
    const again = await owner.client.request(`${path}/complete`, { method: 'POST' });
    expect(again.status).toBe(303);
    const rows = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.accountId, owner.tid));
    expect(rows).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'billing.subscribed')));
    expect(audit).toHaveLength(1);

    // A second purchase is refused: the plan is changed instead.
    const second = await owner.client.post('/api/v1/billing/checkout', {
      plan: 'business',
      interval: 'month',
    });
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe('billing.already_subscribed');
  });

  it('an abandoned checkout leads to /checkout-cancel and changes nothing', async () => {
    const owner = await signUpPerson(t, 'abandon');
    const { url } = await ok<{ url: string }>(
      owner.client.post('/api/v1/billing/checkout', { plan: 'business', interval: 'year' }),
    );
    const path = new URL(url).pathname;
    const res = await owner.client.request(`${path}/cancel`, { method: 'POST' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/checkout-cancel');
    expect(await billing(owner)).toMatchObject({ plan: 'pro', status: 'trialing' });
    // The page is gone once used.
    expect((await owner.client.get(path)).status).toBe(404);
  });

  it('another account cannot open, pay or cancel a checkout', async () => {
    const owner = await signUpPerson(t, 'co-owner');
    const other = await signUpPerson(t, 'co-other');
    const { url } = await ok<{ url: string }>(
      owner.client.post('/api/v1/billing/checkout', { plan: 'pro', interval: 'month' }),
    );
    const path = new URL(url).pathname;
    expect((await other.client.get(path)).status).toBe(404);
    expect((await other.client.request(`${path}/complete`, { method: 'POST' })).status).toBe(404);
    expect((await other.client.request(`${path}/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await billing(other)).hasSubscription).toBe(false);
    expect((await billing(owner)).hasSubscription).toBe(false);
    // Signed out: refused.
    expect((await t.client().get(path)).status).toBe(401);
  });

  it('a browser navigating to a checkout it cannot open gets a page, never JSON', async () => {
    const owner = await signUpPerson(t, 'nav-owner');
    const other = await signUpPerson(t, 'nav-other');
    const { url } = await ok<{ url: string }>(
      owner.client.post('/api/v1/billing/checkout', { plan: 'pro', interval: 'month' }),
    );
    const path = new URL(url).pathname;
    const navigate = { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } };
    // Signed out (another host than PUBLIC_URL carries no session cookie): sign in first.
    const signedOut = await t.client().get(path, navigate);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await signedOut.text();
    expect(page).toContain('<h1>Please sign in first</h1>');
    expect(page).toContain('href="/signin"');
    // Another account's checkout: not found, as a page.
    const foreign = await other.client.get(path, navigate);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain('<h1>Page not found</h1>');
    // An unknown API address navigated to (a stale download link): a page too.
    const unknown = await t.client().get('/api/v1/nowhere', navigate);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    // fetch() keeps the one JSON error shape.
    const fetched = await t.client().get(path, { headers: { 'sec-fetch-mode': 'cors' } });
    expect(fetched.status).toBe(401);
    expect(((await fetched.json()) as { error: { code: string } }).error.code).toBeTruthy();
  });

  it('an account never sees another account’s invoices or subscription', async () => {
    const payer = await signUpPerson(t, 'payer');
    const other = await signUpPerson(t, 'payer-other');
    await buy(payer, 'business', 'year');
    const mine = InvoiceListSchema.parse(await ok(payer.client.get('/api/v1/billing/invoices')));
    expect(mine.items).toHaveLength(1);
    const theirs = InvoiceListSchema.parse(await ok(other.client.get('/api/v1/billing/invoices')));
    expect(theirs.items).toEqual([]);
    expect(await billing(other)).toMatchObject({ plan: 'pro', status: 'trialing' });
    // The sandbox portal acts on the caller's own account only: nothing of the payer's moves.
    const fail = await other.client.request('/sandbox/billing/portal/fail', { method: 'POST' });
    expect(fail.status).toBe(409);
    expect(await errorCode(fail)).toBe('billing.no_subscription');
    expect((await billing(payer)).status).toBe('active');
  });

  it('upgrades, downgrades, cancels at the period end and resumes', async () => {
    const owner = await signUpPerson(t, 'changer');
    await buy(owner, 'pro');
    const up = await ok<{ kind: string; billing: BillingSummary }>(
      owner.client.post('/api/v1/billing/change', { plan: 'business', interval: 'month' }),
    );
    expect(up.kind).toBe('upgrade');
    expect(up.billing.plan).toBe('business');
    const yearly = await ok<{ kind: string }>(
      owner.client.post('/api/v1/billing/change', { plan: 'business', interval: 'year' }),
    );
    expect(yearly.kind).toBe('upgrade');
    const down = await ok<{ kind: string; billing: BillingSummary }>(
      owner.client.post('/api/v1/billing/change', { plan: 'pro', interval: 'year' }),
    );
    expect(down.kind).toBe('downgrade');
    expect(down.billing).toMatchObject({ plan: 'pro', interval: 'year' });
    const same = await owner.client.post('/api/v1/billing/change', {
      plan: 'pro',
      interval: 'year',
    });
    expect(same.status).toBe(409);

    const toFree = await ok<{ kind: string; billing: BillingSummary }>(
      owner.client.post('/api/v1/billing/change', { plan: 'free', interval: 'month' }),
    );
    expect(toFree.kind).toBe('downgrade');
    expect(toFree.billing).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    const resumed = BillingSummarySchema.parse(
      await ok(owner.client.post('/api/v1/billing/resume', {})),
    );
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    const canceled = BillingSummarySchema.parse(
      await ok(owner.client.post('/api/v1/billing/cancel', {})),
    );
    expect(canceled.cancelAtPeriodEnd).toBe(true);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.accountId, owner.tid))
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'billing.plan_changed')).toHaveLength(3);
    expect(actions.filter((a) => a === 'billing.canceled')).toHaveLength(2);
    expect(actions.filter((a) => a === 'billing.resumed')).toHaveLength(1);
  });

  it('the sandbox portal changes the plan, cancels and keeps the subscription', async () => {
    const owner = await signUpPerson(t, 'portal');
    await buy(owner, 'pro');
    const { url } = await ok<{ url: string }>(owner.client.post('/api/v1/billing/portal', {}));
    const portal = new URL(url);
    const page = await owner.client.get(`${portal.pathname}${portal.search}`);
    expect(await page.text()).toContain('Change plan');
    const form = (body: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const change = await owner.client.request(
      '/sandbox/billing/portal/plan',
      form('plan=business%3Ayear'),
    );
    expect(change.status).toBe(303);
    expect(await billing(owner)).toMatchObject({ plan: 'business', interval: 'year' });
    const bogus = await owner.client.request(
      '/sandbox/billing/portal/plan',
      form('plan=free%3Amonth'),
    );
    expect(bogus.status).toBe(404);
    await owner.client.request('/sandbox/billing/portal/cancel', { method: 'POST' });
    expect((await billing(owner)).cancelAtPeriodEnd).toBe(true);
    await owner.client.request('/sandbox/billing/portal/resume', { method: 'POST' });
    expect((await billing(owner)).cancelAtPeriodEnd).toBe(false);
  });

  it('a downgrade below the usage is allowed, then blocks new items until the usage fits', async () => {
    const owner = await signUpPerson(t, 'over');
    await buy(owner, 'pro');
    for (const n of [1, 2, 3, 4, 5]) await ok(createTenant(owner, `T${n}`), 201);
    await ok(owner.client.post('/api/v1/billing/change', { plan: 'free', interval: 'month' }));
    // The period paid for runs out.
    await t.database.db.execute(
      sql`update sandbox_subscriptions set current_period_end = now() - interval '1 minute' where account_id = ${owner.tid}`,
    );
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.accountId, owner.tid));
    const b = await billing(owner);
    expect(b).toMatchObject({ plan: 'free', status: 'canceled', usage: { tenants: 5 } });
    expect(b.atLimit).toContain('tenants');
    expect((await createTenant(owner, 'T6')).status).toBe(402);
    // Everything already there stays readable and usable.
    expect((await owner.client.get('/api/v1/tenants')).status).toBe(200);
    // After a new purchase it fits again.
    await buy(owner, 'pro');
    await ok(createTenant(owner, 'T6'), 201);
  });
});

describe('past due', () => {
  it('keeps access during grace with the amount and date, e-mails the owners, then turns read-only, never deleting', async () => {
    const owner = await signUpPerson(t, 'late');
    await buy(owner, 'pro');
    const tenant = await ok<{ id: string }>(createTenant(owner, 'Kept'), 201);
    const fail = await owner.client.request('/sandbox/billing/portal/fail?return=/admin/billing', {
      method: 'POST',
    });
    expect(fail.status).toBe(303);
    expect(fail.headers.get('location')).toBe('http://localhost:3000/admin/billing');
    const b = await billing(owner);
    expect(b.status).toBe('past_due');
    expect(b.pastDue).toMatchObject({ amountDue: 4900, currency: 'usd' });
    const grace = Date.parse(b.pastDue!.graceEndsAt) - Date.now();
    expect(grace).toBeGreaterThan(6.9 * DAY);
    expect(b.readOnly).toBe(false);
    const mails = await t.mailTo(owner.email);
    expect(mails.filter((m) => m.subject.startsWith('Payment failed'))).toHaveLength(1);
    // Still working during grace.
    await ok(createTenant(owner, 'During grace'), 201);

    // Three days before the end: one reminder.
    await t.database.db
      .update(subscriptions)
      .set({ graceEndsAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(subscriptions.accountId, owner.tid));
    const ctx = { db: t.database.db, mailer: t.deps.mailer, publicUrl: 'http://localhost:3000' };
    expect(await sendDueDunning(ctx)).toBeGreaterThanOrEqual(1);
    const reminders = (await t.mailTo(owner.email)).filter((m) =>
      /becomes read-only/.test(m.subject),
    );
    expect(reminders).toHaveLength(1);

    // Grace over: read-only.
    await t.database.db
      .update(subscriptions)
      .set({ graceEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.accountId, owner.tid));
    expect((await billing(owner)).readOnly).toBe(true);
    await sendDueDunning(ctx);
    await sendDueDunning(ctx);
    const ended = (await t.mailTo(owner.email)).filter((m) => /is read-only until/.test(m.subject));
    expect(ended).toHaveLength(1);
    const write = await createTenant(owner, 'Refused');
    expect(write.status).toBe(402);
    expect(await errorCode(write)).toBe('billing.read_only');
    const rename = await owner.client.request(`/api/v1/tenants/${tenant.id}`, {
      method: 'PATCH',
      json: { name: 'Renamed' },
    });
    expect(rename.status).toBe(402);
    // Reads work; nothing was deleted.
    expect((await owner.client.get(`/api/v1/tenants/${tenant.id}`)).status).toBe(200);
    expect(await tenantCount(owner)).toBe(2);
    // The owner can still reach billing and pay their way out.
    await ok(owner.client.post('/api/v1/billing/portal', {}));
    const pay = await owner.client.request('/sandbox/billing/portal/pay', { method: 'POST' });
    expect(pay.status).toBe(303);
    const after = await billing(owner);
    expect(after).toMatchObject({ status: 'active', pastDue: null, readOnly: false });
    await ok(createTenant(owner, 'Back'), 201);
    const list = InvoiceListSchema.parse(await ok(owner.client.get('/api/v1/billing/invoices')));
    expect(list.items.map((i) => i.status)).toEqual(['paid', 'paid']);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.accountId, owner.tid))
    ).map((a) => a.action);
    expect(actions).toContain('billing.past_due');
    expect(actions).toContain('billing.payment_recovered');
  });
});

describe('provider events', () => {
  it('applies an event once, ignores older ones, and refuses unsigned webhooks', async () => {
    const owner = await signUpPerson(t, 'events');
    await buy(owner, 'pro');
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, owner.tid));
    const ctx = {
      db: t.database.db,
      provider: t.deps.billing,
      mailer: t.deps.mailer,
      publicUrl: 'http://localhost:3000',
      logger: t.deps.logger,
    };
    const event = {
      id: 'evt_test_replay',
      type: 'customer.subscription.updated',
      created: new Date(),
      subscriptionId: sub!.providerSubscriptionId,
      customerId: sub!.customerId,
      accountId: owner.tid,
      invoice: null,
    };
    expect(await applyBillingEvent(ctx, event)).toBe('applied');
    expect(await applyBillingEvent(ctx, event)).toBe('duplicate');
    const older = { ...event, id: 'evt_test_older', created: new Date(Date.now() - DAY) };
    expect(await applyBillingEvent(ctx, older)).toBe('older');
    const stray = {
      ...event,
      id: 'evt_test_stray',
      subscriptionId: null,
      customerId: 'cus_x',
      accountId: null,
    };
    expect(await applyBillingEvent(ctx, stray)).toBe('unmatched');
    const rows = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'evt_test_replay'));
    expect(rows).toHaveLength(1);

    const hook = await t.client().request('/api/v1/billing/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      body: JSON.stringify({ id: 'evt_forged', type: 'invoice.paid' }),
    });
    expect(hook.status).toBe(400);
    expect(await errorCode(hook)).toBe('billing.bad_signature');
  });
});
