import { describe, expect, it } from 'vitest';
import { CHECKOUT_OUTCOMES, ROUTES, pageViewTitle, sharedUserHome } from './routes.ts';

const byPath = (path: string) => ROUTES.find((r) => r.path === path);

describe('the seed route table', () => {
  it('has every path of the route table exactly once', () => {
    const seedPaths = [
      '/',
      '/home',
      '/explore',
      '/explore/:tab',
      '/explore/:tab/:tenantId',
      '/tenant',
      '/tenant/:tenantId',
      '/tenant/:tenantId/:tab',
      '/tenant/:tenantId/:tab/:focus',
      '/admin',
      '/admin/:tab',
      '/support',
      '/roadmap',
      '/developer',
      '/contentAdmin',
      '/contentAdmin/:tab',
      '/contentAdmin/:tab/:focus',
      '/service',
      '/service/:tab',
      '/service/:tab/:focus',
      '/service/tenants/:tid',
      '/service/tenants/:tid/:ttid',
      '/service/tenants/:tid/:ttid/:focus',
      '/upgrade-success',
      '/downgrade-success',
      '/checkout-success',
      '/checkout-cancel',
      '/in-progress/:tid/:ttid',
      '/signin',
      '/sharedSignin/:tenantId',
      '/signout',
      '*',
    ];
    for (const p of seedPaths) expect(byPath(p), p).toBeDefined();
    const all = ROUTES.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
  });

  it('allows shared access only on tenant pages and sign-out', () => {
    const shared = ROUTES.filter((r) => r.access === 'auth-shared').map((r) => r.path);
    expect(shared.sort()).toEqual(
      [
        '/signout',
        '/tenant/:tenantId',
        '/tenant/:tenantId/:tab',
        '/tenant/:tenantId/:tab/:focus',
        '/tenant/:tenantId/:tab/:focus/:view',
      ].sort(),
    );
  });

  it('reserves service routes for system admins and guest pages for visitors', () => {
    for (const r of ROUTES.filter((x) => x.path.startsWith('/service'))) {
      expect(r.access).toBe('systemadmin');
    }
    expect(byPath('/signin')?.access).toBe('guest');
    expect(byPath('/sharedSignin/:tenantId')?.access).toBe('guest');
    expect(byPath('/in-progress/:tid/:ttid')?.access).toBe('public');
    expect(byPath('/in-progress/:tid/:ttid')?.layout).toBe('bare');
  });

  it('names the last tenant form a baseline view', () => {
    expect(byPath('/tenant/:tenantId/:tab/:focus')?.screen).toBe('baselineView');
  });

  it('maps the checkout routes to the seed analytics events', () => {
    expect(CHECKOUT_OUTCOMES).toEqual({
      upgradeSuccess: 'upgrade_subscription',
      downgradeSuccess: 'downgrade_subscription',
      checkoutSuccess: 'purchase',
      checkoutCancel: 'checkout_cancelled',
    });
  });

  it('titles a page view with the tab, else the route name', () => {
    expect(pageViewTitle('admin', { tab: 'members' })).toBe('members');
    expect(pageViewTitle('admin', {})).toBe('admin');
    expect(sharedUserHome('t 1')).toBe('/tenant/t%201');
  });
});
