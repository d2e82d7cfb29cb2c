import { createRoute } from '@hono/zod-openapi';
import { AuditPageSchema, AuditQuerySchema } from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponses, json } from '../../lib/openapi.ts';
import { assertUnrestricted } from '../members/members.service.ts';
import { listAudit } from './audit.service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/audit',
  tags: ['audit'],
  summary: 'The account’s audit log, newest first, keyset-paged (owners and admins)',
  description:
    'It records every client tenant of the account: an admin limited to some client tenants is refused with 403 `members.access_restricted`.',
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
  const scope = getAccount(c);
  assertUnrestricted(scope, 'read the account’s audit log');
  c.header('cache-control', 'no-store');
  return c.json(await listAudit(c.var.deps.db, scope, c.req.valid('query')), 200);
});
