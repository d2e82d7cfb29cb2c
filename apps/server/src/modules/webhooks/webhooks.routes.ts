import { createRoute } from '@hono/zod-openapi';
import {
  CreateWebhookSchema,
  IdParamsSchema,
  UpdateWebhookSchema,
  WEBHOOK_LIMITS,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookSecretSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import {
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  sessionOrApiKey,
} from '../../lib/openapi.ts';
import { nudgeDispatch } from './webhooks.dispatch.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  redeliver,
  revealSecret,
  rotateSecret,
  updateWebhook,
  type WebhookUrlPolicy,
} from './webhooks.service.ts';

/** Webhooks (docs/webhooks.md): owners and admins manage the account's endpoints. */
const TAGS = ['webhooks'];
const ONE = '/webhooks/{id}';
/** The one guard of every route here (the single call to extend, e.g. for API keys). */
/** Also open to API keys with `webhooks:manage` (docs/developer.md). */
const manage = requireAccount('webhooks.manage', { apiKey: 'webhooks:manage' });
const security = sessionOrApiKey('webhooks:manage');
const noStore = { 'cache-control': 'no-store' };

const guarded = { 401: errorResponses[401], 403: errorResponses[403] };
const notFound = errorResponse(
  'No such endpoint in your account (`webhooks.not_found`): another account’s is not found either',
);
const planLocked = errorResponses[402];
const urlRefused = errorResponse(
  'Invalid input (`common.validation` with `fields`), or a URL that is not allowed (`webhooks.url_not_allowed` on `url`: not https, or a host of a private address)',
);

const policy = (c: Context<AppEnv>): WebhookUrlPolicy => ({
  allowPrivateUrls: c.var.deps.config.webhookAllowPrivateUrls ?? false,
});
const nudge = (c: Context<AppEnv>) => () => nudgeDispatch(c.var.deps.jobs, c.var.log);

const listRoute = createRoute({
  middleware: manage,
  security,
  method: 'get',
  path: '/webhooks',
  tags: TAGS,
  summary: 'The account’s webhook endpoints, newest first (never their secrets)',
  responses: { 200: json(WebhookListSchema, 'The endpoints'), ...guarded },
});

const createWebhookRoute = createRoute({
  middleware: manage,
  security,
  method: 'post',
  path: '/webhooks',
  tags: TAGS,
  summary: 'Add an endpoint: URL, description, events; a signing secret is made for it',
  description: `On a plan with the developer API (402 \`billing.feature_locked\` otherwise). At most ${WEBHOOK_LIMITS.perAccount} endpoints (409 \`webhooks.too_many\`). The URL must be https and its host must resolve to public addresses only.`,
  request: { body: jsonBody(CreateWebhookSchema) },
  responses: {
    201: json(WebhookSchema, 'The endpoint'),
    400: urlRefused,
    ...guarded,
    402: planLocked,
    409: errorResponse('The account has the most endpoints it may have (`webhooks.too_many`)'),
  },
});

const getRoute = createRoute({
  middleware: manage,
  security,
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: 'One endpoint',
  request: { params: IdParamsSchema },
  responses: { 200: json(WebhookSchema, 'The endpoint'), ...guarded, 404: notFound },
});

const updateRoute = createRoute({
  middleware: manage,
  security,
  method: 'patch',
  path: ONE,
  tags: TAGS,
  summary: 'Change an endpoint’s URL, description or events, or enable or disable it',
  description:
    'Disabling fails its pending deliveries. On a plan with the developer API (402 otherwise).',
  request: { params: IdParamsSchema, body: jsonBody(UpdateWebhookSchema) },
  responses: {
    200: json(WebhookSchema, 'The endpoint'),
    400: urlRefused,
    ...guarded,
    402: planLocked,
    404: notFound,
  },
});

const deleteRoute = createRoute({
  middleware: manage,
  security,
  method: 'delete',
  path: ONE,
  tags: TAGS,
  summary: 'Delete an endpoint and its delivery log',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...guarded, 404: notFound },
});

const secretRoute = createRoute({
  middleware: manage,
  security,
  method: 'get',
  path: `${ONE}/secret`,
  tags: TAGS,
  summary: 'Reveal the endpoint’s signing secret (`whsec_…`)',
  request: { params: IdParamsSchema },
  responses: { 200: json(WebhookSecretSchema, 'The secret'), ...guarded, 404: notFound },
});

const rotateRoute = createRoute({
  middleware: manage,
  security,
  method: 'post',
  path: `${ONE}/secret/rotate`,
  tags: TAGS,
  summary: 'Replace the signing secret',
  description:
    'For 24 hours deliveries carry a signature with the old secret too, so a receiver can switch over without losing any.',
  request: { params: IdParamsSchema },
  responses: { 200: json(WebhookSecretSchema, 'The new secret'), ...guarded, 404: notFound },
});

const pingRoute = createRoute({
  middleware: manage,
  security,
  method: 'post',
  path: `${ONE}/ping`,
  tags: TAGS,
  summary: 'Send a `webhook.ping` test event to the endpoint now',
  description:
    'Answers the queued delivery; its outcome shows in the delivery log moments later. 409 `webhooks.disabled` for a disabled endpoint.',
  request: { params: IdParamsSchema },
  responses: {
    202: json(WebhookDeliverySchema, 'The delivery, queued'),
    ...guarded,
    402: planLocked,
    404: notFound,
    409: errorResponse('The endpoint is disabled (`webhooks.disabled`)'),
  },
});

const deliveriesRoute = createRoute({
  middleware: manage,
  security,
  method: 'get',
  path: `${ONE}/deliveries`,
  tags: TAGS,
  summary: 'The endpoint’s delivery log, newest first, keyset-paged',
  request: { params: IdParamsSchema, query: WebhookDeliveryQuerySchema },
  responses: {
    200: json(WebhookDeliveryListSchema, 'A page of deliveries'),
    400: errorResponses[400],
    ...guarded,
    404: notFound,
  },
});

const redeliverRoute = createRoute({
  middleware: manage,
  security,
  method: 'post',
  path: `${ONE}/deliveries/{deliveryId}/redeliver`,
  tags: TAGS,
  summary: 'Send a delivery’s event again (same message id and body), now',
  request: { params: WebhookDeliveryParamsSchema },
  responses: {
    202: json(WebhookDeliverySchema, 'The new delivery, queued'),
    ...guarded,
    402: planLocked,
    404: errorResponse(
      'No such endpoint (`webhooks.not_found`) or delivery of it (`webhooks.delivery_not_found`) in your account',
    ),
    409: errorResponse('The endpoint is disabled (`webhooks.disabled`)'),
  },
});

/** Mounted under /api/v1. */
export const webhookRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    return c.json(await listWebhooks(c.var.deps.db, getAccount(c)), 200);
  })
  .openapi(createWebhookRoute, async (c) => {
    const input = c.req.valid('json');
    return c.json(await createWebhook(c.var.deps.db, getAccount(c), input, policy(c)), 201);
  })
  .openapi(getRoute, async (c) => {
    return c.json(await getWebhook(c.var.deps.db, getAccount(c), c.req.valid('param').id), 200);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json(await updateWebhook(c.var.deps.db, getAccount(c), id, input, policy(c)), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteWebhook(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(secretRoute, async (c) => {
    const secret = await revealSecret(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.json(secret, 200, noStore);
  })
  .openapi(rotateRoute, async (c) => {
    const secret = await rotateSecret(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.json(secret, 200, noStore);
  })
  .openapi(pingRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await pingWebhook(c.var.deps.db, getAccount(c), id, nudge(c)), 202);
  })
  .openapi(deliveriesRoute, async (c) => {
    const { id } = c.req.valid('param');
    const page = await listDeliveries(c.var.deps.db, getAccount(c), id, c.req.valid('query'));
    return c.json(page, 200, noStore);
  })
  .openapi(redeliverRoute, async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    return c.json(await redeliver(c.var.deps.db, getAccount(c), id, deliveryId, nudge(c)), 202);
  });
