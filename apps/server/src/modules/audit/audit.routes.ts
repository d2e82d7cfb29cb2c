import { createRoute } from '@hono/zod-openapi';
import { AuditPageSchema, AuditQuerySchema } from '@tenantry/shared';
import { getAccount, requireAccount } from '../../auth/account-context.ts';
import type { Auth } from '../../auth/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { listAudit } from './audit.service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/audit',
  tags: ['audit'],
  summary: 'The account’s audit log, newest first, keyset-paged (owners and admins)',
  request: { query: AuditQuerySchema },
  responses: {
    200: { description: 'A page', content: { 'application/json': { schema: AuditPageSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export function createAuditRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  router.openapi(
    { ...listRoute, middleware: requireAccount(auth, deps.db, 'audit.read') },
    async (c) => {
      const { cursor, limit } = c.req.valid('query');
      c.header('cache-control', 'no-store');
      return c.json(await listAudit(deps.db, getAccount(c).accountId, { cursor, limit }), 200);
    },
  );
  return router;
}
