/**
 * Security events (docs/service-console.md, "Security events"): every new session a sign-in
 * opens (`auth.signed_in`) and every refused sign-in (`auth.sign_in_failed`), handed to the
 * AuthHooks (app.ts records them in the system-wide audit log). Both come from Better Auth,
 * whoever called it: its HTTP endpoints (password sign-in, the e-mail link) and the module
 * routes that call `auth.api.*` (the sign-up code, the shared sign-in code). The client address
 * is the one the app trusts (CLIENT_IP_HEADER, set from `deps.clientIp` by auth/handler.ts and
 * `authApiHeaders`), never one the client sent.
 */
import type { SecondFactorKind, SignInMethod } from '@tenantry/shared';
import { createAuthMiddleware } from 'better-auth/api';
import type { Logger } from '../lib/logger.ts';

export type { SignInMethod };

/** The Better Auth endpoints whose refusal of an address is a failed sign-in, and how. */
const SIGN_IN_PATHS: Record<string, SignInMethod> = {
  '/sign-in/email': 'password',
  '/email-otp/verify-email': 'sign_up_code',
  '/sign-in/email-otp': 'shared_code',
  '/verify-email': 'email_link',
};

/**
 * The reasons a sign-in is refused, by Better Auth's error code (`data.reason`). Anything else
 * (a malformed body, a server error) is no failed sign-in and is not recorded; nor is a request
 * the rate limiter turned away (it never reached the endpoint, and recording it would let a
 * flood write without limit).
 */
const FAILURE_REASONS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  BANNED_USER: 'user_disabled',
  INVALID_OTP: 'invalid_code',
  OTP_EXPIRED: 'code_expired',
  TOO_MANY_ATTEMPTS: 'too_many_attempts',
};

export interface SignInRequest {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface SecurityEventHooks {
  /**
   * A sign-in opened a session (after its second step, when the user has a second factor).
   * Awaited after the session is stored; never fails the sign-in.
   */
  onSignedIn(
    event: SignInRequest & {
      userId: string;
      method: SignInMethod;
      secondFactor: SecondFactorKind | null;
    },
  ): Promise<void>;
  /**
   * A sign-in was refused. Not awaited: the refusal is answered at once, the same for a known
   * and an unknown address.
   */
  onSignInFailed(
    event: SignInRequest & {
      email: string;
      method: SignInMethod;
      reason: string;
      /** A refused second step: the factor tried. */
      secondFactor?: SecondFactorKind;
    },
  ): Promise<void>;
}

/** The endpoint context as the hooks see it (only what is read here). */
interface EndpointContext {
  path?: string;
  request?: Request;
  headers?: Headers;
}

/** The trusted client address and the user agent of the request behind an endpoint call. */
function requestOf(ctx: EndpointContext | null | undefined, ipHeader: string): SignInRequest {
  const headers = ctx?.request?.headers ?? ctx?.headers;
  return {
    ipAddress: headers?.get(ipHeader) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
  };
}

/** The code of what an endpoint answered when it is Better Auth's APIError (any copy of the class). */
export function apiErrorCode(returned: unknown): string | undefined {
  if (!returned || typeof returned !== 'object') return undefined;
  const error = returned as { name?: unknown; body?: { code?: unknown } };
  if (error.name !== 'APIError') return undefined;
  return typeof error.body?.code === 'string' ? error.body.code : undefined;
}

/** Better Auth's `hooks.after`: records a refused sign-in without making the answer wait. */
export function signInFailureRecorder(hooks: SecurityEventHooks, log: Logger, ipHeader: string) {
  return createAuthMiddleware(async (ctx) => {
    const method = SIGN_IN_PATHS[ctx.path];
    const code = method ? apiErrorCode(ctx.context.returned) : undefined;
    const reason = code ? FAILURE_REASONS[code] : undefined;
    const body = ctx.body as { email?: unknown } | undefined;
    if (!method || !reason || typeof body?.email !== 'string') return;
    const event = { email: body.email, method, reason, ...requestOf(ctx, ipHeader) };
    void hooks.onSignInFailed(event).catch((err: unknown) => {
      log.error({ err }, 'could not record a failed sign-in');
    });
  });
}
