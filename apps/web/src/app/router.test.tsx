import { ACCOUNT_PERMISSION_NAMES, can, type AccountRole } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { ADMIN, SHARED, USER, jsonResponse, EMPTY_POSTURE } from '#web/test/fixtures.ts';
import { analyticsEvents, renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

/** The signed-in person's account (GET /api/v1/account) with `role`'s permissions. */
function accountAs(role: AccountRole) {
  return {
    id: 'acc1',
    name: 'Park Consulting',
    logoUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    role,
    permissions: ACCOUNT_PERMISSION_NAMES.filter((p) => can(role, p)),
    tenantAccessLimited: false,
  };
}

const SHARED_TENANT = {
  id: 'client7',
  name: 'Acme Shared Ltd',
  industry: null,
  size: null,
  tags: [],
  contacts: [],
  notes: '',
  posture: EMPTY_POSTURE,
  archivedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  latest: null,
  openAssessments: 0,
  openTasks: 0,
  nextTaskDue: null,
  nextAssessmentDue: null,
  access: {
    accountRole: null,
    shareRole: 'viewer',
    accountName: 'Northwind Consulting',
    brand: null,
  },
};
const SHARED_ROUTES = { 'GET /api/v1/tenants/client7': () => jsonResponse(SHARED_TENANT) };

describe('the router built from the shared route table', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    // Send what the last test queued while fetch is still the mock.
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor at /admin to the sign-in page, which the server sends (its own entry)', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { router } = renderApp('/admin', null);
    // The guest pages are guest.html (src/guest): the address and where the visitor was headed
    // are set, then the page is loaded again from the server, keeping that history state.
    await waitFor(() => expect(reload).toHaveBeenCalled(), T);
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/admin', search: '', hash: '' },
    });
    expect(screen.getByRole('link', { name: 'open it here' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows a signed-in user the main layout, the nav and the tab from the URL', async () => {
    renderApp('/admin/members', USER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' }, T)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Home',
      'Client tenants',
      'Explore',
      'Support',
      'Roadmap',
      'Developer',
      'Content',
      'Account',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(within(nav).queryByRole('link', { name: 'Service' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Members' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the Service link to a system admin', async () => {
    renderApp('/service/accounts', ADMIN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Service console' }, T),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Service',
      }),
    ).toBeTruthy();
  });

  it('shows a non-admin "Page not found" on a service route', async () => {
    renderApp('/service/tenants/a1/t1', USER);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, T),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Service console' })).toBeNull();
  });

  it('sends a shared user to their tenant, in the shared-tenant layout', async () => {
    const { router } = renderApp('/admin', SHARED, { routes: SHARED_ROUTES });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Shared Ltd' }, T),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tenant/client7');
    expect((await screen.findByTestId('shared-by', {}, T)).textContent).toBe(
      'Shared by Northwind Consulting',
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    // Only what a shared user can use: no Sharing or Settings tab, no way back to a list.
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Overview', 'Assessments', 'Baseline', 'Remediation', 'Evidence']);
    expect(screen.queryByRole('link', { name: /Back to client tenants/ })).toBeNull();
    // Their menu: who they are and Sign out; no profile (they have no account).
    await userEvent.click(screen.getByRole('button', { name: /user menu/i }));
    // (Mantine keeps the dropdown display:none in happy-dom, which cannot position it.)
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }, T);
    expect(signOut.getAttribute('href')).toBe('/signout');
    expect(screen.queryByRole('menuitem', { name: /Profile/, hidden: true })).toBeNull();
  });

  it('offers a shared user neither the roadmap nor feedback (the API refuses both)', async () => {
    const { router } = renderApp('/roadmap', SHARED, { routes: SHARED_ROUTES });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Shared Ltd' }, T),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tenant/client7');
    expect(screen.queryByRole('button', { name: /feedback/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /roadmap/i })).toBeNull();
  });

  it('sends a shared user on a sharing or settings URL to the overview', async () => {
    const { router } = renderApp('/tenant/client7/settings', SHARED, { routes: SHARED_ROUTES });
    await screen.findByRole('tab', { name: 'Overview', selected: true }, T);
    expect(router.state.location.pathname).toBe('/tenant/client7/overview');
  });

  it('tells a shared user whose access ended, naming the client tenant, on their next click', async () => {
    const { router, endSession } = renderApp('/tenant/client7/overview', SHARED, {
      routes: SHARED_ROUTES,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Shared Ltd' }, T),
    ).toBeTruthy();
    await waitFor(() =>
      expect(window.localStorage.getItem('tenantry.lastSession')).toMatch(/Acme/),
    );
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    endSession();
    await router.navigate('/tenant/client7/assessments');
    // The shared sign-in page (src/guest) says it, from the memory kept here.
    await waitFor(() => expect(reload).toHaveBeenCalled(), T);
    expect(router.state.location.pathname).toBe('/sharedSignin/client7');
    expect(window.localStorage.getItem('tenantry.lastSession')).toMatch(/Acme Shared Ltd/);
  });

  it('tells a shared user whose share was revoked while the app was closed, on reopening it', async () => {
    window.localStorage.setItem(
      'tenantry.lastSession',
      JSON.stringify({ kind: 'shared', tenantId: 'client7', tenantName: 'Acme Shared Ltd' }),
    );
    vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { router } = renderApp('/tenant/client7', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sharedSignin/client7'), T);
  });

  it('tells a member signed out from elsewhere, on their next click', async () => {
    const { router, endSession } = renderApp('/admin/general', USER);
    await screen.findByRole('heading', { level: 1, name: 'Account' }, T);
    vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    endSession();
    // The next screen's data may be cached: the session is asked again on every navigation.
    await router.navigate('/roadmap');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), T);
    // The sign-in page (src/guest) says "You were signed out" from this state.
    expect(router.state.location.state).toMatchObject({ ended: true });
  });

  it('a deliberate sign-out is not explained as an ended session', async () => {
    const { router } = renderApp('/tenant/client7/overview', SHARED);
    await screen.findByRole('tab', { name: 'Overview' }, T);
    vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    await router.navigate('/signout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), T);
    expect(router.state.location.state).toBeNull();
    expect(window.localStorage.getItem('tenantry.lastSession')).toBeNull();
  });

  it('takes /api/v1/me answering 200 null as signed out', async () => {
    vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { router } = renderApp('/admin', null, { signedOutMe: 'null' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), T);
  });

  it('hands the respondent page to the server (its own entry), without the shell or a /me lookup', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { calls } = renderApp('/in-progress/a1/t1?token=abc', null);
    await waitFor(
      () => expect(reload.mock.calls.length + replace.mock.calls.length).toBeGreaterThan(0),
      T,
    );
    expect(screen.getByRole('link', { name: 'open it here' }).getAttribute('href')).toBe(
      '/in-progress/a1/t1?token=abc',
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/v1/me'))).toBe(false);
  });

  it('records a page_view with the route name or the tab', async () => {
    const { router, calls } = renderApp('/contentAdmin/frameworks/iso-27001', USER);
    await screen.findByRole('heading', { level: 1, name: 'Content admin' }, T);
    await router.navigate('/roadmap');
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' }, T);
    await analytics.flush();
    const views = analyticsEvents(calls).filter((e) => e.name === 'page_view');
    expect(views).toEqual([
      expect.objectContaining({
        path: '/contentAdmin/frameworks/iso-27001',
        title: 'frameworks',
        tab: 'frameworks',
        focus: 'iso-27001',
      }),
      expect.objectContaining({ path: '/roadmap', title: 'roadmap', tab: null, focus: null }),
    ]);
  });

  it('a checkout outcome sends its event once, then lands on the billing tab', async () => {
    const { router, calls } = renderApp('/upgrade-success', USER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' }, T)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/billing');
    const outcome = analyticsEvents(calls).filter((e) => e.name === 'upgrade_subscription');
    expect(outcome).toEqual([
      expect.objectContaining({ path: '/upgrade-success', title: 'upgradeSuccess' }),
    ]);
    // The event was on the wire before the redirect: the POST precedes the /admin page_view.
    await analytics.flush();
    const names = analyticsEvents(calls).map((e) => `${e.name} ${e.path}`);
    expect(names.indexOf('upgrade_subscription /upgrade-success')).toBeLessThan(
      names.indexOf('page_view /admin/billing'),
    );
  });

  it('a signed-in visitor on /signin goes home', async () => {
    const { router } = renderApp('/signin', USER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' }, T)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByText('Robin Park').length).toBeGreaterThan(0);
  });

  it('/signout ends the session on the server and lands on /signin', async () => {
    vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { router, calls } = renderApp('/signout', USER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), T);
    expect(calls.some((c) => c.url.endsWith('/api/auth/sign-out'))).toBe(true);
  });

  it('the developer page shows a system admin who owns an account its API keys, the API reference, the mailbox with clickable links and diagnostics', async () => {
    const { calls } = renderApp('/developer', ADMIN, {
      routes: {
        'GET /api/v1/account': () => jsonResponse(accountAs('owner')),
        'GET /api/v1/api-keys': () => jsonResponse({ keys: [] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Developer' }, T)).toBeTruthy();
    expect(await screen.findByText('No API keys yet', {}, T)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'API reference' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show API reference' })).toBeTruthy();
    const message = await screen.findByRole('button', { name: /Reset your password/ }, T);
    await userEvent.click(message);
    const link = await screen.findByRole('link', {
      name: 'http://localhost:3000/reset-password?token=abc',
    });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/reset-password?token=abc');
    expect(await screen.findByText('pglite', {}, T)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Client configuration' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    // The OpenAPI viewer is not loaded until it is asked for.
    expect(calls.some((c) => c.url.includes('/api/v1/openapi.json'))).toBe(false);
  });

  it('the developer page shows a member the API reference and who manages keys, without the keys, the mailbox or diagnostics', async () => {
    const { calls } = renderApp('/developer', USER, {
      routes: { 'GET /api/v1/account': () => jsonResponse(accountAs('member')) },
    });
    expect(
      await screen.findByText(
        'Only the account’s owners and admins create and revoke API keys.',
        {},
        T,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'API reference' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Development mailbox' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Diagnostics' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/v1/system/'))).toBe(false);
    expect(calls.some((c) => c.url.includes('/api/v1/api-keys'))).toBe(false);
  });
});
