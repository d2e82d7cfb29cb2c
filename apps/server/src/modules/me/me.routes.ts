import { createRoute } from '@hono/zod-openapi';
import {
  CurrentUserSchema,
  EndedSessionsSchema,
  IdParamsSchema,
  SessionListSchema,
  UpdateProfileSchema,
} from '@tenantry/shared';
import { toCurrentUser } from '../../auth/claims.ts';
import { createRouter } from '../../auth/context.ts';
import { getClaims, getSession, optionalSession, requireSession } from '../../auth/guards.ts';
import { errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { endOtherSessions, endSession, listSessions, updateProfile } from './me.service.ts';

const TAGS = ['me'];

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: TAGS,
  summary: 'The signed-in user (the current user’s claims, computed on the server), or null',
  description:
    'Answers `null` (200) to a signed-out visitor or an ended session: being signed out is not an error, so a browser logs nothing. Sign-up, sign-in, sign-out, password reset and change, e-mail verification and change are served by Better Auth under /api/auth/* (not listed here): POST /api/auth/sign-up/email, POST /api/auth/sign-in/email, POST /api/auth/sign-out, POST /api/auth/request-password-reset, POST /api/auth/reset-password, POST /api/auth/change-password, POST /api/auth/change-email, GET /api/auth/verify-email, POST /api/auth/send-verification-email, GET /api/auth/get-session.',
  middleware: optionalSession(),
  responses: {
    200: json(CurrentUserSchema.nullable(), 'The current user, or null when signed out'),
  },
});

const updateMeRoute = createRoute({
  method: 'patch',
  path: '/me',
  tags: TAGS,
  summary: 'Change your display name',
  middleware: requireSession({ secondFactorPending: true }),
  request: { body: jsonBody(UpdateProfileSchema) },
  responses: {
    200: json(CurrentUserSchema, 'The current user'),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const listSessionsRoute = createRoute({
  method: 'get',
  path: '/me/sessions',
  tags: TAGS,
  summary:
    'Your signed-in sessions (device, address, last active, how each signed in), this one marked current',
  middleware: requireSession({ secondFactorPending: true }),
  responses: {
    200: json(SessionListSchema, 'Sessions'),
    401: errorResponses[401],
  },
});

const endSessionRoute = createRoute({
  method: 'delete',
  path: '/me/sessions/{id}',
  tags: TAGS,
  summary: 'End one of your sessions: its next request is refused, on any server',
  middleware: requireSession({ secondFactorPending: true }),
  request: { params: IdParamsSchema },
  responses: {
    204: { description: 'Ended' },
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const endOthersRoute = createRoute({
  method: 'post',
  path: '/me/sessions/end-others',
  tags: TAGS,
  summary: 'End every session of yours but this one',
  middleware: requireSession({ secondFactorPending: true }),
  responses: {
    200: json(EndedSessionsSchema, 'How many ended'),
    401: errorResponses[401],
  },
});

export const meRoutes = createRouter()
  .openapi(meRoute, async (c) => {
    c.header('cache-control', 'no-store');
    if (!c.var.session) return c.json(null, 200);
    return c.json(toCurrentUser(await getClaims(c)), 200);
  })
  .openapi(updateMeRoute, async (c) => {
    const claims = await getClaims(c);
    const { displayName } = c.req.valid('json');
    await updateProfile(c.var.deps.db, getSession(c), { displayName });
    return c.json(toCurrentUser({ ...claims, displayName }), 200);
  })
  .openapi(listSessionsRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ sessions: await listSessions(c.var.deps.db, getSession(c)) }, 200);
  })
  .openapi(endOthersRoute, async (c) => {
    return c.json({ ended: await endOtherSessions(c.var.deps.db, getSession(c)) }, 200);
  })
  .openapi(endSessionRoute, async (c) => {
    await endSession(c.var.deps.db, getSession(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
