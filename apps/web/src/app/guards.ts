import { sharedUserHome, type CurrentUser, type RouteAccess } from '@tenantry/shared';

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

export function decideAccess(access: RouteAccess, user: CurrentUser | null): GuardDecision {
  switch (access) {
    case 'public':
      return ALLOW;
    case 'guest':
      if (!user) return ALLOW;
      return isPartnerOnly(user) ? sharedHome(user) : { kind: 'redirect', to: '/' };
    case 'auth-shared':
      return user ? ALLOW : TO_SIGNIN;
    case 'auth':
      if (!user) return TO_SIGNIN;
      return isPartnerOnly(user) ? sharedHome(user) : ALLOW;
    case 'systemadmin':
      if (!user) return TO_SIGNIN;
      if (isPartnerOnly(user)) return sharedHome(user);
      // A non-admin gets "not found", which does not confirm that the console exists.
      return user.role === 'systemadmin' ? ALLOW : { kind: 'notFound' };
  }
}

/** Which shell a `main` route uses: the shared-tenant layout for a shared user. */
export function mainLayoutFor(user: CurrentUser | null): 'main' | 'shared' {
  return user?.isSharedUser ? 'shared' : 'main';
}
