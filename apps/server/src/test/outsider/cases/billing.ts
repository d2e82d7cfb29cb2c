import type { OutsiderCase } from '../types.ts';

/*
 * Billing (modules/billing): owners and admins read the plan and invoices; only owners buy,
 * change, cancel or reach the payment method. The victim account is on its trial, so the
 * routes that need a paid subscription have no 2xx control here: billing.test.ts runs them
 * for an owner after a sandbox checkout.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/billing',
    allow: ['self'], // each their own account's (billing.read: owners and admins)
    request: () => ({ path: '/api/v1/billing' }),
  },
  {
    route: 'GET /api/v1/billing/invoices',
    allow: ['self'], // each their own account's (billing.read: owners and admins)
    request: () => ({ path: '/api/v1/billing/invoices' }),
  },
  {
    // Opens a sandbox checkout page (a row of the sandbox provider), changes no subscription.
    route: 'POST /api/v1/billing/checkout',
    allow: ['self'], // each their own account's (billing.manage: owners)
    request: () => ({ path: '/api/v1/billing/checkout', json: { plan: 'pro', interval: 'month' } }),
  },
  {
    // Needs a paid subscription (the owner gets 409 here): billing.test.ts covers the 2xx.
    route: 'POST /api/v1/billing/change',
    allow: ['self'], // each their own account's (billing.manage: owners)
    control: 'none',
    request: () => ({
      path: '/api/v1/billing/change',
      json: { plan: 'business', interval: 'month' },
    }),
  },
  {
    // Needs a paid subscription: billing.test.ts covers the 2xx.
    route: 'POST /api/v1/billing/cancel',
    allow: ['self'], // each their own account's (billing.manage: owners)
    control: 'none',
    request: () => ({ path: '/api/v1/billing/cancel', json: {} }),
  },
  {
    // Needs a paid subscription: billing.test.ts covers the 2xx.
    route: 'POST /api/v1/billing/resume',
    allow: ['self'], // each their own account's (billing.manage: owners)
    control: 'none',
    request: () => ({ path: '/api/v1/billing/resume', json: {} }),
  },
  {
    // Needs a customer at the provider: billing.test.ts covers the 2xx.
    route: 'POST /api/v1/billing/portal',
    allow: ['self'], // each their own account's (billing.manage: owners)
    control: 'none',
    request: () => ({ path: '/api/v1/billing/portal', json: {} }),
  },
  {
    // Stripe's webhook: open to the network but refused (400) without a valid signature, so
    // nobody can move a subscription; the signed path is in billing.webhook.test.ts.
    route: 'POST /api/v1/billing/webhooks/stripe',
    allow: ['public'],
    mutates: false,
    control: 'none',
    request: () => ({
      path: '/api/v1/billing/webhooks/stripe',
      json: { id: 'evt_outsider', type: 'customer.subscription.updated' },
    }),
  },
];
