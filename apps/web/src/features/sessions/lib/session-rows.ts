import type { SecondFactorKind, SessionInfo, SignInMethod } from '@tenantry/shared';
import { t } from '../messages.ts';
import { describeUserAgent, isMobileUserAgent } from './user-agent.ts';

export interface SessionRow {
  id: string;
  /** "Chrome on Linux" */
  device: string;
  /** A phone or tablet (its icon). */
  mobile: boolean;
  ipAddress: string | null;
  lastActiveAt: string;
  createdAt: string;
  /** The session of this browser. */
  current: boolean;
  /** A shared sign-in (a one-time code for one client tenant). */
  shared: boolean;
  /** How it signed in: "Password and authenticator app"; null when not recorded. */
  signedInWith: string | null;
}

const METHOD_KEYS = {
  password: 'method.password',
  sign_up_code: 'method.signUpCode',
  shared_code: 'method.sharedCode',
  email_link: 'method.emailLink',
  passkey: 'method.passkey',
  support: 'method.support',
  sso: 'method.sso',
} as const satisfies Record<SignInMethod, string>;

const SECOND_FACTOR_KEYS = {
  totp: 'secondFactor.totp',
  backup_code: 'secondFactor.backupCode',
  passkey: 'secondFactor.passkey',
} as const satisfies Record<SecondFactorKind, string>;

/** "Password and authenticator app", "Passkey", "Shared sign-in code"; null: not recorded. */
export function signedInWith(
  method: SignInMethod | null,
  secondFactor: SecondFactorKind | null,
): string | null {
  if (!method) return null;
  const first = t(METHOD_KEYS[method]);
  return secondFactor
    ? t('method.withSecondFactor', {
        method: first,
        secondFactor: t(SECOND_FACTOR_KEYS[secondFactor]),
      })
    : first;
}

/** The sessions as the list shows them: this device first, then the most recently active. */
export function sessionRows(sessions: readonly SessionInfo[]): SessionRow[] {
  return sessions
    .map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      mobile: isMobileUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      lastActiveAt: s.lastActiveAt,
      createdAt: s.createdAt,
      current: s.current,
      shared: s.shared,
      signedInWith: signedInWith(s.signInMethod, s.secondFactor),
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt),
    );
}

/** How many sessions "End all other sessions" would end. */
export function otherSessionCount(sessions: readonly Pick<SessionInfo, 'current'>[]): number {
  return sessions.filter((s) => !s.current).length;
}
