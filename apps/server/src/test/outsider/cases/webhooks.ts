import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Webhooks (modules/webhooks): the account's own endpoints, for owners and admins
 * (`webhooks.manage`). Listing and creating act on the caller's own account (`self`; a member
 * is refused with 403, webhooks.test.ts checks it); everything under an endpoint id answers
 * 404 outside the victim account and 403 to its plain member. The world's endpoint and its one
 * delivery come from the test world (ids.webhookId, ids.webhookDeliveryId).
 * webhooks.test.ts reads the rows back after refused calls too.
 */
const one = (w: WorldIds) => `/api/v1/webhooks/${w.webhookId}`;
const ADMINS = ['owner', 'admin'] as const;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/webhooks',
    allow: ['self'],
    request: () => ({ path: '/api/v1/webhooks' }),
  },
  {
    route: 'POST /api/v1/webhooks',
    allow: ['self'],
    request: () => ({
      path: '/api/v1/webhooks',
      // A public address: no DNS lookup needed (the suite runs without WEBHOOK_ALLOW_PRIVATE_URLS).
      json: { url: 'https://93.184.215.14/outsider', events: ['task.created'] },
    }),
  },
  {
    route: 'GET /api/v1/webhooks/{id}',
    allow: ADMINS,
    request: (w) => ({ path: one(w) }),
  },
  {
    route: 'PATCH /api/v1/webhooks/{id}',
    allow: ADMINS,
    request: (w) => ({ path: one(w), json: { description: 'Changed by the suite' } }),
  },
  {
    route: 'DELETE /api/v1/webhooks/{id}',
    allow: ADMINS,
    request: (w) => ({ path: one(w) }),
  },
  {
    route: 'GET /api/v1/webhooks/{id}/secret',
    allow: ADMINS,
    request: (w) => ({ path: `${one(w)}/secret` }),
  },
  {
    route: 'POST /api/v1/webhooks/{id}/secret/rotate',
    allow: ADMINS,
    request: (w) => ({ path: `${one(w)}/secret/rotate`, json: {} }),
  },
  {
    route: 'POST /api/v1/webhooks/{id}/ping',
    allow: ADMINS,
    request: (w) => ({ path: `${one(w)}/ping`, json: {} }),
  },
  {
    route: 'GET /api/v1/webhooks/{id}/deliveries',
    allow: ADMINS,
    request: (w) => ({ path: `${one(w)}/deliveries?limit=5` }),
  },
  {
    route: 'POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    allow: ADMINS,
    request: (w) => ({
      path: `${one(w)}/deliveries/${w.webhookDeliveryId}/redeliver`,
      json: {},
    }),
  },
];
