import { createRoute } from '@hono/zod-openapi';
import { CurrentUserSchema } from '@tenantry/shared';
import { toCurrentUser } from '../../auth/claims.ts';
import { createRouter } from '../../auth/context.ts';
import { getClaims, requireSession } from '../../auth/guards.ts';
import { errorResponses, json } from '../../lib/openapi.ts';

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['me'],
  summary: 'The signed-in user (the current user’s claims, computed on the server)',
  description:
    'Sign-up, sign-in, sign-out, password reset and e-mail verification are served by Better Auth under /api/auth/* (not listed here): POST /api/auth/sign-up/email, POST /api/auth/sign-in/email, POST /api/auth/sign-out, POST /api/auth/request-password-reset, POST /api/auth/reset-password, GET /api/auth/verify-email, POST /api/auth/send-verification-email, GET /api/auth/get-session.',
  middleware: requireSession(),
  responses: {
    200: json(CurrentUserSchema, 'The current user'),
    401: errorResponses[401],
  },
});

export const meRoutes = createRouter().openapi(meRoute, async (c) => {
  const claims = await getClaims(c);
  c.header('cache-control', 'no-store');
  return c.json(toCurrentUser(claims), 200);
});
