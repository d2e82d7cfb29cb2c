/**
 * Single sign-on's messages, apart from messages.ts so that they load with the SSO form only
 * (SignIn.tsx loads it when asked for: the guest pages' budget).
 */
import type { ApiResult } from './api.ts';
import { SSO_DOMAIN_NOT_COVERED, SSO_NOT_AVAILABLE, SSO_NOT_CONFIGURED } from './contract.ts';
import { GENERIC, transport } from './messages.ts';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/** Why starting a single sign-on failed (`POST /api/v1/sso/sign-in`). */
export function ssoStartErrorMessage(err: Refusal): string {
  if (err.code === SSO_NOT_CONFIGURED) {
    return 'Single sign-on is not set up for this address. Sign in with your password instead.';
  }
  return transport(err) ?? GENERIC;
}

/** Why a single sign-on came back refused (`/signin?sso=failed&error=…`). */
export function ssoFailureMessage(code: string | null): string {
  switch (code) {
    case SSO_DOMAIN_NOT_COVERED:
      return 'You signed in at your identity provider with an address outside your organisation’s single sign-on domains. Sign in there with your work address.';
    case SSO_NOT_AVAILABLE:
      return 'Single sign-on is not available for this account now. Sign in with your password, or ask an owner of the account.';
    case 'access_denied':
      return 'Your identity provider did not let you in. Ask your administrator if you think this is a mistake.';
    default:
      return 'Single sign-on did not complete. Please try again; if it keeps failing, ask an owner of the account.';
  }
}
