import { sharedUserHome, type CurrentUser, type RouteAccess } from '@tenantry/shared';
import type { LastSession } from '#web/features/auth/lib/last-session.ts';

/**
 * What a guard decides for one route and one visitor (the access rules of docs/product.md,
 * Screens).
 * Pure: the router's guard components only render the decision.
 */
export type GuardDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      /** remember where the visitor wanted to go */ rememberFrom?: boolean;
    }
  | { kind: 'notFound' };

const ALLOW: GuardDecision = { kind: 'allow' };
const TO_SIGNIN: GuardDecision = { kind: 'redirect', to: '/signin', rememberFrom: true };

/**
 * A shared user, for redirects: a partner tenant claim (`ptid`) and no own tenant claim (`tid`).
 * Such a user is sent to their client tenant, `tenant/{ttid}`.
 */
export function isPartnerOnly(user: CurrentUser): boolean {
  return user.ptid !== null && user.tid === null;
}

/** Where a partner-only user lands when a route does not allow shared access. */
function sharedHome(user: CurrentUser): GuardDecision {
  // A shared grant always names its tenant; without one there is nothing this user may open.
  return user.ttid ? { kind: 'redirect', to: sharedUserHome(user.ttid) } : { kind: 'notFound' };
}

/** Where the shared sign-in page of a client tenant is (it also explains an ended access). */
export function sharedSignInPath(tenantId: string): string {
  return `/sharedSignin/${encodeURIComponent(tenantId)}`;
}

/**
 * A signed-out visitor on a page that needs a session: the sign-in page, or, when this browser's
 * last session was a shared one (the share was revoked, or it ended), that client tenant's
 * shared sign-in, which says the access has ended.
 */
function toSignIn(last: LastSession | null): GuardDecision {
  return last?.kind === 'shared'
    ? { kind: 'redirect', to: sharedSignInPath(last.tenantId) }
    : TO_SIGNIN;
}

export function decideAccess(
  access: RouteAccess,
  user: CurrentUser | null,
  last: LastSession | null = null,
): GuardDecision {
  switch (access) {
    case 'public':
      return ALLOW;
    case 'guest':
      if (!user) return ALLOW;
      return isPartnerOnly(user) ? sharedHome(user) : { kind: 'redirect', to: '/' };
    case 'auth-shared':
      return user ? ALLOW : toSignIn(last);
    case 'auth':
      if (!user) return toSignIn(last);
      return isPartnerOnly(user) ? sharedHome(user) : ALLOW;
    case 'systemadmin':
      if (!user) return toSignIn(last);
      if (isPartnerOnly(user)) return sharedHome(user);
      // A non-admin gets "not found", which does not confirm that the console exists.
      return user.role === 'systemadmin' ? ALLOW : { kind: 'notFound' };
  }
}

/** Which shell a `main` route uses: the shared-tenant layout for a shared user. */
export function mainLayoutFor(user: CurrentUser | null): 'main' | 'shared' {
  return user?.isSharedUser ? 'shared' : 'main';
}
