/**
 * The service console's users as the screen shows them: the search and filters read from and
 * written to the URL (`?q=&role=&disabled=&verified=`), and labels.
 */
import { SYSTEM_ROLES, type SystemRole } from '@tenantry/shared';
import { t } from '../../messages.ts';

export type Flag = 'true' | 'false' | '';

export interface UserFilters {
  /** The search as sent (trimmed); '' for none. */
  q: string;
  role: SystemRole | '';
  disabled: Flag;
  verified: Flag;
}

export const DEFAULT_USER_FILTERS: UserFilters = { q: '', role: '', disabled: '', verified: '' };

const flag = (v: string | null): Flag => (v === 'true' || v === 'false' ? v : '');

/** The filters of `?q=…&role=…&disabled=…&verified=…`; an unknown value is no filter. */
export function readUserFilters(params: URLSearchParams): UserFilters {
  const role = params.get('role');
  return {
    q: (params.get('q') ?? '').trim(),
    role: (SYSTEM_ROLES as readonly (string | null)[]).includes(role) ? (role as SystemRole) : '',
    disabled: flag(params.get('disabled')),
    verified: flag(params.get('verified')),
  };
}

/** `params` with the filters changed; empty ones are left out of the URL. */
export function writeUserFilters(
  params: URLSearchParams,
  patch: Partial<UserFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (!value) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The query string of the list request (no empty filter). */
export function userListQuery(filters: UserFilters): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) qs.set(key, value);
  return qs;
}

const ROLE_KEYS = {
  admin: 'users.role.admin',
  developer: 'users.role.developer',
} as const satisfies Record<SystemRole, string>;

export const roleLabel = (role: SystemRole): string => t(ROLE_KEYS[role]);

/** The message of `code` in `keys`, in words; undefined for a code it does not know. */
function wordsOf(keys: Record<string, Parameters<typeof t>[0]>, code: string | null | undefined) {
  return code && Object.hasOwn(keys, code) ? t(keys[code]!) : undefined;
}

/** Why a sign-in was refused, in words. */
const SIGN_IN_REASON_KEYS = {
  invalid_credentials: 'users.signIns.reason.invalidCredentials',
  email_not_verified: 'users.signIns.reason.emailNotVerified',
  user_disabled: 'users.signIns.reason.userDisabled',
  invalid_code: 'users.signIns.reason.invalidCode',
  invalid_second_factor: 'users.signIns.reason.invalidSecondFactor',
  sso_domain_not_covered: 'users.signIns.reason.ssoDomainNotCovered',
  code_expired: 'users.signIns.reason.codeExpired',
  too_many_attempts: 'users.signIns.reason.tooManyAttempts',
} as const;
export const signInReason = (code: string | null | undefined) => wordsOf(SIGN_IN_REASON_KEYS, code);

const SIGN_IN_METHOD_KEYS = {
  password: 'users.signIns.method.password',
  email_link: 'users.signIns.method.emailLink',
  sign_up_code: 'users.signIns.method.signUpCode',
  shared_code: 'users.signIns.method.sharedCode',
  passkey: 'users.signIns.method.passkey',
  support: 'users.signIns.method.support',
  sso: 'users.signIns.method.sso',
} as const;
export const signInMethod = (code: string | null | undefined) => wordsOf(SIGN_IN_METHOD_KEYS, code);

/** The second factor a sign-in gave, in words. */
const SECOND_FACTOR_KEYS = {
  totp: 'users.signIns.secondFactor.totp',
  backup_code: 'users.signIns.secondFactor.backupCode',
  passkey: 'users.signIns.secondFactor.passkey',
} as const;
export const secondFactorWords = (code: string | null | undefined) =>
  wordsOf(SECOND_FACTOR_KEYS, code);

/** "Authenticator app and 2 passkeys", "Not enrolled". */
export function secondFactorSummary(f: { enrolled: boolean; totp: boolean; passkeys: number }) {
  if (!f.enrolled) return t('users.secondFactor.notEnrolled');
  if (f.totp && f.passkeys > 0)
    return t('users.secondFactor.totpAndPasskeys', { count: f.passkeys });
  if (f.totp) return t('users.secondFactor.totp');
  if (f.passkeys > 0) return t('users.secondFactor.passkeys', { count: f.passkeys });
  return '';
}
