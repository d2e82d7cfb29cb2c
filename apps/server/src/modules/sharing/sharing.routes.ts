import { createRoute } from '@hono/zod-openapi';
import {
  IdParamsSchema,
  negotiateLocale,
  parseAcceptLanguage,
  SharedSignInCodeRequestSchema,
  SharedSignInCodeSentSchema,
  SharedSignInResultSchema,
  SharedSignInShareParamsSchema,
  SharedSignInSharerSchema,
  SharedSignInVerifySchema,
  ShareCreateSchema,
  ShareListSchema,
  ShareSchema,
  ShareUpdateSchema,
  TenantParamsSchema,
} from '@tenantry/shared';
import { EMAIL_CODE_RATE_LIMITS } from '../../auth/auth.ts';
import { authApiHeaders } from '../../auth/handler.ts';
import { createRouter } from '../../auth/context.ts';
import { getAccount, limitByAddress, requireAccount, requireTenant } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { requestSharedSignInCode, verifySharedSignIn } from './shared-signin.service.ts';
import {
  changeShareRole,
  createShare,
  findSharer,
  listAccountShares,
  listTenantShares,
  revokeShare,
} from './sharing.service.ts';

const TAGS = ['sharing'];

/** Per client address: the shared sign-in page asks once per visit. */
const SHARER_RATE_LIMIT = { windowSeconds: 60, max: 30 } as const;
const notFound = errorResponse('Not found (or another account’s)');

const createShareRoute = createRoute({
  method: 'post',
  path: '/tenants/{tenantId}/shares',
  tags: TAGS,
  summary: 'Share a client tenant with an e-mail address (viewer or contributor)',
  description:
    'Needs sharing.manage (owner, admin). The invitee gets an e-mail with a link to /sharedSignin/{tenantId}?share={id}. Audited as sharing.shared.',
  middleware: requireTenant('sharing.manage'),
  request: { params: TenantParamsSchema, body: jsonBody(ShareCreateSchema) },
  responses: {
    201: json(ShareSchema, 'Shared'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse('Already shared with this address (`sharing.already_shared`)'),
  },
});

const listTenantSharesRoute = createRoute({
  method: 'get',
  path: '/tenants/{tenantId}/shares',
  tags: TAGS,
  summary: 'Active shares of one client tenant',
  middleware: requireTenant('sharing.read'),
  request: { params: TenantParamsSchema },
  responses: {
    200: json(ShareListSchema, 'Shares'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const listAccountSharesRoute = createRoute({
  method: 'get',
  path: '/shares',
  tags: TAGS,
  summary: 'All active shares of the account, with their client tenants (admin/sharing)',
  middleware: requireAccount('sharing.read'),
  responses: {
    200: json(ShareListSchema, 'Shares'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const updateShareRoute = createRoute({
  method: 'patch',
  path: '/shares/{id}',
  tags: TAGS,
  summary: 'Change the role of a share',
  description: 'Needs sharing.manage. Audited as sharing.role_changed.',
  middleware: requireAccount('sharing.manage'),
  request: { params: IdParamsSchema, body: jsonBody(ShareUpdateSchema) },
  responses: {
    200: json(ShareSchema, 'Updated'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const revokeShareRoute = createRoute({
  method: 'delete',
  path: '/shares/{id}',
  tags: TAGS,
  summary: 'Revoke a share: its shared user is refused from their next request on',
  description: 'Needs sharing.manage. Audited as sharing.revoked.',
  middleware: requireAccount('sharing.manage'),
  request: { params: IdParamsSchema },
  responses: {
    204: { description: 'Revoked' },
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const sharerRoute = createRoute({
  method: 'get',
  path: '/shared-signin/{tenantId}/shares/{shareId}',
  tags: TAGS,
  summary: 'Shared sign-in page: the name of the account that shared the tenant',
  description:
    'Public: the share id from the invitation link is the authority. `accountName` is the sharing account’s name for an active share of this tenant and `brand` what its clients see of it (display name, colour and logo while the plan applies them; docs/branding.md), both null for anything else (an unknown id, a revoked share, another tenant’s share): always 200 with the same shape, so it tells nothing about what exists. Only the account’s name, never the tenant’s or the address. Rate limited per client address (30 a minute).',
  middleware: limitByAddress('shared-signin.share', SHARER_RATE_LIMIT),
  request: { params: SharedSignInShareParamsSchema },
  responses: {
    200: json(SharedSignInSharerSchema, 'The sharing account’s name, or null'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});

const codeRoute = createRoute({
  method: 'post',
  path: '/shared-signin/{tenantId}/code',
  tags: TAGS,
  summary: 'Shared sign-in, step 1: e-mail a one-time code',
  description:
    'Always answers 202 with the same body; a code is sent only when the tenant is shared with that address. Rate limited per client address.',
  middleware: limitByAddress('shared-signin.code', EMAIL_CODE_RATE_LIMITS.code),
  request: { params: TenantParamsSchema, body: jsonBody(SharedSignInCodeRequestSchema) },
  responses: {
    202: json(SharedSignInCodeSentSchema, 'Sent if shared'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/shared-signin/{tenantId}/verify',
  tags: TAGS,
  summary: 'Shared sign-in, step 2: sign in with the code',
  description:
    'Sets the session cookie of a shared session for this tenant (claims: ptid, ttid, no tid). When the address has a second factor (docs/identity.md), opens no session: answers `status: "second-factor"` with the `methods` of the second step and sets its challenge cookie; the second step (Better Auth’s `/api/auth/two-factor/verify-totp`, `/verify-backup-code`, or a passkey) then opens the shared session for this tenant. A wrong, expired or used code, or an address the tenant is not shared with, answers 400 sharing.invalid_code.',
  middleware: limitByAddress('shared-signin.verify', EMAIL_CODE_RATE_LIMITS.verify),
  request: { params: TenantParamsSchema, body: jsonBody(SharedSignInVerifySchema) },
  responses: {
    200: json(SharedSignInResultSchema, 'Signed in'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});

export const sharingRoutes = createRouter()
  .openapi(createShareRoute, async (c) => {
    const { db, mailer, config } = c.var.deps;
    const { tenantId } = c.req.valid('param');
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const input = { tenantId, ...c.req.valid('json') };
    return c.json(await createShare(db, getAccount(c), input, mail), 201);
  })
  .openapi(listTenantSharesRoute, async (c) => {
    const { tenantId } = c.req.valid('param');
    c.header('cache-control', 'no-store');
    return c.json({ shares: await listTenantShares(c.var.deps.db, getAccount(c), tenantId) }, 200);
  })
  .openapi(listAccountSharesRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ shares: await listAccountShares(c.var.deps.db, getAccount(c)) }, 200);
  })
  .openapi(updateShareRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    return c.json(await changeShareRole(c.var.deps.db, getAccount(c), { id, role }), 200);
  })
  .openapi(revokeShareRoute, async (c) => {
    await revokeShare(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(sharerRoute, async (c) => {
    const { tenantId, shareId } = c.req.valid('param');
    c.header('cache-control', 'no-store');
    return c.json(await findSharer(c.var.deps.db, tenantId, shareId), 200);
  })
  .openapi(codeRoute, async (c) => {
    const scope = c.req.valid('param');
    const identity = { auth: c.var.auth, log: c.var.log };
    const locale = negotiateLocale(parseAcceptLanguage(c.req.header('accept-language'))) ?? 'en';
    await requestSharedSignInCode(c.var.deps.db, scope, c.req.valid('json'), identity, locale);
    return c.json({ status: 'sent' as const }, 202);
  })
  .openapi(verifyRoute, async (c) => {
    const scope = c.req.valid('param');
    const input = { ...c.req.valid('json'), requestHeaders: authApiHeaders(c) };
    const { setCookies, result } = await verifySharedSignIn(c.var.deps.db, scope, input, {
      auth: c.var.auth,
    });
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    c.header('cache-control', 'no-store');
    return c.json(result, 200);
  });
