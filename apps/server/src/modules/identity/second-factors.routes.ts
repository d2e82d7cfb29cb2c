import { createRoute } from '@hono/zod-openapi';
import {
  MemberParamsSchema,
  SECOND_FACTOR_GRACE_DAYS,
  SecondFactorPolicyInputSchema,
  SecondFactorPolicySchema,
  SecondFactorResetSchema,
  SecondFactorStatusSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, getClaims, requireAccount, requireSession } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  getSecondFactorPolicy,
  resetMemberSecondFactors,
  secondFactorStatus,
  setSecondFactorPolicy,
} from './second-factors.service.ts';

const ownerRefusals = { 401: errorResponses[401], 403: errorResponses[403] };

const statusRoute = createRoute({
  method: 'get',
  path: '/me/second-factors',
  tags: ['me'],
  summary:
    'Your second factors: the authenticator app, backup codes left, passkeys, and the requirement',
  description:
    'Setting them up and using them is Better Auth’s, under /api/auth (docs/identity.md): `POST /api/auth/two-factor/enable` (password) answers the authenticator URI and backup codes, `POST /api/auth/two-factor/verify-totp` confirms the first code (and is the sign-in’s second step), `POST /api/auth/two-factor/verify-backup-code`, `POST /api/auth/two-factor/generate-backup-codes`, `POST /api/auth/two-factor/disable`; passkeys: `GET /api/auth/passkey/generate-register-options`, `POST /api/auth/passkey/verify-registration`, `GET /api/auth/passkey/generate-authenticate-options`, `POST /api/auth/passkey/verify-authentication`, `POST /api/auth/passkey/delete-passkey`. Open also to a member who must enrol first.',
  middleware: requireSession({ secondFactorPending: true }),
  responses: {
    200: json(SecondFactorStatusSchema, 'Your second factors'),
    401: errorResponses[401],
  },
});

const getPolicyRoute = createRoute({
  method: 'get',
  path: '/account/second-factor-policy',
  tags: ['accounts'],
  summary:
    'Whether the account requires a second factor of its members, and how many lack one (owners)',
  middleware: requireAccount('secondFactors.manage'),
  responses: { 200: json(SecondFactorPolicySchema, 'The requirement'), ...ownerRefusals },
});

const putPolicyRoute = createRoute({
  method: 'put',
  path: '/account/second-factor-policy',
  tags: ['accounts'],
  summary: 'Require a second factor of every member, or stop requiring it (owners; audited)',
  description: `Each member then has ${SECOND_FACTOR_GRACE_DAYS} days (from now, or from joining if later) to set up an authenticator app or a passkey; after that every route but their profile, sessions and second factors answers 403 \`auth.second_factor_enrolment_required\` until they do. Turning it on needs the owner’s own second factor first (409 \`auth.second_factor_own_first\`). Audited as \`security.second_factor_policy_changed\`.`,
  middleware: requireAccount('secondFactors.manage'),
  request: { body: jsonBody(SecondFactorPolicyInputSchema) },
  responses: {
    200: json(SecondFactorPolicySchema, 'The requirement'),
    400: errorResponses[400],
    ...ownerRefusals,
    409: errorResponse('The owner has no second factor yet (`auth.second_factor_own_first`)'),
  },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/members/{userId}/second-factors/reset',
  tags: ['members'],
  summary:
    'Reset a member’s lost second factors and end their sessions (owners; audited, e-mailed)',
  description:
    'Removes the member’s authenticator app (with its backup codes) and passkeys, ends their sessions, records `members.second_factors_reset` in the account’s audit log and e-mails the member. Not one’s own nor a system admin’s (403 `auth.second_factor_reset_refused`); a person who is not a member of the account is a 404.',
  middleware: requireAccount('secondFactors.manage'),
  request: { params: MemberParamsSchema },
  responses: {
    200: json(SecondFactorResetSchema, 'Reset'),
    400: errorResponses[400],
    ...ownerRefusals,
    404: errorResponses[404],
  },
});

/** Mounted under /api/v1. */
export const secondFactorRoutes = createRouter()
  .openapi(statusRoute, async (c) => {
    const claims = await getClaims(c);
    const policy = claims.secondFactor ?? { enrolled: false, required: false, enrolBy: null };
    c.header('cache-control', 'no-store');
    return c.json(await secondFactorStatus(c.var.deps.db, c.var.auth, claims.uid, policy), 200);
  })
  .openapi(getPolicyRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getSecondFactorPolicy(c.var.deps.db, getAccount(c)), 200);
  })
  .openapi(putPolicyRoute, async (c) => {
    const { required } = c.req.valid('json');
    return c.json(await setSecondFactorPolicy(c.var.deps.db, getAccount(c), required), 200);
  })
  .openapi(resetRoute, async (c) => {
    const { db, mailer, config, sessionCache } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const forget = (ids: readonly string[]) => {
      for (const id of ids) sessionCache.revokeSession(id);
    };
    const { userId } = c.req.valid('param');
    return c.json(await resetMemberSecondFactors(db, mail, getAccount(c), userId, forget), 200);
  });
