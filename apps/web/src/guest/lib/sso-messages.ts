/**
 * Single sign-on's messages, apart from messages.ts so that they load with the SSO form only
 * (SignIn.tsx loads it when asked for: the guest pages' budget).
 */
import type { ApiResult } from './api.ts';
import { SSO_DOMAIN_NOT_COVERED, SSO_NOT_AVAILABLE, SSO_NOT_CONFIGURED } from './contract.ts';
import { t } from '../messages.ts';
import { genericErrorMessage } from './messages.ts';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/** Why starting a single sign-on failed (`POST /api/v1/sso/sign-in`). */
export function ssoStartErrorMessage(err: Refusal): string {
  if (err.code === SSO_NOT_CONFIGURED) {
    return t('sso.error.notConfigured');
  }
  return genericErrorMessage(err);
}

/** Why a single sign-on came back refused (`/signin?sso=failed&error=…`). */
export function ssoFailureMessage(code: string | null): string {
  switch (code) {
    case SSO_DOMAIN_NOT_COVERED:
      return t('sso.failure.domainNotCovered');
    case SSO_NOT_AVAILABLE:
      return t('sso.failure.notAvailable');
    case 'access_denied':
      return t('sso.failure.accessDenied');
    default:
      return t('sso.failure.other');
  }
}
