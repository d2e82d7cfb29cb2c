/**
 * The product's route table (docs/product.md, "Screens") as data: one row per path pattern, with its screen
 * (the route name used as the analytics title when there is no tab), its layout and its guard.
 * The web router is generated from this table; nothing else decides who may open a route.
 */

/** Who may open a route. */
export type RouteAccess =
  /** Signed-in users; a shared user (ptid, no tid) is sent to tenant/{ttid}. */
  | 'auth'
  /** Signed-in users including shared users (tenant pages, sign-out). */
  | 'auth-shared'
  /** Signed-in system admins only (adminUI claim). */
  | 'systemadmin'
  /** Signed-out visitors only; a signed-in visitor is sent on. */
  | 'guest'
  /** Anyone, no sign-in needed. */
  | 'public';

export type RouteLayout = 'main' | 'bare';

export type ScreenName =
  | 'welcome'
  | 'explore'
  | 'tenantList'
  | 'tenant'
  | 'baselineView'
  | 'assessmentResults'
  | 'acrossClients'
  | 'admin'
  | 'support'
  | 'roadmap'
  | 'developer'
  | 'contentAdmin'
  | 'service'
  | 'upgradeSuccess'
  | 'downgradeSuccess'
  | 'checkoutSuccess'
  | 'checkoutCancel'
  | 'assessmentLanding'
  | 'signin'
  | 'sharedSignin'
  | 'signup'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'invitation'
  | 'signout'
  | 'notFound';

/**
 * Which page of the web build serves a route: the main app (`index.html`, the default) or the
 * guest pages' own small entry (`guest.html`: sign-in, sign-up, shared sign-in, password reset,
 * invitation; docs/architecture.md, "Entries"). The server, `vite dev`/`preview` and both apps
 * read it from here.
 */
export type RouteEntry = 'app' | 'guest';

export interface RouteDef {
  /**
   * React Router path pattern (params: tab, focus, tenantId, tid, ttid; an assessment's
   * results add view; one question across clients frameworkId and questionKey).
   */
  path: string;
  screen: ScreenName;
  access: RouteAccess;
  layout: RouteLayout;
  /** Served by the guest entry (guest.html) instead of the main app; absent: the main app. */
  entry?: 'guest';
}

/** Seed §2, row by row. `layout: 'main'` becomes the shared-tenant layout for a shared user. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', screen: 'welcome', access: 'auth', layout: 'main' },
  { path: '/home', screen: 'welcome', access: 'auth', layout: 'main' },
  { path: '/explore', screen: 'explore', access: 'auth', layout: 'main' },
  { path: '/explore/:tab', screen: 'explore', access: 'auth', layout: 'main' },
  { path: '/explore/:tab/:tenantId', screen: 'explore', access: 'auth', layout: 'main' },
  { path: '/tenant', screen: 'tenantList', access: 'auth', layout: 'main' },
  { path: '/tenant/:tenantId', screen: 'tenant', access: 'auth-shared', layout: 'main' },
  { path: '/tenant/:tenantId/:tab', screen: 'tenant', access: 'auth-shared', layout: 'main' },
  {
    path: '/tenant/:tenantId/:tab/:focus',
    screen: 'baselineView',
    access: 'auth-shared',
    layout: 'main',
  },
  // An assessment's results: tenant/{tenantId}/assessments/{assessmentId}/results.
  {
    path: '/tenant/:tenantId/:tab/:focus/:view',
    screen: 'assessmentResults',
    access: 'auth-shared',
    layout: 'main',
  },
  // One question across all clients (members only, account-wide).
  {
    path: '/questions/:frameworkId/:questionKey',
    screen: 'acrossClients',
    access: 'auth',
    layout: 'main',
  },
  { path: '/admin', screen: 'admin', access: 'auth', layout: 'main' },
  { path: '/admin/:tab', screen: 'admin', access: 'auth', layout: 'main' },
  { path: '/support', screen: 'support', access: 'auth', layout: 'main' },
  { path: '/roadmap', screen: 'roadmap', access: 'auth', layout: 'main' },
  { path: '/developer', screen: 'developer', access: 'auth', layout: 'main' },
  { path: '/contentAdmin', screen: 'contentAdmin', access: 'auth', layout: 'main' },
  { path: '/contentAdmin/:tab', screen: 'contentAdmin', access: 'auth', layout: 'main' },
  { path: '/contentAdmin/:tab/:focus', screen: 'contentAdmin', access: 'auth', layout: 'main' },
  { path: '/service', screen: 'service', access: 'systemadmin', layout: 'main' },
  { path: '/service/:tab', screen: 'service', access: 'systemadmin', layout: 'main' },
  { path: '/service/:tab/:focus', screen: 'service', access: 'systemadmin', layout: 'main' },
  { path: '/service/tenants/:tid', screen: 'service', access: 'systemadmin', layout: 'main' },
  {
    path: '/service/tenants/:tid/:ttid',
    screen: 'service',
    access: 'systemadmin',
    layout: 'main',
  },
  {
    path: '/service/tenants/:tid/:ttid/:focus',
    screen: 'service',
    access: 'systemadmin',
    layout: 'main',
  },
  // Seed: access "not shown". They record an analytics event for the signed-in user and
  // redirect to /admin, which itself requires auth.
  { path: '/upgrade-success', screen: 'upgradeSuccess', access: 'public', layout: 'bare' },
  { path: '/downgrade-success', screen: 'downgradeSuccess', access: 'public', layout: 'bare' },
  { path: '/checkout-success', screen: 'checkoutSuccess', access: 'public', layout: 'bare' },
  { path: '/checkout-cancel', screen: 'checkoutCancel', access: 'public', layout: 'bare' },
  {
    path: '/in-progress/:tid/:ttid',
    screen: 'assessmentLanding',
    access: 'public',
    layout: 'bare',
  },
  // The e-mails' "Stop reminders" page, on the respondent page's entry.
  {
    path: '/in-progress/:tid/:ttid/reminders',
    screen: 'assessmentLanding',
    access: 'public',
    layout: 'bare',
  },
  { path: '/signin', screen: 'signin', access: 'guest', layout: 'bare', entry: 'guest' },
  {
    path: '/sharedSignin/:tenantId',
    screen: 'sharedSignin',
    access: 'guest',
    layout: 'bare',
    entry: 'guest',
  },
  { path: '/signout', screen: 'signout', access: 'auth-shared', layout: 'bare' },
  // Identity pages the specification leaves to the identity provider; ours are first-party pages.
  { path: '/signup', screen: 'signup', access: 'guest', layout: 'bare', entry: 'guest' },
  {
    path: '/forgot-password',
    screen: 'forgotPassword',
    access: 'guest',
    layout: 'bare',
    entry: 'guest',
  },
  {
    path: '/reset-password',
    screen: 'resetPassword',
    access: 'public',
    layout: 'bare',
    entry: 'guest',
  },
  { path: '/verify-email', screen: 'verifyEmail', access: 'public', layout: 'bare' },
  // An account invitation link (e-mailed): public, the page itself asks to sign in or up.
  {
    path: '/invitations/:token',
    screen: 'invitation',
    access: 'public',
    layout: 'bare',
    entry: 'guest',
  },
  { path: '*', screen: 'notFound', access: 'public', layout: 'bare' },
];

/**
 * A route pattern as a regular expression over `location.pathname` (case-insensitive, optional
 * trailing slash, like React Router), or null for the catch-all `*`.
 */
export function routePatternToRegExp(pattern: string): string | null {
  if (pattern === '*') return null;
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
}

/** The guest entry's routes (`entry: 'guest'`), each with its pattern. */
export const GUEST_ROUTES: readonly (RouteDef & { pattern: RegExp })[] = ROUTES.filter(
  (r) => r.entry === 'guest',
).map((r) => ({ ...r, pattern: new RegExp(routePatternToRegExp(r.path)!, 'i') }));

/** The guest route a pathname opens, with its parameters (decoded), or null. */
export function matchGuestRoute(
  pathname: string,
): { route: RouteDef; params: Record<string, string> } | null {
  for (const r of GUEST_ROUTES) {
    if (!r.pattern.test(pathname)) continue;
    const values = pathname.split('/').filter(Boolean);
    const segments = r.path.split('/').filter(Boolean);
    const params: Record<string, string> = {};
    segments.forEach((seg, i) => {
      if (!seg.startsWith(':')) return;
      try {
        params[seg.slice(1)] = decodeURIComponent(values[i] ?? '');
      } catch {
        params[seg.slice(1)] = values[i] ?? '';
      }
    });
    return { route: r, params };
  }
  return null;
}

/** Whether the guest entry (guest.html) serves this pathname. */
export function isGuestPagePath(pathname: string): boolean {
  return GUEST_ROUTES.some((r) => r.pattern.test(pathname));
}

/** Checkout/subscription outcome routes: event to record, then go to /admin. */
export const CHECKOUT_OUTCOMES = {
  upgradeSuccess: 'upgrade_subscription',
  downgradeSuccess: 'downgrade_subscription',
  checkoutSuccess: 'purchase',
  checkoutCancel: 'checkout_cancelled',
} as const satisfies Partial<Record<ScreenName, string>>;

/** Tabs of each tabbed screen (docs/product.md, "Screens"); the first is the default. */
export const SCREEN_TABS = {
  explore: ['frameworks', 'playbooks', 'articles'],
  tenant: ['overview', 'assessments', 'baseline', 'remediation', 'evidence', 'sharing', 'settings'],
  admin: ['general', 'members', 'billing', 'sharing', 'security', 'audit', 'schedules'],
  contentAdmin: ['frameworks', 'playbooks', 'articles', 'media'],
  service: [
    'overview',
    'accounts',
    'users',
    'subscriptions',
    'support',
    'feedback',
    'roadmap',
    'analytics',
    'audit',
    'system',
  ],
} as const;

/** Human titles of the screens (document title and headings). */
export const SCREEN_TITLES: Record<ScreenName, string> = {
  welcome: 'Welcome',
  explore: 'Explore',
  tenantList: 'Client tenants',
  tenant: 'Client tenant',
  baselineView: 'Baseline view',
  assessmentResults: 'Assessment results',
  acrossClients: 'Across clients',
  admin: 'Account',
  support: 'Support',
  roadmap: 'Roadmap',
  developer: 'Developer',
  contentAdmin: 'Content admin',
  service: 'Service console',
  upgradeSuccess: 'Upgrade complete',
  downgradeSuccess: 'Downgrade complete',
  checkoutSuccess: 'Purchase complete',
  checkoutCancel: 'Checkout cancelled',
  assessmentLanding: 'Assessment',
  signin: 'Sign in',
  sharedSignin: 'Shared sign-in',
  signup: 'Create your account',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  verifyEmail: 'Verify e-mail',
  invitation: 'Invitation',
  signout: 'Sign out',
  notFound: 'Page not found',
};

/**
 * The page_view title: the tab parameter, otherwise the route name.
 */
export function pageViewTitle(screen: ScreenName, params: { tab?: string | undefined }): string {
  return params.tab ?? screen;
}

/** Where a shared user (ptid, no tid) goes when a route does not allow shared access. */
export function sharedUserHome(ttid: string): string {
  return `/tenant/${encodeURIComponent(ttid)}`;
}
