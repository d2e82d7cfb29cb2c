/**
 * The sandbox provider's own pages (docs/billing.md, "Sandbox"): the hosted checkout a browser
 * is sent to, and the customer portal. Plain server-rendered HTML outside the app, as a payment
 * provider's pages are; every form posts back here and the answer redirects. Only the owners of
 * the checkout's account reach them; served only while BILLING_PROVIDER is `sandbox`.
 */
import {
  PLANS,
  PLAN_LIMIT_LABELS,
  formatMoney,
  type BillingInterval,
  type PlanId,
  type PlanLimitKey,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/mail/layout.ts';
import type { SandboxProvider } from './providers/sandbox.ts';

function sandboxOf(c: Context<AppEnv>): SandboxProvider {
  const provider = c.var.deps.billing;
  if (provider.name !== 'sandbox') throw notFound();
  return provider as SandboxProvider;
}

const STYLE = `
  body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529;margin:0}
  main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{font-size:1.35rem;margin:0 0 .25rem}
  .tag{display:inline-block;font-size:.75rem;background:#fff3bf;color:#5c3c00;border-radius:4px;padding:.1rem .45rem;margin-bottom:1rem}
  .price{font-size:2rem;font-weight:700;margin:.75rem 0 0}
  .muted{color:#495057;font-size:.9rem}
  ul{padding-left:1.2rem}
  form{display:inline}
  button{font:inherit;border:0;border-radius:4px;padding:.6rem 1.1rem;cursor:pointer;margin:.25rem .5rem .25rem 0}
  .primary{background:#1971c2;color:#fff}.secondary{background:#e9ecef;color:#212529}.danger{background:#c92a2a;color:#fff}
  button:focus-visible,a:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
  a{color:#1864ab}
  @media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} · Sandbox payments</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const perInterval = (plan: PlanId, interval: BillingInterval) =>
  `${formatMoney(PLANS[plan].prices[interval])} / ${interval}`;

const day = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Only same-app addresses may be returned to from the portal. */
function safeReturn(c: Context<AppEnv>, value: string | undefined): string {
  const base = c.var.deps.config.publicUrl;
  if (!value) return `${base}/admin/billing`;
  try {
    const url = new URL(value, base);
    return url.origin === new URL(base).origin ? url.toString() : `${base}/admin/billing`;
  } catch {
    return `${base}/admin/billing`;
  }
}

const manage = requireAccount('billing.manage');

/** The paid plans and intervals the portal offers. */
const PAID_CHOICES: Array<[Exclude<PlanId, 'free'>, BillingInterval]> = [
  ['pro', 'month'],
  ['pro', 'year'],
  ['business', 'month'],
  ['business', 'year'],
];

async function portalCancel(c: Context<AppEnv>, cancel: boolean) {
  const provider = sandboxOf(c);
  const sub = await provider.subscriptionOf(getAccount(c).accountId);
  if (!sub) throw notFound();
  await provider.setCancelAtPeriodEnd(sub.id, cancel);
  return c.redirect(safeReturn(c, c.req.query('return')), 303);
}

export const sandboxRoutes = new Hono<AppEnv>()
  // The pages' forms post back here: with the app's `no-referrer` a browser sends `Origin: null`
  // and the CSRF check refuses them, so these pages tell our own origin (and nobody else's).
  .use('/sandbox/*', async (c, next) => {
    await next();
    c.header('referrer-policy', 'same-origin');
  })
  .get('/sandbox/billing/checkout/:id', manage, async (c) => {
    const checkout = await sandboxOf(c).checkout(c.req.param('id'), getAccount(c).accountId);
    const plan = PLANS[checkout.plan];
    const action = `/sandbox/billing/checkout/${encodeURIComponent(checkout.id)}`;
    return c.html(
      page(
        `Checkout: ${plan.name}`,
        `<span class="tag">Sandbox: no money moves</span>
        <h1>Subscribe to Tenantry ${escapeHtml(plan.name)}</h1>
        <p class="muted">Billed ${checkout.interval === 'year' ? 'yearly' : 'monthly'} to ${escapeHtml(getAccount(c).email)}</p>
        <p class="price">${escapeHtml(perInterval(checkout.plan, checkout.interval))}</p>
        <ul class="muted">${Object.entries(plan.limits)
          .map(
            ([k, v]) =>
              `<li>${escapeHtml(PLAN_LIMIT_LABELS[k as PlanLimitKey])}: ${v === null ? 'unlimited' : v}</li>`,
          )
          .join('')}</ul>
        <form method="post" action="${action}/complete"><button class="primary" type="submit">Pay ${escapeHtml(formatMoney(plan.prices[checkout.interval]))}</button></form>
        <form method="post" action="${action}/cancel"><button class="secondary" type="submit">Cancel and go back</button></form>`,
      ),
    );
  })
  .post('/sandbox/billing/checkout/:id/complete', manage, async (c) =>
    c.redirect(
      await sandboxOf(c).completeCheckout(c.req.param('id'), getAccount(c).accountId),
      303,
    ),
  )
  .post('/sandbox/billing/checkout/:id/cancel', manage, async (c) =>
    c.redirect(await sandboxOf(c).cancelCheckout(c.req.param('id'), getAccount(c).accountId), 303),
  )
  .get('/sandbox/billing/portal', manage, async (c) => {
    const back = safeReturn(c, c.req.query('return'));
    const sub = await sandboxOf(c).subscriptionOf(getAccount(c).accountId);
    const q = `?return=${encodeURIComponent(back)}`;
    const body = sub
      ? `<h1>Tenantry ${escapeHtml(PLANS[sub.plan].name)}</h1>
        <p class="muted">${escapeHtml(perInterval(sub.plan, sub.interval))} · ${
          sub.status === 'past_due'
            ? '<strong>Payment failed</strong>: the invoice is open'
            : sub.cancelAtPeriodEnd
              ? `Ends on ${day(sub.currentPeriodEnd)}`
              : `Renews on ${day(sub.currentPeriodEnd)}`
        }</p>
        <h2 style="font-size:1rem">Payment method</h2>
        <p class="muted">Sandbox card ending 4242.</p>
        <form method="post" action="/sandbox/billing/portal/pay${q}"><button class="primary" type="submit">${
          sub.status === 'past_due' ? 'Update payment method and pay' : 'Pay the next period now'
        }</button></form>
        <form method="post" action="/sandbox/billing/portal/fail${q}"><button class="danger" type="submit">Simulate a failed payment</button></form>
        <h2 style="font-size:1rem">Plan</h2>
        <form method="post" action="/sandbox/billing/portal/plan${q}">
          <label class="muted" for="plan">Change to</label>
          <select id="plan" name="plan">${PAID_CHOICES.filter(
            ([plan, interval]) => plan !== sub.plan || interval !== sub.interval,
          )
            .map(
              ([plan, interval]) =>
                `<option value="${plan}:${interval}">${escapeHtml(PLANS[plan].name)}, ${escapeHtml(perInterval(plan, interval))}</option>`,
            )
            .join('')}</select>
          <button class="secondary" type="submit">Change plan</button>
        </form>
        <form method="post" action="/sandbox/billing/portal/${sub.cancelAtPeriodEnd ? 'resume' : 'cancel'}${q}"><button class="secondary" type="submit">${
          sub.cancelAtPeriodEnd ? 'Keep the subscription' : 'Cancel at the end of the period'
        }</button></form>`
      : `<h1>No subscription</h1><p class="muted">This account has no paid subscription in the sandbox.</p>`;
    return c.html(
      page(
        'Billing portal',
        `<span class="tag">Sandbox: no money moves</span>${body}<p><a href="${escapeHtml(back)}">Back to Tenantry</a></p>`,
      ),
    );
  })
  .post('/sandbox/billing/portal/pay', manage, async (c) => {
    await sandboxOf(c).pay(getAccount(c).accountId);
    return c.redirect(safeReturn(c, c.req.query('return')), 303);
  })
  .post('/sandbox/billing/portal/plan', manage, async (c) => {
    const provider = sandboxOf(c);
    const sub = await provider.subscriptionOf(getAccount(c).accountId);
    const form = await c.req.parseBody();
    const choice = PAID_CHOICES.find(([p, i]) => `${p}:${i}` === form.plan);
    if (!sub || !choice) throw notFound();
    await provider.changePlan(sub.id, choice[0], choice[1]);
    return c.redirect(safeReturn(c, c.req.query('return')), 303);
  })
  .post('/sandbox/billing/portal/cancel', manage, async (c) => portalCancel(c, true))
  .post('/sandbox/billing/portal/resume', manage, async (c) => portalCancel(c, false))
  .post('/sandbox/billing/portal/fail', manage, async (c) => {
    await sandboxOf(c).failPayment(getAccount(c).accountId);
    return c.redirect(safeReturn(c, c.req.query('return')), 303);
  });
