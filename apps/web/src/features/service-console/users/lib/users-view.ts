/**
 * The service console's users as the screen shows them: the search and filters read from and
 * written to the URL (`?q=&role=&disabled=&verified=`), and labels.
 */
import { SYSTEM_ROLES, type SystemRole } from '@tenantry/shared';

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

export const ROLE_LABELS: Record<SystemRole, string> = {
  admin: 'System admin',
  developer: 'Developer',
};

/** Why a sign-in was refused, in words. */
export const SIGN_IN_REASONS: Record<string, string> = {
  invalid_credentials: 'Wrong e-mail or password',
  email_not_verified: 'E-mail not verified',
  user_disabled: 'User disabled',
  invalid_code: 'Wrong code',
  invalid_second_factor: 'Wrong second-factor code',
  sso_domain_not_covered: 'Address outside the single sign-on domains',
  code_expired: 'Code expired',
  too_many_attempts: 'Too many attempts',
};

export const SIGN_IN_METHODS: Record<string, string> = {
  password: 'Password',
  email_link: 'E-mail link',
  sign_up_code: 'Sign-up code',
  shared_code: 'Shared sign-in code',
  passkey: 'Passkey',
  support: 'Support session',
  sso: 'Single sign-on',
};

/** The second factor a sign-in gave, in words. */
export const SECOND_FACTORS: Record<string, string> = {
  totp: 'authenticator app',
  backup_code: 'backup code',
  passkey: 'passkey',
};

/** "Authenticator app and 2 passkeys", "Not enrolled". */
export function secondFactorSummary(f: { enrolled: boolean; totp: boolean; passkeys: number }) {
  if (!f.enrolled) return 'Not enrolled';
  const parts = [
    f.totp ? 'Authenticator app' : null,
    f.passkeys > 0 ? `${f.passkeys} passkey${f.passkeys === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return parts.join(' and ');
}
