import { createRoute } from '@hono/zod-openapi';
import {
  DisableUserInputSchema,
  IdSchema,
  SecondFactorResetSchema,
  ServiceUserActionResultSchema,
  ServiceUserDetailSchema,
  ServiceUserListQuerySchema,
  ServiceUserListSchema,
  ServiceUserRowSchema,
  SYSTEM_ROLES,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import { createRouter, type AppEnv } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import {
  disableUser,
  enableUser,
  endUserSession,
  endUserSessions,
  getServiceUser,
  listServiceUsers,
  setSystemRole,
  type ActionContext,
} from './users.service.ts';
import { resendVerification, sendPasswordReset } from './users-mail.service.ts';
import { resetUserSecondFactors } from './users-second-factors.service.ts';

const TAGS = ['service'];
const guard = requireSystemRole(['admin']);
const UserParams = z.object({ userId: IdSchema });
const SessionParams = z.object({ userId: IdSchema, sessionId: IdSchema });
const RoleParams = z.object({ userId: IdSchema, role: z.enum(SYSTEM_ROLES) });

const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

const listRoute = createRoute({
  method: 'get',
  path: '/service/users',
  tags: TAGS,
  summary:
    'Every user, newest first, keyset-paged; searched by the start of the e-mail or name, or a user id; filtered by system role, disabled and verified. System admins only.',
  middleware: guard,
  request: { query: ServiceUserListQuerySchema },
  responses: {
    200: json(ServiceUserListSchema, 'A page of users'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/service/users/{userId}',
  tags: TAGS,
  summary:
    'A user’s page: accounts and roles, active shares, live sessions, recent sign-ins and refused sign-ins with addresses, verification, second factor, disabled state and system roles. System admins only.',
  middleware: guard,
  request: { params: UserParams },
  responses: {
    200: json(ServiceUserDetailSchema, 'The user'),
    ...refusals,
  },
});

const endSessionRoute = createRoute({
  method: 'delete',
  path: '/service/users/{userId}/sessions/{sessionId}',
  tags: TAGS,
  summary:
    'End one session of the user: refused on its next request, on every server (audited as `service.user_session_ended`). System admins only.',
  middleware: guard,
  request: { params: SessionParams },
  responses: { 200: json(ServiceUserActionResultSchema, 'Done'), ...refusals },
});

const endSessionsRoute = createRoute({
  method: 'delete',
  path: '/service/users/{userId}/sessions',
  tags: TAGS,
  summary:
    'End every session of the user, on every server (audited as `service.user_sessions_ended`). System admins only.',
  middleware: guard,
  request: { params: UserParams },
  responses: { 200: json(ServiceUserActionResultSchema, 'Done'), ...refusals },
});

const disableRoute = createRoute({
  method: 'post',
  path: '/service/users/{userId}/disable',
  tags: TAGS,
  summary:
    'Disable the user with a reason: no new sign-in, every session ends (audited as `service.user_disabled`). Never oneself, never the last enabled system admin (409). System admins only.',
  middleware: guard,
  request: { params: UserParams, body: jsonBody(DisableUserInputSchema) },
  responses: { 200: json(ServiceUserActionResultSchema, 'Done'), ...refusals },
});

const enableRoute = createRoute({
  method: 'post',
  path: '/service/users/{userId}/enable',
  tags: TAGS,
  summary: 'Enable a disabled user again (audited as `service.user_enabled`). System admins only.',
  middleware: guard,
  request: { params: UserParams },
  responses: { 200: json(ServiceUserActionResultSchema, 'Done'), ...refusals },
});

const verificationRoute = createRoute({
  method: 'post',
  path: '/service/users/{userId}/verification',
  tags: TAGS,
  summary:
    'E-mail a new verification link to an address not verified yet (409 when verified; audited as `service.verification_resent`). System admins only.',
  middleware: guard,
  request: { params: UserParams },
  responses: { 200: json(ServiceUserActionResultSchema, 'Done'), ...refusals },
});

const passwordResetRoute = createRoute({
  method: 'post',
  path: '/service/users/{userId}/password-reset',
  tags: TAGS,
  summary:
    'E-mail the user a password reset link, as the forgot-password page does (audited as `service.password_reset_sent`). System admins only.',
  middleware: guard,
  request: { params: UserParams },
  responses: { 200: json(ServiceUserActionResultSchema, 'Done'), ...refusals },
});

const secondFactorResetRoute = createRoute({
  method: 'post',
  path: '/service/users/{userId}/second-factors/reset',
  tags: TAGS,
  summary:
    'Reset the user’s lost second factors: their authenticator app and passkeys are removed and their sessions ended (audited as `service.second_factors_reset`, e-mailed to the user). Not one’s own (403). System admins only.',
  middleware: guard,
  request: { params: UserParams },
  responses: { 200: json(SecondFactorResetSchema, 'Reset'), ...refusals },
});

const grantRoute = createRoute({
  method: 'put',
  path: '/service/users/{userId}/roles/{role}',
  tags: TAGS,
  summary:
    'Grant the user system admin or developer (audited as `service.role_granted`). Never oneself (409). System admins only.',
  middleware: guard,
  request: { params: RoleParams },
  responses: { 200: json(ServiceUserRowSchema, 'Done'), ...refusals },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/service/users/{userId}/roles/{role}',
  tags: TAGS,
  summary:
    'Revoke system admin or developer from the user (audited as `service.role_revoked`). Never oneself, never the last enabled system admin (409). System admins only.',
  middleware: guard,
  request: { params: RoleParams },
  responses: { 200: json(ServiceUserRowSchema, 'Done'), ...refusals },
});

async function actionContext(c: Context<AppEnv>): Promise<ActionContext> {
  const { uid, email } = await getClaims(c);
  const cache = c.var.deps.sessionCache;
  return {
    actor: { userId: uid, email },
    ipAddress: c.var.deps.clientIp(c) ?? null,
    forgetSessions: (ids) => {
      for (const id of ids) cache.revokeSession(id);
    },
  };
}

/** Mounted under /api/v1. */
export const serviceUserRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listServiceUsers(c.var.deps.db, c.req.valid('query')), 200);
  })
  .openapi(detailRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const { userId } = c.req.valid('param');
    return c.json(await getServiceUser(c.var.deps.db, userId), 200);
  })
  .openapi(endSessionRoute, async (c) => {
    const { userId, sessionId } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await endUserSession(c.var.deps.db, ctx, userId, sessionId), 200);
  })
  .openapi(endSessionsRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await endUserSessions(c.var.deps.db, ctx, userId), 200);
  })
  .openapi(disableRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const ctx = await actionContext(c);
    const input = c.req.valid('json');
    return c.json(await disableUser(c.var.deps.db, ctx, userId, input), 200);
  })
  .openapi(enableRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await enableUser(c.var.deps.db, ctx, userId), 200);
  })
  .openapi(verificationRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await resendVerification(c.var.deps.db, c.var.auth, ctx, userId), 200);
  })
  .openapi(passwordResetRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await sendPasswordReset(c.var.deps.db, c.var.auth, ctx, userId), 200);
  })
  .openapi(secondFactorResetRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const ctx = await actionContext(c);
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    return c.json(await resetUserSecondFactors(db, mail, ctx, userId), 200);
  })
  .openapi(grantRoute, async (c) => {
    const { userId, role } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await setSystemRole(c.var.deps.db, ctx, userId, role, true), 200);
  })
  .openapi(revokeRoute, async (c) => {
    const { userId, role } = c.req.valid('param');
    const ctx = await actionContext(c);
    return c.json(await setSystemRole(c.var.deps.db, ctx, userId, role, false), 200);
  });
