import { createRoute, z } from '@hono/zod-openapi';
import {
  ErrorBodySchema,
  SharedSignInCodeRequestSchema,
  SharedSignInCodeSentSchema,
  SharedSignInResultSchema,
  SharedSignInVerifySchema,
  ShareCreateSchema,
  ShareListSchema,
  ShareSchema,
  ShareUpdateSchema,
} from '@tenantry/shared';
import type { MiddlewareHandler } from 'hono';
import { getAccount, requireAccount } from '../../auth/account-context.ts';
import type { Auth } from '../../auth/auth.ts';
import type { ClientIpResolver } from '../../auth/handler.ts';
import type { AppDeps } from '../../deps.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { errorBody } from '../../lib/errors.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { createRateLimiter } from './rate-limit.ts';
import { requestSharedSignInCode, verifySharedSignIn } from './shared-signin.service.ts';
import {
  changeShareRole,
  createShare,
  listAccountShares,
  listTenantShares,
  revokeShare,
} from './sharing.service.ts';

const errorContent = { 'application/json': { schema: ErrorBodySchema } };
const notFoundResponse = { description: 'Not found (or another account’s)', content: errorContent };

const TenantParams = z.object({ tenantId: z.string().min(1).max(100) });
const ShareParams = z.object({ id: z.string().min(1).max(100) });

/** Per client address and endpoint, like Better Auth's sign-in limits (auth/auth.ts). */
export const SHARED_SIGNIN_RATE_LIMITS = {
  code: { windowSeconds: 60, max: 5 },
  verify: { windowSeconds: 60, max: 10 },
} as const;

function rateLimited(
  deps: AppDeps,
  getClientIp: ClientIpResolver,
  name: keyof typeof SHARED_SIGNIN_RATE_LIMITS,
): MiddlewareHandler<AppEnv> {
  const limiter = createRateLimiter(SHARED_SIGNIN_RATE_LIMITS[name]);
  return async (c, next) => {
    if (!deps.config.authRateLimit) return next();
    const wait = limiter.hit(`${name}:${getClientIp(c) ?? 'unknown'}`);
    if (wait > 0) {
      c.header('retry-after', String(wait));
      return c.json(
        errorBody(
          'common.rate_limited',
          'Too many attempts. Please wait a minute and try again.',
          c.get('requestId'),
        ),
        429,
      );
    }
    return next();
  };
}

export function createSharingRoutes(deps: AppDeps, auth: Auth, getClientIp: ClientIpResolver) {
  const { db } = deps;
  const router = createRouter();

  const createShareRoute = createRoute({
    method: 'post',
    path: '/tenants/{tenantId}/shares',
    tags: ['sharing'],
    summary: 'Share a client tenant with an e-mail address (viewer or contributor)',
    description:
      'Needs sharing.manage (owner, admin). The invitee gets an e-mail with a link to /sharedSignin/{tenantId}. Audited as sharing.shared.',
    middleware: requireAccount(auth, db, 'sharing.manage'),
    request: {
      params: TenantParams,
      body: { required: true, content: { 'application/json': { schema: ShareCreateSchema } } },
    },
    responses: {
      201: { description: 'Shared', content: { 'application/json': { schema: ShareSchema } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: notFoundResponse,
      409: { description: 'Already shared with this address', content: errorContent },
    },
  });
  router.openapi(createShareRoute, async (c) => {
    const { tenantId } = c.req.valid('param');
    const share = await createShare(
      { db, mailer: deps.mailer, logger: c.get('log'), publicUrl: deps.config.publicUrl },
      getAccount(c),
      tenantId,
      c.req.valid('json'),
    );
    return c.json(share, 201);
  });

  const listTenantSharesRoute = createRoute({
    method: 'get',
    path: '/tenants/{tenantId}/shares',
    tags: ['sharing'],
    summary: 'Active shares of one client tenant',
    middleware: requireAccount(auth, db, 'sharing.read'),
    request: { params: TenantParams },
    responses: {
      200: { description: 'Shares', content: { 'application/json': { schema: ShareListSchema } } },
      401: errorResponses[401],
      403: errorResponses[403],
      404: notFoundResponse,
    },
  });
  router.openapi(listTenantSharesRoute, async (c) => {
    const { tenantId } = c.req.valid('param');
    c.header('cache-control', 'no-store');
    return c.json({ shares: await listTenantShares(db, getAccount(c).accountId, tenantId) }, 200);
  });

  const listAccountSharesRoute = createRoute({
    method: 'get',
    path: '/shares',
    tags: ['sharing'],
    summary: 'All active shares of the account, with their client tenants (admin/sharing)',
    middleware: requireAccount(auth, db, 'sharing.read'),
    responses: {
      200: { description: 'Shares', content: { 'application/json': { schema: ShareListSchema } } },
      401: errorResponses[401],
      403: errorResponses[403],
    },
  });
  router.openapi(listAccountSharesRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ shares: await listAccountShares(db, getAccount(c).accountId) }, 200);
  });

  const updateShareRoute = createRoute({
    method: 'patch',
    path: '/shares/{id}',
    tags: ['sharing'],
    summary: 'Change the role of a share',
    description: 'Needs sharing.manage. Audited as sharing.role_changed.',
    middleware: requireAccount(auth, db, 'sharing.manage'),
    request: {
      params: ShareParams,
      body: { required: true, content: { 'application/json': { schema: ShareUpdateSchema } } },
    },
    responses: {
      200: { description: 'Updated', content: { 'application/json': { schema: ShareSchema } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: notFoundResponse,
    },
  });
  router.openapi(updateShareRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    return c.json(await changeShareRole(db, getAccount(c), id, role), 200);
  });

  const revokeShareRoute = createRoute({
    method: 'delete',
    path: '/shares/{id}',
    tags: ['sharing'],
    summary: 'Revoke a share: its shared user is refused from their next request on',
    description: 'Needs sharing.manage. Audited as sharing.revoked.',
    middleware: requireAccount(auth, db, 'sharing.manage'),
    request: { params: ShareParams },
    responses: {
      204: { description: 'Revoked' },
      401: errorResponses[401],
      403: errorResponses[403],
      404: notFoundResponse,
    },
  });
  router.openapi(revokeShareRoute, async (c) => {
    const { id } = c.req.valid('param');
    await revokeShare(db, getAccount(c), id);
    return c.body(null, 204);
  });

  const codeRoute = createRoute({
    method: 'post',
    path: '/shared-signin/{tenantId}/code',
    tags: ['sharing'],
    summary: 'Shared sign-in, step 1: e-mail a one-time code',
    description:
      'Always answers 202 with the same body; a code is sent only when the tenant is shared with that address. Rate limited per client address.',
    middleware: rateLimited(deps, getClientIp, 'code'),
    request: {
      params: TenantParams,
      body: {
        required: true,
        content: { 'application/json': { schema: SharedSignInCodeRequestSchema } },
      },
    },
    responses: {
      202: {
        description: 'Sent if shared',
        content: { 'application/json': { schema: SharedSignInCodeSentSchema } },
      },
      400: errorResponses[400],
      429: { description: 'Too many attempts', content: errorContent },
    },
  });
  router.openapi(codeRoute, async (c) => {
    const { tenantId } = c.req.valid('param');
    const { email } = c.req.valid('json');
    await requestSharedSignInCode({ db, auth, logger: c.get('log') }, tenantId, email);
    return c.json({ status: 'sent' as const }, 202);
  });

  const verifyRoute = createRoute({
    method: 'post',
    path: '/shared-signin/{tenantId}/verify',
    tags: ['sharing'],
    summary: 'Shared sign-in, step 2: sign in with the code',
    description:
      'Sets the session cookie of a shared session for this tenant (claims: ptid, ttid, no tid). A wrong, expired or used code, or an address the tenant is not shared with, answers 400 sharing.invalid_code.',
    middleware: rateLimited(deps, getClientIp, 'verify'),
    request: {
      params: TenantParams,
      body: {
        required: true,
        content: { 'application/json': { schema: SharedSignInVerifySchema } },
      },
    },
    responses: {
      200: {
        description: 'Signed in',
        content: { 'application/json': { schema: SharedSignInResultSchema } },
      },
      400: errorResponses[400],
      429: { description: 'Too many attempts', content: errorContent },
    },
  });
  router.openapi(verifyRoute, async (c) => {
    const { tenantId } = c.req.valid('param');
    const { email, code } = c.req.valid('json');
    const { setCookies } = await verifySharedSignIn(
      { db, auth },
      tenantId,
      email,
      code,
      c.req.raw.headers,
    );
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    c.header('cache-control', 'no-store');
    return c.json({ tenantId }, 200);
  });

  return router;
}
