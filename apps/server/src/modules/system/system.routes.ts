import { createRoute } from '@hono/zod-openapi';
import {
  HealthSchema,
  MailboxListSchema,
  SystemInfoSchema,
  VERSION_PATH,
  VersionDocumentSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { requireSystemRole } from '../../auth/guards.ts';
import { errorResponses, json } from '../../lib/openapi.ts';
import { listMailbox } from './mailbox.service.ts';
import { checkDatabase, systemInfo } from './system.service.ts';

const mailboxRoute = createRoute({
  method: 'get',
  path: '/system/mailbox',
  tags: ['system'],
  summary: 'The development mailbox, newest first (at most 100). System admins only.',
  middleware: requireSystemRole(['admin']),
  responses: {
    200: json(MailboxListSchema, 'Messages'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const infoRoute = createRoute({
  method: 'get',
  path: '/system/info',
  tags: ['system'],
  summary: 'Diagnostics for the developer page. System admins and system developers.',
  middleware: requireSystemRole(['admin', 'dev']),
  responses: {
    200: json(SystemInfoSchema, 'Diagnostics'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

/** Mounted under /api/v1. */
export const systemRoutes = createRouter()
  .openapi(mailboxRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ messages: await listMailbox(c.var.deps.db) }, 200);
  })
  .openapi(infoRoute, (c) => c.json(systemInfo(c.var.deps), 200));

const healthRoute = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['system'],
  summary: 'Liveness and database check',
  responses: { 200: json(HealthSchema, 'Healthy') },
});

const versionRoute = createRoute({
  method: 'get',
  path: VERSION_PATH,
  tags: ['system'],
  summary: 'Timestamp of the deployed web build, for the app’s new-version check; never cached',
  responses: { 200: json(VersionDocumentSchema, 'Version document') },
});

/** Mounted at the root: /healthz and /version.json (declared for the OpenAPI document). */
export const publicSystemRoutes = createRouter()
  .openapi(healthRoute, async (c) => {
    await checkDatabase(c.var.deps.db);
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok' as const }, 200);
  })
  .openapi(versionRoute, (c) => {
    c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    c.header('Pragma', 'no-cache');
    c.header('Expires', '0');
    return c.json({ timestamp: c.var.deps.versionTimestamp }, 200);
  });
