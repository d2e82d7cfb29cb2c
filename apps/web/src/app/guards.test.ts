import { ROUTES, type CurrentUser, type RouteAccess } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, SHARED, USER } from '#web/test/fixtures.ts';
import { decideAccess, mainLayoutFor, secondFactorRedirect, type GuardDecision } from './guards.ts';

const allow: GuardDecision = { kind: 'allow' };
const toSignin: GuardDecision = { kind: 'redirect', to: '/signin', rememberFrom: true };
const toSharedTenant: GuardDecision = { kind: 'redirect', to: '/tenant/client7' };
const home: GuardDecision = { kind: 'redirect', to: '/' };
const notFound: GuardDecision = { kind: 'notFound' };

type Visitor = 'signed out' | 'user' | 'system admin' | 'shared user';
const VISITORS: Record<Visitor, CurrentUser | null> = {
  'signed out': null,
  user: USER,
  'system admin': ADMIN,
  'shared user': SHARED,
};

const EXPECTED: Record<RouteAccess, Record<Visitor, GuardDecision>> = {
  auth: {
    'signed out': toSignin,
    user: allow,
    'system admin': allow,
    'shared user': toSharedTenant,
  },
  'auth-shared': {
    'signed out': toSignin,
    user: allow,
    'system admin': allow,
    'shared user': allow,
  },
  systemadmin: {
    'signed out': toSignin,
    user: notFound,
    'system admin': allow,
    'shared user': toSharedTenant,
  },
  guest: { 'signed out': allow, user: home, 'system admin': home, 'shared user': toSharedTenant },
  public: { 'signed out': allow, user: allow, 'system admin': allow, 'shared user': allow },
};

describe('route guards (who may open which route)', () => {
  for (const [access, byVisitor] of Object.entries(EXPECTED) as [
    RouteAccess,
    Record<Visitor, GuardDecision>,
  ][]) {
    for (const [visitor, expected] of Object.entries(byVisitor) as [Visitor, GuardDecision][]) {
      it(`${access}: ${visitor} → ${expected.kind === 'redirect' ? expected.to : expected.kind}`, () => {
        expect(decideAccess(access, VISITORS[visitor])).toEqual(expected);
      });
    }
  }

  it('a shared user who also has an own account is not sent away from auth routes', () => {
    const both = { ...SHARED, tid: 'acc1' };
    expect(decideAccess('auth', both)).toEqual(allow);
    expect(decideAccess('guest', both)).toEqual(home);
  });

  it('the target tenant id is URL-encoded in the redirect', () => {
    expect(decideAccess('auth', { ...SHARED, ttid: 'a/b c' })).toEqual({
      kind: 'redirect',
      to: '/tenant/a%2Fb%20c',
    });
  });

  it('a signed-out visitor whose last session here was shared goes to that tenant’s shared sign-in', () => {
    const last = { kind: 'shared', tenantId: 'a/b', tenantName: 'Acme' } as const;
    const toShared: GuardDecision = { kind: 'redirect', to: '/sharedSignin/a%2Fb' };
    expect(decideAccess('auth-shared', null, last)).toEqual(toShared);
    expect(decideAccess('auth', null, last)).toEqual(toShared);
    expect(decideAccess('systemadmin', null, last)).toEqual(toShared);
    // Guest and public pages stay open; a member's last session changes nothing.
    expect(decideAccess('guest', null, last)).toEqual(allow);
    expect(decideAccess('public', null, last)).toEqual(allow);
    expect(decideAccess('auth', null, { kind: 'member' })).toEqual(toSignin);
    // Signed in again: the memory no longer matters.
    expect(decideAccess('auth', USER, last)).toEqual(allow);
  });

  it('a partner-only user without a target tenant gets not found rather than a loop', () => {
    expect(decideAccess('auth', { ...SHARED, ttid: null })).toEqual(notFound);
  });

  it('unauthenticated visitors reach only sign-in, shared sign-in, the assessment landing and open pages', () => {
    const reachable = ROUTES.filter((r) => decideAccess(r.access, null).kind === 'allow').map(
      (r) => r.path,
    );
    expect(reachable).toEqual(
      expect.arrayContaining(['/signin', '/sharedSignin/:tenantId', '/in-progress/:tid/:ttid']),
    );
    for (const r of ROUTES.filter((r) => r.layout === 'main')) {
      expect(decideAccess(r.access, null), r.path).toEqual(toSignin);
    }
  });

  it('a shared user reaches only the tenant pages and sign-out among signed-in routes', () => {
    const reachable = ROUTES.filter(
      (r) => r.access !== 'public' && decideAccess(r.access, SHARED).kind === 'allow',
    );
    expect(new Set(reachable.map((r) => r.screen))).toEqual(
      new Set(['tenant', 'baselineView', 'assessmentResults', 'signout']),
    );
  });

  it('the shared-tenant layout is used for a shared user', () => {
    expect(mainLayoutFor(SHARED)).toBe('shared');
    expect(mainLayoutFor(USER)).toBe('main');
    expect(mainLayoutFor(ADMIN)).toBe('main');
  });
});

describe('a member whose account requires a second factor', () => {
  const now = Date.parse('2026-06-10T00:00:00.000Z');
  const required = (enrolled: boolean, enrolBy: string) => ({
    ...USER,
    secondFactor: { enrolled, required: true, enrolBy },
  });

  it('is sent to admin/security once their days to enrol are over, and only then', () => {
    const late = required(false, '2026-06-09T00:00:00.000Z');
    expect(secondFactorRedirect(late, '/tenant', now)).toBe('/admin/security');
    expect(secondFactorRedirect(late, '/admin/security', now)).toBeNull();
    expect(secondFactorRedirect(late, '/signout', now)).toBeNull();
    expect(
      secondFactorRedirect(required(false, '2026-06-11T00:00:00.000Z'), '/tenant', now),
    ).toBeNull();
    expect(
      secondFactorRedirect(required(true, '2026-06-09T00:00:00.000Z'), '/tenant', now),
    ).toBeNull();
    expect(secondFactorRedirect(USER, '/tenant', now)).toBeNull();
    expect(secondFactorRedirect(null, '/tenant', now)).toBeNull();
  });
});
