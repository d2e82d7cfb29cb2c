import { AUTH_ERROR_CODES, SSO_ERROR_CODES, type SignUpVerified } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { isBetterAuthClientError, type Auth } from '../../auth/auth.ts';
import { secondFactorStep } from '../../auth/second-factor-step.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';

/** The one failure of the code step: wrong, expired, used up, or no such sign-up. */
export const invalidSignUpCode = () =>
  new AppError(
    AUTH_ERROR_CODES.invalidCode,
    400,
    'That code is not valid or has expired. Ask for a new code and try again.',
    { code: 'Not valid or expired.' },
  );

/**
 * Checks the sign-up code through Better Auth (which marks the address verified and, with
 * autoSignInAfterVerification, opens the first session) and answers the session's cookies —
 * or, for an address with a second factor, the challenge of its second step (the gate of
 * auth/second-factor.ts: the code alone opens no session). Every failure looks the same,
 * whether or not the address has an account.
 */
export async function verifySignUp(
  input: { email: string; code: string; requestHeaders: Headers },
  identity: { auth: Auth },
): Promise<{ setCookies: string[]; result: SignUpVerified }> {
  const headers = new Headers(input.requestHeaders);
  headers.delete('cookie');
  try {
    const result = await identity.auth.api.verifyEmailOTP({
      body: { email: input.email, otp: input.code },
      headers,
      returnHeaders: true,
    });
    const step = secondFactorStep(result.response);
    return { setCookies: result.headers.getSetCookie(), result: step ?? { status: 'signed-in' } };
  } catch (err) {
    // The address's domain requires single sign-on (auth/sso.ts): said as it is.
    const body = (err as { body?: { code?: unknown; message?: unknown } }).body;
    if (body?.code === SSO_ERROR_CODES.required) {
      throw new AppError(SSO_ERROR_CODES.required, 403, String(body.message));
    }
    if (isBetterAuthClientError(err)) throw invalidSignUpCode();
    throw err;
  }
}

/**
 * Sends a new code to an address that signed up and is not verified yet; does nothing for any
 * other address. The caller answers the same either way.
 */
export async function resendSignUpCode(
  db: Database,
  input: { email: string },
  identity: { auth: Auth; log: Logger },
): Promise<void> {
  const [user] = await db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (!user || user.verified) return;
  try {
    await identity.auth.api.sendVerificationOTP({
      body: { email: input.email, type: 'email-verification' },
    });
  } catch (err) {
    identity.log.warn({ err }, 'could not send a sign-up code');
  }
}
