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
import { AppError } from '../../lib/errors.ts';
import { checkDatabase, databaseAnswers, systemInfo } from './system.service.ts';

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

const livenessRoute = createRoute({
  method: 'get',
  path: '/livez',
  tags: ['system'],
  summary: 'Liveness: the process answers (asks nothing of the database)',
  description:
    'For a process supervisor: restart the process when this fails. It stays 200 while the process drains before a stop.',
  responses: { 200: json(HealthSchema, 'The process is up') },
});

const readinessRoute = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['system'],
  summary: 'Readiness: send requests here (not draining, and the database answers)',
  description:
    'For a load balancer: 503 (`common.unavailable`) from the moment the process starts draining on SIGTERM, and while the database does not answer `select 1` within 2 seconds (docs/operations.md).',
  responses: {
    200: json(HealthSchema, 'Ready for requests'),
    503: errorResponses[503],
  },
});

const versionRoute = createRoute({
  method: 'get',
  path: VERSION_PATH,
  tags: ['system'],
  summary: 'Timestamp of the deployed web build, for the app’s new-version check; never cached',
  responses: { 200: json(VersionDocumentSchema, 'Version document') },
});

/**
 * Mounted at the root: /healthz (the process and its database, as before readiness existed),
 * /livez, /readyz and /version.json (declared for the OpenAPI document).
 */
export const publicSystemRoutes = createRouter()
  .openapi(healthRoute, async (c) => {
    await checkDatabase(c.var.deps.db);
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok' as const }, 200);
  })
  .openapi(livenessRoute, (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok' as const }, 200);
  })
  .openapi(readinessRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const { lifecycle, db } = c.var.deps;
    if (lifecycle.draining) {
      throw new AppError('common.unavailable', 503, 'This server is draining before it stops.');
    }
    if (!(await databaseAnswers(db))) {
      throw new AppError('common.unavailable', 503, 'The database does not answer.');
    }
    return c.json({ status: 'ok' as const }, 200);
  })
  .openapi(versionRoute, (c) => {
    c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    c.header('Pragma', 'no-cache');
    c.header('Expires', '0');
    return c.json({ timestamp: c.var.deps.versionTimestamp }, 200);
  });
