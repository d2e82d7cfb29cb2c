import { createRoute } from '@hono/zod-openapi';
import { AuditPageSchema, AuditQuerySchema } from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponses, json } from '../../lib/openapi.ts';
import { listAudit } from './audit.service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/audit',
  tags: ['audit'],
  summary: 'The account’s audit log, newest first, keyset-paged (owners and admins)',
  middleware: requireAccount('audit.read'),
  request: { query: AuditQuerySchema },
  responses: {
    200: json(AuditPageSchema, 'A page'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const auditRoutes = createRouter().openapi(listRoute, async (c) => {
  c.header('cache-control', 'no-store');
  return c.json(await listAudit(c.var.deps.db, getAccount(c), c.req.valid('query')), 200);
});
