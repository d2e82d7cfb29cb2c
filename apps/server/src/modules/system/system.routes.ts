import { createRoute } from '@hono/zod-openapi';
import { MailboxListSchema, SystemInfoSchema } from '@tenantry/shared';
import type { Auth } from '../../auth/auth.ts';
import { requireSystemRole } from '../../auth/guards.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { listMailbox } from './mailbox.service.ts';
import { systemInfo } from './system.service.ts';

const mailboxRoute = createRoute({
  method: 'get',
  path: '/system/mailbox',
  tags: ['system'],
  summary: 'The development mailbox, newest first (at most 100). System admins only.',
  responses: {
    200: {
      description: 'Messages',
      content: { 'application/json': { schema: MailboxListSchema } },
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const infoRoute = createRoute({
  method: 'get',
  path: '/system/info',
  tags: ['system'],
  summary: 'Diagnostics for the developer page. System admins and system developers.',
  responses: {
    200: {
      description: 'Diagnostics',
      content: { 'application/json': { schema: SystemInfoSchema } },
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export function createSystemRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  router.use(mailboxRoute.path, ...requireSystemRole(auth, deps.db, ['admin']));
  router.use(infoRoute.path, ...requireSystemRole(auth, deps.db, ['admin', 'dev']));
  router.openapi(mailboxRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ messages: await listMailbox(deps.db) }, 200);
  });
  router.openapi(infoRoute, (c) => c.json(systemInfo(deps), 200));
  return router;
}
