import { createRoute } from '@hono/zod-openapi';
import {
  API_KEY_LIMITS,
  ApiKeyListSchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  IdParamsSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

/** API keys (docs/developer.md): managed by owners and admins, on the Business plan. */
const TAGS = ['developer'];
const manage = requireAccount('apiKeys.manage');

const listRoute = createRoute({
  middleware: manage,
  method: 'get',
  path: '/api-keys',
  tags: TAGS,
  summary: 'The account’s API keys, newest first (never their secrets)',
  responses: {
    200: json(ApiKeyListSchema, 'The keys'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createKeyRoute = createRoute({
  middleware: manage,
  method: 'post',
  path: '/api-keys',
  tags: TAGS,
  summary: 'Create an API key; the answer holds its secret, the only time it is sent',
  description: `Owners and admins, on a plan with the developer API (402 \`billing.feature_locked\` otherwise). At most ${API_KEY_LIMITS.perAccount} keys that are not revoked (409 \`api_keys.too_many\`). \`tenantId\` limits the key to one client tenant; \`expiresAt\` at most ${API_KEY_LIMITS.maxDays} days ahead.`,
  request: { body: jsonBody(CreateApiKeySchema) },
  responses: {
    201: json(CreatedApiKeySchema, 'The key and its secret'),
    400: errorResponses[400],
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

const revokeRoute = createRoute({
  middleware: manage,
  method: 'delete',
  path: '/api-keys/{id}',
  tags: TAGS,
  summary: 'Revoke an API key: its next request is refused with 401 api_keys.revoked',
  request: { params: IdParamsSchema },
  responses: {
    204: { description: 'Revoked (or already revoked)' },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const apiKeyRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    return c.json(await listApiKeys(c.var.deps.db, getAccount(c)), 200);
  })
  .openapi(createKeyRoute, async (c) => {
    const input = c.req.valid('json');
    return c.json(await createApiKey(c.var.deps.db, getAccount(c), input), 201);
  })
  .openapi(revokeRoute, async (c) => {
    await revokeApiKey(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
