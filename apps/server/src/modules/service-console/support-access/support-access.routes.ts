import { createRoute, z } from '@hono/zod-openapi';
import {
  IdSchema,
  SupportAccessGrantSchema,
  SupportAccessOverviewSchema,
  SupportAccessSchema,
  SupportSessionInputSchema,
  SupportSessionSchema,
} from '@tenantry/shared';
import { SUPPORT_SESSION_SECONDS } from '../../../auth/auth.ts';
import { createRouter, mailOf } from '../../../auth/context.ts';
import { getAccount, getClaims, requireAccount, requireSystemRole } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import {
  checkSupportSession,
  getSupportAccess,
  grantSupportAccess,
  noteSupportSession,
  revokeSupportAccess,
  supportAccessOverview,
} from './support-access.service.ts';

const ownerRefusals = { 401: errorResponses[401], 403: errorResponses[403] };

const getRoute = createRoute({
  middleware: requireAccount('supportAccess.manage'),
  method: 'get',
  path: '/account/support-access',
  tags: ['accounts'],
  summary: 'Whether the Tenantry support desk may open the account’s app, and until when (owners)',
  responses: { 200: json(SupportAccessSchema, 'The grant'), ...ownerRefusals },
});

const grantRoute = createRoute({
  middleware: requireAccount('supportAccess.manage'),
  method: 'put',
  path: '/account/support-access',
  tags: ['accounts'],
  summary:
    'Let the Tenantry support desk view the account for 1–30 days from now (owners; audited)',
  description:
    'While granted, a Tenantry system admin may open the account’s app as one of its members, read-only, for 60 minutes at a time; each of their requests is recorded in the account’s audit log. Replaces any earlier grant.',
  request: { body: jsonBody(SupportAccessGrantSchema) },
  responses: {
    200: json(SupportAccessSchema, 'The grant'),
    400: errorResponses[400],
    ...ownerRefusals,
  },
});

const revokeRoute = createRoute({
  middleware: requireAccount('supportAccess.manage'),
  method: 'delete',
  path: '/account/support-access',
  tags: ['accounts'],
  summary:
    'End the support access grant and the support sessions opened under it (owners; audited)',
  responses: { 200: json(SupportAccessSchema, 'The grant, ended'), ...ownerRefusals },
});

/** Mounted under /api/v1: the owners' setting (admin/security). */
export const accountSupportAccessRoutes = createRouter()
  .openapi(getRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getSupportAccess(c.var.deps.db, getAccount(c)), 200);
  })
  .openapi(grantRoute, async (c) => {
    const { days } = c.req.valid('json');
    return c.json(await grantSupportAccess(c.var.deps.db, getAccount(c), days), 200);
  })
  .openapi(revokeRoute, async (c) => {
    return c.json(await revokeSupportAccess(c.var.deps.db, getAccount(c)), 200);
  });

const sessionRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'post',
  path: '/service/accounts/{accountId}/support-session',
  tags: ['service'],
  summary:
    'Open the account’s app as one of its members, read-only, for 60 minutes (audited). System admins only.',
  description: `Better Auth’s admin-plugin impersonation: the answer sets the support session’s cookie (the admin’s own session is kept aside; \`POST /api/auth/admin/stop-impersonating\` returns to it). Allowed while the owners’ grant is active, or with a written \`reason\` (at least 10 characters; else 400 \`support_access.reason_required\`) that every owner is e-mailed at once. The session reaches this account only, refuses every change (403 \`auth.support_read_only\`), ends after ${SUPPORT_SESSION_SECONDS / 60} minutes or when the owners revoke the grant it was opened under, and each of its requests is recorded in the account’s audit log (\`support_access.request\`). 404 when the account does not exist or the user is not a member of it; 403 for a system admin.`,
  request: {
    params: z.object({ accountId: IdSchema }),
    body: jsonBody(SupportSessionInputSchema),
  },
  responses: {
    200: json(SupportSessionSchema, 'The support session, opened'),
    400: errorResponse(
      'Invalid input (`common.validation`), or no grant and no reason (`support_access.reason_required`)',
    ),
    ...ownerRefusals,
    404: errorResponse('No such account, or the user is not a member of it (`common.not_found`)'),
  },
});

const overviewRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'get',
  path: '/service/accounts/{accountId}/support-access',
  tags: ['service'],
  summary:
    'The owners’ support access grant and the members a support session may view as (system admins left out). System admins only.',
  request: { params: z.object({ accountId: IdSchema }) },
  responses: {
    200: json(SupportAccessOverviewSchema, 'The grant and the members'),
    400: errorResponses[400],
    ...ownerRefusals,
    404: errorResponse('No such account (`common.not_found`)'),
  },
});

/** Mounted under /api/v1: a system admin opens a support session. */
export const serviceSupportSessionRoutes = createRouter()
  .openapi(overviewRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const overview = await supportAccessOverview(c.var.deps.db, c.req.valid('param').accountId);
    return c.json(overview, 200);
  })
  .openapi(sessionRoute, async (c) => {
    const { db } = c.var.deps;
    const input = c.req.valid('json');
    const target = await checkSupportSession(db, c.req.valid('param').accountId, input);
    const { uid, email } = await getClaims(c);
    const { headers, response } = await c.var.auth.api.impersonateUser({
      body: { userId: target.userId },
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    await noteSupportSession(
      db,
      mailOf(c),
      { userId: uid, email },
      target,
      response.session.id,
      input.reason,
    );
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    c.header('cache-control', 'no-store');
    return c.json(
      {
        accountId: target.accountId,
        userId: target.userId,
        userEmail: target.userEmail,
        endsAt: new Date(response.session.expiresAt).toISOString(),
        viaGrant: target.viaGrant,
      },
      200,
    );
  });
