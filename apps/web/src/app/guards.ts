import type { CurrentUser, RouteAccess } from '@tenantry/shared';
// From the zod-free routes file: the guest pages' entry (src/guest) decides with this module too.
import { sharedUserHome } from '@tenantry/shared/routes';
import type { LastSession } from '#web/features/auth/lib/last-session.ts';
import { nextFromSearch, type SignInState } from '#web/features/auth/lib/next-path.ts';

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

/** Where a member who must set up a second factor first is sent (docs/identity.md). */
export const SECOND_FACTOR_ENROL_PATH = '/admin/security';

/**
 * The account requires a second factor, this member has none and their days to enrol are over:
 * every page but admin/security (and signing out) sends them there. Null when it does not apply.
 */
export function secondFactorRedirect(
  user: CurrentUser | null,
  pathname: string,
  now = Date.now(),
): string | null {
  const claim = user?.secondFactor;
  if (!claim?.required || claim.enrolled || !claim.enrolBy) return null;
  if (Date.parse(claim.enrolBy) > now) return null;
  if (pathname === SECOND_FACTOR_ENROL_PATH || pathname === '/signout') return null;
  return SECOND_FACTOR_ENROL_PATH;
}

/** Which shell a `main` route uses: the shared-tenant layout for a shared user. */
export function mainLayoutFor(user: CurrentUser | null): 'main' | 'shared' {
  return user?.isSharedUser ? 'shared' : 'main';
}

/**
 * Where a signed-in visitor leaves a guest page for (the guard said `redirect`): when the guard
 * sends them home, back where they were headed before signing in (`from`), else where a link
 * asked to return to (`?next=`, same-origin paths only); otherwise the guard's own target (a
 * shared user's client tenant). The main app's router and the guest pages' entry both use it.
 */
export function guestPageExit(
  decision: Extract<GuardDecision, { kind: 'redirect' }>,
  state: SignInState | null,
  search: string,
): string {
  if (decision.to !== '/') return decision.to;
  const from = state?.from;
  if (from?.pathname.startsWith('/')) return `${from.pathname}${from.search}${from.hash}`;
  return nextFromSearch(search) ?? decision.to;
}
