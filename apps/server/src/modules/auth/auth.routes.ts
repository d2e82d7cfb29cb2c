import { createRoute } from '@hono/zod-openapi';
import { CurrentUserSchema } from '@tenantry/shared';
import type { Auth } from '../../auth/auth.ts';
import { getClaims } from '../../auth/guards.ts';
import { requireSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { toCurrentUser } from './claims.ts';

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['auth'],
  summary: 'The signed-in user (the seed’s current user, computed on the server)',
  description:
    'Sign-up, sign-in, sign-out, password reset and e-mail verification are served by Better Auth under /api/auth/* (not listed here): POST /api/auth/sign-up/email, POST /api/auth/sign-in/email, POST /api/auth/sign-out, POST /api/auth/request-password-reset, POST /api/auth/reset-password, GET /api/auth/verify-email, POST /api/auth/send-verification-email, GET /api/auth/get-session.',
  responses: {
    200: {
      description: 'The current user',
      content: { 'application/json': { schema: CurrentUserSchema } },
    },
    401: errorResponses[401],
  },
});

export function createAuthRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  router.use(meRoute.path, requireSession(auth));
  router.openapi(meRoute, async (c) => {
    const claims = await getClaims(c, deps.db);
    c.header('cache-control', 'no-store');
    return c.json(toCurrentUser(claims), 200);
  });
  return router;
}
