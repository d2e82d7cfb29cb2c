import { createRoute } from '@hono/zod-openapi';
import {
  BillingSummarySchema,
  ChangePlanInputSchema,
  ChangePlanResultSchema,
  CheckoutInputSchema,
  InvoiceListSchema,
  RedirectSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { applyBillingEvent } from './billing.events.ts';
import {
  changePlan,
  getBillingSummary,
  listInvoices,
  openPortal,
  setCancelAtPeriodEnd,
  startCheckout,
  type BillingDeps,
} from './billing.service.ts';

const tags = ['billing'];
const conflict = errorResponse(
  'No subscription to change (`billing.no_subscription`), one already exists (`billing.already_subscribed`), or the plan is the current one (`common.conflict`)',
);
const providerDown = errorResponse(
  'The payment provider could not be reached (`billing.provider_error`)',
);

const getBillingRoute = createRoute({
  middleware: requireAccount('billing.read'),
  method: 'get',
  path: '/billing',
  tags,
  summary: 'The plan, its status, limits, features and usage (owners and admins)',
  responses: {
    200: json(BillingSummarySchema, 'The subscription'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const invoicesRoute = createRoute({
  middleware: requireAccount('billing.read'),
  method: 'get',
  path: '/billing/invoices',
  tags,
  summary: 'The account’s invoices, newest first (owners and admins)',
  responses: {
    200: json(InvoiceListSchema, 'Invoices'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const checkoutRoute = createRoute({
  middleware: requireAccount('billing.manage'),
  method: 'post',
  path: '/billing/checkout',
  tags,
  summary: 'Buy a paid plan: answers the provider’s checkout page to go to (owners)',
  description:
    'For an account without a paid subscription. Completing the checkout leads to `/checkout-success`, abandoning it to `/checkout-cancel`.',
  request: { body: jsonBody(CheckoutInputSchema) },
  responses: {
    200: json(RedirectSchema, 'Where to send the browser'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict,
    502: providerDown,
  },
});

const changeRoute = createRoute({
  middleware: requireAccount('billing.manage'),
  method: 'post',
  path: '/billing/change',
  tags,
  summary: 'Move the paid subscription to another plan or interval (owners)',
  description:
    'Free cancels at the end of the period paid for. Downgrading below the current usage is allowed: new items of a limit over the plan are refused until the usage fits.',
  request: { body: jsonBody(ChangePlanInputSchema) },
  responses: {
    200: json(ChangePlanResultSchema, 'Upgrade or downgrade, and the new state'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict,
    502: providerDown,
  },
});

const cancelRoute = createRoute({
  middleware: requireAccount('billing.manage'),
  method: 'post',
  path: '/billing/cancel',
  tags,
  summary: 'Cancel at the end of the period paid for (owners)',
  responses: {
    200: json(BillingSummarySchema, 'The subscription'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict,
    502: providerDown,
  },
});

const resumeRoute = createRoute({
  middleware: requireAccount('billing.manage'),
  method: 'post',
  path: '/billing/resume',
  tags,
  summary: 'Take back a cancellation before the period ends (owners)',
  responses: {
    200: json(BillingSummarySchema, 'The subscription'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict,
    502: providerDown,
  },
});

const portalRoute = createRoute({
  middleware: requireAccount('billing.manage'),
  method: 'post',
  path: '/billing/portal',
  tags,
  summary: 'The provider’s page for the payment method and invoices (owners)',
  responses: {
    200: json(RedirectSchema, 'Where to send the browser'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict,
    502: providerDown,
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/billing/webhooks/stripe',
  tags,
  summary: 'Stripe’s webhook (signed; not for people)',
  description:
    'Verified with the `stripe-signature` header on the raw body (400 `billing.bad_signature` otherwise). Each event id is applied once; an event older than the last applied never moves the subscription back.',
  responses: {
    200: { description: 'Received' },
    400: errorResponses[400],
  },
});

function billingDeps(c: Context<AppEnv>): BillingDeps {
  const { db, billing, config, mailer, logger } = c.var.deps;
  return { db, provider: billing, publicUrl: config.publicUrl, mailer, logger };
}

export const billingRoutes = createRouter()
  .openapi(getBillingRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getBillingSummary(billingDeps(c), getAccount(c)), 200);
  })
  .openapi(invoicesRoute, async (c) =>
    c.json({ items: await listInvoices(c.var.deps.db, getAccount(c)) }, 200),
  )
  .openapi(checkoutRoute, async (c) =>
    c.json(await startCheckout(billingDeps(c), getAccount(c), c.req.valid('json')), 200),
  )
  .openapi(changeRoute, async (c) =>
    c.json(await changePlan(billingDeps(c), getAccount(c), c.req.valid('json')), 200),
  )
  .openapi(cancelRoute, async (c) =>
    c.json(await setCancelAtPeriodEnd(billingDeps(c), getAccount(c), true), 200),
  )
  .openapi(resumeRoute, async (c) =>
    c.json(await setCancelAtPeriodEnd(billingDeps(c), getAccount(c), false), 200),
  )
  .openapi(portalRoute, async (c) => c.json(await openPortal(billingDeps(c), getAccount(c)), 200))
  .openapi(webhookRoute, async (c) => {
    const { deps } = c.var;
    const raw = await c.req.text();
    const event = deps.billing.verifyWebhook(raw, c.req.raw.headers);
    const outcome = await applyBillingEvent(billingDeps(c), event);
    return c.json({ received: true, outcome }, 200);
  });
