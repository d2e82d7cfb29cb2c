/**
 * The API as the guest pages use it. Types come from the shared contract; the few constants are
 * repeated here with their type taken from the contract (a change there fails the type check
 * here), because importing a value from a `*.schemas.ts` file would bring zod and every schema
 * of that file into the pages (their budget is 80 KB of gzipped JavaScript).
 */
import type {
  CLIENT_CONFIG_ELEMENT_ID,
  CurrentUser,
  InvitationPreview,
  PASSWORD_LIMITS,
  SHARED_SIGNIN_CODE_LENGTH,
  SHARED_SIGNIN_SHARE_PARAM,
  SecondFactorMethod,
  SharedSignInSharer,
  SIGNUP_CODE_LENGTH,
  TOTP_DIGITS as TOTP_DIGITS_CONTRACT,
  SSO_ERROR_CODES,
  SSO_REFUSALS,
} from '@tenantry/shared';

export type { CurrentUser, InvitationPreview, SecondFactorMethod, SharedSignInSharer };

export const PASSWORD: typeof PASSWORD_LIMITS = { min: 8, max: 128 };
export const SIGNUP_CODE_DIGITS: typeof SIGNUP_CODE_LENGTH = 6;
export const SHARED_CODE_DIGITS: typeof SHARED_SIGNIN_CODE_LENGTH = 6;
export const TOTP_DIGITS: typeof TOTP_DIGITS_CONTRACT = 6;
/** The shared sign-in link's query parameter with the share's id (`?share=`). */
export const SHARE_PARAM: typeof SHARED_SIGNIN_SHARE_PARAM = 'share';
export const CONFIG_ELEMENT_ID: typeof CLIENT_CONFIG_ELEMENT_ID = 'tenantry-config';

/** Single sign-on's codes the pages act on (docs/sso.md). */
export const SSO_REQUIRED: (typeof SSO_ERROR_CODES)['required'] = 'sso.required';
export const SSO_NOT_CONFIGURED: (typeof SSO_ERROR_CODES)['notConfigured'] = 'sso.not_configured';
export const SSO_DOMAIN_NOT_COVERED: (typeof SSO_REFUSALS)['domainNotCovered'] =
  'sso.domain_not_covered';
export const SSO_NOT_AVAILABLE: (typeof SSO_REFUSALS)['notAvailable'] = 'sso.not_available';

/** Where Better Auth sends the reset link (features/auth: RESET_PASSWORD_PATH). */
export const RESET_PASSWORD_PATH = '/reset-password';

export const API = {
  me: '/api/v1/me',
  signIn: '/api/auth/sign-in/email',
  signUp: '/api/auth/sign-up/email',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  signUpCode: '/api/v1/signup/code',
  signUpVerify: '/api/v1/signup/verify',
  ssoSignIn: '/api/v1/sso/sign-in',
  sharedCode: (tenantId: string) => `/api/v1/shared-signin/${encodeURIComponent(tenantId)}/code`,
  sharedVerify: (tenantId: string) =>
    `/api/v1/shared-signin/${encodeURIComponent(tenantId)}/verify`,
  sharer: (tenantId: string, shareId: string) =>
    `/api/v1/shared-signin/${encodeURIComponent(tenantId)}/shares/${encodeURIComponent(shareId)}`,
  invitation: (token: string) => `/api/v1/invitations/by-token/${encodeURIComponent(token)}`,
  acceptInvitation: (token: string) =>
    `/api/v1/invitations/by-token/${encodeURIComponent(token)}/accept`,
  // The second step of a sign-in (docs/identity.md): Better Auth's two-factor and passkey plugins.
  verifyTotp: '/api/auth/two-factor/verify-totp',
  verifyBackupCode: '/api/auth/two-factor/verify-backup-code',
  passkeyOptions: '/api/auth/passkey/generate-authenticate-options',
  passkeyVerify: '/api/auth/passkey/verify-authentication',
} as const;

/** What a sign-in step answers when the second factor is still to come. */
export interface SecondFactorAnswer {
  twoFactorRedirect?: boolean;
  twoFactorMethods?: SecondFactorMethod[];
  status?: string;
  methods?: SecondFactorMethod[];
}

/** The methods of the second step, when the answer asks for one; else null (signed in). */
export function secondStepOf(data: unknown): SecondFactorMethod[] | null {
  if (!data || typeof data !== 'object') return null;
  const a = data as SecondFactorAnswer;
  if (a.twoFactorRedirect === true) return a.twoFactorMethods ?? [];
  if (a.status === 'second-factor') return a.methods ?? [];
  return null;
}
