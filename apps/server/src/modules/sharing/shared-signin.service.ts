import { SHARING_ERROR_CODES, type Locale, type SharedSignInResult } from '@tenantry/shared';
import { isBetterAuthClientError, type Auth } from '../../auth/auth.ts';
import { secondFactorStep } from '../../auth/second-factor-step.ts';
import { runSharedSignIn } from '../../auth/shared-signin-context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { findActiveGrant, markGrantUsed } from './sharing.service.ts';

/** The one failure of a shared sign-in: wrong, expired or used code, or no (longer a) share. */
export const invalidSharedCode = () =>
  new AppError(
    SHARING_ERROR_CODES.invalidCode,
    400,
    'That code is not valid or has expired. Ask for a new code and try again.',
    { code: 'Not valid or expired.' },
  );

/**
 * Sends a one-time sign-in code by e-mail when (tenantId, email) has an active share grant;
 * otherwise does nothing. The caller answers the same in both cases (no enumeration).
 */
export async function requestSharedSignInCode(
  db: Database,
  scope: { tenantId: string },
  input: { email: string },
  identity: { auth: Auth; log: Logger },
  /** The page's language: the code's e-mail is written in it. */
  locale: Locale = 'en',
): Promise<void> {
  const { tenantId } = scope;
  const { email } = input;
  const grant = await findActiveGrant(db, tenantId, email);
  if (!grant) return;
  try {
    await runSharedSignIn(
      {
        accountId: grant.accountId,
        tenantId,
        tenantName: grant.tenantName,
        accountName: grant.accountName,
        locale,
      },
      () => identity.auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' } }),
    );
  } catch (err) {
    // Logged, not shown: the answer must not differ from "no grant".
    identity.log.warn({ err, tenantId }, 'could not send a shared sign-in code');
  }
}

/**
 * Checks the code through Better Auth's e-mail OTP sign-in (which creates the user when new,
 * without an own account) and returns the Set-Cookie headers of the new session, whose
 * `sharedTenantId` is this tenant. The grant is checked before (no user is created without a
 * share) and the session's claims check it again on every request. When the address has a
 * second factor, the code opens no session: the answer is the challenge of the second step,
 * which then opens the shared session for this tenant (auth/second-factor.ts).
 */
export async function verifySharedSignIn(
  db: Database,
  scope: { tenantId: string },
  input: { email: string; code: string; requestHeaders: Headers },
  identity: { auth: Auth },
): Promise<{ setCookies: string[]; result: SharedSignInResult }> {
  const { tenantId } = scope;
  const { email, code, requestHeaders } = input;
  const grant = await findActiveGrant(db, tenantId, email);
  if (!grant) throw invalidSharedCode();
  // Better Auth reads the client address and user agent of the session from these; it must
  // not see the visitor's current session cookie (a new session is made regardless).
  const headers = new Headers(requestHeaders);
  headers.delete('cookie');
  let setCookies: string[];
  let step: ReturnType<typeof secondFactorStep>;
  try {
    const result = await runSharedSignIn(
      {
        accountId: grant.accountId,
        tenantId,
        tenantName: grant.tenantName,
        accountName: grant.accountName,
      },
      () =>
        identity.auth.api.signInEmailOTP({
          body: { email, otp: code },
          headers,
          returnHeaders: true,
        }),
    );
    setCookies = result.headers.getSetCookie();
    step = secondFactorStep(result.response);
  } catch (err) {
    if (isBetterAuthClientError(err)) throw invalidSharedCode();
    throw err;
  }
  await markGrantUsed(db, grant.id);
  return { setCookies, result: step ? { tenantId, ...step } : { tenantId, status: 'signed-in' } };
}
