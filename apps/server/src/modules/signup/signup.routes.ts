import { createRoute } from '@hono/zod-openapi';
import {
  SignUpCodeRequestSchema,
  SignUpCodeSentSchema,
  SignUpVerifiedSchema,
  SignUpVerifySchema,
} from '@tenantry/shared';
import { EMAIL_CODE_RATE_LIMITS } from '../../auth/auth.ts';
import { authApiHeaders } from '../../auth/handler.ts';
import { createRouter } from '../../auth/context.ts';
import { limitByAddress } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { resendSignUpCode, verifySignUp } from './signup.service.ts';

const TAGS = ['signup'];

const codeRoute = createRoute({
  method: 'post',
  path: '/signup/code',
  tags: TAGS,
  summary: 'Sign-up: e-mail a new code to an address that signed up and is not verified yet',
  description:
    'Always answers 202 with the same body, whether or not the address has an account. Sign-up itself is `POST /api/auth/sign-up/email`, which e-mails the first code.',
  middleware: limitByAddress('signup.code', EMAIL_CODE_RATE_LIMITS.code),
  request: { body: jsonBody(SignUpCodeRequestSchema) },
  responses: {
    202: json(SignUpCodeSentSchema, 'Sent if there is such a sign-up'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/signup/verify',
  tags: TAGS,
  summary: 'Sign-up: the code from the e-mail proves the address and signs in',
  description:
    'Sets the session cookie. When the address has a second factor (docs/identity.md), opens no session: answers `{ status: "second-factor", methods }` and sets the challenge cookie of Better Auth’s two-factor step (`POST /api/auth/two-factor/verify-totp`, `/verify-backup-code`, or a passkey). A wrong, expired or used code, or an address without a pending sign-up, answers 400 `auth.invalid_code`; an address whose domain requires single sign-on, 403 `sso.required` (docs/sso.md).',
  middleware: limitByAddress('signup.verify', EMAIL_CODE_RATE_LIMITS.verify),
  request: { body: jsonBody(SignUpVerifySchema) },
  responses: {
    200: json(SignUpVerifiedSchema, 'Signed in, or the second step asked for'),
    400: errorResponses[400],
    403: errorResponse('The address’s domain signs in with single sign-on (`sso.required`)'),
    429: errorResponses[429],
  },
});

export const signupRoutes = createRouter()
  .openapi(codeRoute, async (c) => {
    const identity = { auth: c.var.auth, log: c.var.log };
    await resendSignUpCode(c.var.deps.db, c.req.valid('json'), identity);
    return c.json({ status: 'sent' as const }, 202);
  })
  .openapi(verifyRoute, async (c) => {
    const input = { ...c.req.valid('json'), requestHeaders: authApiHeaders(c) };
    const { setCookies, result } = await verifySignUp(input, { auth: c.var.auth });
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    c.header('cache-control', 'no-store');
    return c.json(result, 200);
  });
