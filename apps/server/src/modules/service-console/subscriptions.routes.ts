import { createRoute } from '@hono/zod-openapi';
import {
  CompPlanInputSchema,
  ExtendTrialInputSchema,
  IdSchema,
  SubscriptionListQuerySchema,
  SubscriptionListSchema,
  SubscriptionRowSchema,
} from '@tenantry/shared';
import { z } from 'zod';
import { createRouter, type AppDeps } from '../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../auth/guards.ts';
import { errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { compPlan, extendTrial, listSubscriptions } from './subscriptions.service.ts';

/** Path parameters `{accountId}` of the service console's routes on one account. */
const AccountParamsSchema = z.object({ accountId: IdSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/service/subscriptions',
  tags: ['service'],
  summary:
    'Every account’s plan, status and MRR, searchable by account name or owner e-mail, filtered by status, keyset-paged, with totals. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { query: SubscriptionListQuerySchema },
  responses: {
    200: json(SubscriptionListSchema, 'A page and the totals'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const trialRoute = createRoute({
  method: 'post',
  path: '/service/subscriptions/{accountId}/trial',
  tags: ['service'],
  summary: 'Extend the account’s trial by some days (audited). System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { params: AccountParamsSchema, body: jsonBody(ExtendTrialInputSchema) },
  responses: {
    200: json(SubscriptionRowSchema, 'The account’s subscription now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const compRoute = createRoute({
  method: 'post',
  path: '/service/subscriptions/{accountId}/comp',
  tags: ['service'],
  summary:
    'Give the account a plan free of charge, or end it (plan null; audited). System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { params: AccountParamsSchema, body: jsonBody(CompPlanInputSchema) },
  responses: {
    200: json(SubscriptionRowSchema, 'The account’s subscription now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const scopeOf = (deps: AppDeps) => ({
  defaultProvider: deps.config.billingProvider,
});

/** Mounted under /api/v1. */
export const serviceSubscriptionRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const list = await listSubscriptions(c.var.deps.db, scopeOf(c.var.deps), c.req.valid('query'));
    return c.json(list, 200);
  })
  .openapi(trialRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId } = c.req.valid('param');
    const row = await extendTrial(
      c.var.deps.db,
      scopeOf(c.var.deps),
      { userId: uid, email },
      accountId,
      c.req.valid('json'),
    );
    return c.json(row, 200);
  })
  .openapi(compRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId } = c.req.valid('param');
    const row = await compPlan(
      c.var.deps.db,
      scopeOf(c.var.deps),
      { userId: uid, email },
      accountId,
      c.req.valid('json'),
    );
    return c.json(row, 200);
  });
