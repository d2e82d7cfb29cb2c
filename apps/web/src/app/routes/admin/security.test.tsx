import { ACCOUNT_PERMISSION_NAMES, type SessionInfo } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp, type ExtraRoutes } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

const ACCOUNT = {
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: '/api/v1/media/m1',
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'owner',
  permissions: ACCOUNT_PERMISSION_NAMES,
  tenantAccessLimited: false,
};

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function session(over: Partial<SessionInfo>): SessionInfo {
  const now = new Date().toISOString();
  return {
    id: 's',
    current: false,
    shared: false,
    userAgent: CHROME_LINUX,
    ipAddress: '203.0.113.7',
    createdAt: now,
    lastActiveAt: now,
    signInMethod: 'password',
    secondFactor: null,
    ...over,
  };
}

/** A small server: the account, three sessions, and the profile endpoints. */
function server() {
  let sessions = [
    session({ id: 'here', current: true }),
    session({ id: 'phone', userAgent: SAFARI_IPHONE, ipAddress: '198.51.100.4' }),
    // A minute older than the phone's: the list's order must not hang on a millisecond tick.
    session({
      id: 'code',
      shared: true,
      ipAddress: null,
      lastActiveAt: new Date(Date.now() - 60_000).toISOString(),
    }),
  ];
  const bodies: Record<string, unknown> = {};
  const routes: ExtraRoutes = {
    'GET /api/v1/account': () => jsonResponse(ACCOUNT),
    'GET /api/v1/me/sessions': () => jsonResponse({ sessions }),
    'GET /api/v1/me/second-factors': () =>
      jsonResponse({
        totp: { enabled: true, backupCodesLeft: 7 },
        passkeys: [
          {
            id: 'pk1',
            name: 'Work laptop',
            createdAt: '2026-01-02T00:00:00.000Z',
            deviceType: 'singleDevice',
            backedUp: false,
          },
        ],
        policy: { enrolled: true, required: true, enrolBy: '2026-01-09T00:00:00.000Z' },
      }),
    'GET /api/v1/account/second-factor-policy': () =>
      jsonResponse({
        required: true,
        since: '2026-01-02T00:00:00.000Z',
        graceDays: 7,
        membersWithout: 2,
      }),
    'PUT /api/v1/account/second-factor-policy': (init) => {
      bodies.policy = JSON.parse(String(init?.body));
      return jsonResponse({ required: false, since: null, graceDays: 7, membersWithout: 2 });
    },
    'DELETE /api/v1/me/sessions/phone': () => {
      sessions = sessions.filter((s) => s.id !== 'phone');
      return new Response(null, { status: 204 });
    },
    'POST /api/v1/me/sessions/end-others': () => {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ ended });
    },
    'PATCH /api/v1/me': (init) => {
      const body = JSON.parse(String(init?.body)) as { displayName: string };
      bodies.profile = body;
      return jsonResponse({ ...USER, displayName: body.displayName });
    },
    'POST /api/auth/change-password': (init) => {
      const body = JSON.parse(String(init?.body)) as { currentPassword: string };
      bodies.password = body;
      if (body.currentPassword !== 'old-password-1') {
        return jsonResponse({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400);
      }
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ token: 't2', user: { id: USER.uid } });
    },
    'POST /api/auth/change-email': (init) => {
      bodies.email = JSON.parse(String(init?.body));
      return jsonResponse({ status: true });
    },
  };
  return { routes, bodies };
}

describe('admin/security: my profile and sessions', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('shows my second factors, and an owner the requirement, which they can turn off', async () => {
    const s = server();
    renderApp('/admin/security', USER, { routes: s.routes });
    const app = await screen.findByRole('region', { name: 'Authenticator app' }, T);
    expect(await within(app).findByText(/Backup codes left: 7/, {}, T)).toBeTruthy();
    const keys = screen.getByRole('region', { name: 'Passkeys' });
    expect(within(keys).getByRole('listitem', { name: 'Work laptop' })).toBeTruthy();
    const toggle = await screen.findByRole(
      'switch',
      {
        name: 'Require a second factor of every member',
      },
      T,
    );
    expect(screen.getByText(/2 members have none yet/)).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(() => expect(s.bodies.policy).toEqual({ required: false }), T);
  });

  it('says how each session signed in', async () => {
    const s = server();
    renderApp('/admin/security', USER, { routes: s.routes });
    const list = await screen.findByRole('list', { name: 'Your sessions' }, T);
    const items = await within(list).findAllByRole('listitem', {}, T);
    expect(items[0]!.textContent).toContain('with: Password');
  });

  it('lists the sessions with a readable device, this one first and badged', async () => {
    renderApp('/admin/security', USER, { routes: server().routes });
    const list = await screen.findByRole('list', { name: 'Your sessions' }, T);
    const items = await within(list).findAllByRole('listitem', {}, T);
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Chrome on Linux',
      'Safari on iPhone',
      'Chrome on Linux',
    ]);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /End/ })).toBeNull();
    expect(within(items[1]!).getByText('IP address 198.51.100.4')).toBeTruthy();
    expect(within(items[2]!).getByText('Shared sign-in')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Last active now');
  });

  it('ends one session after a confirmation', async () => {
    const { calls } = renderApp('/admin/security', USER, { routes: server().routes });
    await userEvent.click(
      await screen.findByRole('button', { name: 'End the session on Safari on iPhone' }, T),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' }, T);
    expect(within(dialog).getByText(/Safari on iPhone \(198\.51\.100\.4\)/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'End the session on Safari on iPhone' }),
      ).toBeNull(),
    );
    expect(
      calls.some((c) => c.url.endsWith('/api/v1/me/sessions/phone') && c.init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('ends all other sessions after a confirmation', async () => {
    renderApp('/admin/security', USER, { routes: server().routes });
    await screen.findByRole('list', { name: 'Your sessions' }, T);
    await userEvent.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' }, T);
    expect(within(dialog).getByText(/The 2 other browsers and devices/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'End other sessions' }));
    expect(await screen.findByText('You are signed in on this device only.', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('changes the display name; the header shows it at once', async () => {
    const { bodies } = (() => {
      const s = server();
      renderApp('/admin/security', USER, { routes: s.routes });
      return s;
    })();
    const field = await screen.findByRole('textbox', { name: /Display name/ }, T);
    await userEvent.clear(field);
    await userEvent.type(field, '  Robin Q. Park ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Saved.', {}, T)).toBeTruthy();
    expect(bodies.profile).toEqual({ displayName: 'Robin Q. Park' });
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Robin Q. Park');
  });

  it('changes the password, says the other sessions were signed out, and refreshes the list', async () => {
    const s = server();
    renderApp('/admin/security', USER, { routes: s.routes });
    await screen.findByRole('list', { name: 'Your sessions' }, T);
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'wrong-password');
    await userEvent.type(within(form).getByLabelText('New password'), 'brand-new-pass-9');
    await userEvent.type(
      within(form).getByLabelText('Repeat the new password'),
      'brand-new-pass-9',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('That is not your current password.', {}, T)).toBeTruthy();

    await userEvent.clear(within(form).getByLabelText('Current password'));
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText(/You were signed out on every other browser and device/, {}, T),
    ).toBeTruthy();
    expect(s.bodies.password).toMatchObject({
      currentPassword: 'old-password-1',
      newPassword: 'brand-new-pass-9',
      revokeOtherSessions: true,
    });
    expect(await screen.findByText('You are signed in on this device only.', {}, T)).toBeTruthy();
  });

  it('asks twice for the new password before sending anything', async () => {
    const { calls } = renderApp('/admin/security', USER, { routes: server().routes });
    const form = await screen.findByRole('form', { name: 'Change password' }, T);
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(within(form).getByLabelText('New password'), 'brand-new-pass-9');
    await userEvent.type(
      within(form).getByLabelText('Repeat the new password'),
      'brand-new-pass-8',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The two new passwords differ.', {}, T)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/api/auth/change-password'))).toBe(false);
  });

  it('asks for an e-mail change and says which inbox to check', async () => {
    const s = server();
    renderApp('/admin/security', USER, { routes: s.routes });
    const form = await screen.findByRole('form', { name: 'Change e-mail address' }, T);
    await userEvent.type(within(form).getByLabelText('New e-mail address'), 'robin@new.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(
      await within(form).findByText(/Check your inbox at robin@example\.test to confirm/, {}, T),
    ).toBeTruthy();
    expect(s.bodies.email).toMatchObject({ newEmail: 'robin@new.example' });
  });

  it('shows the account’s name and logo in the header, and the profile in the user menu', async () => {
    renderApp('/roadmap', USER, { routes: server().routes });
    const account = await screen.findByTestId('header-account', {}, T);
    expect(account.textContent).toContain('Northwind Consulting');
    expect(screen.getByTestId('header-account-logo').getAttribute('src')).toBe('/api/v1/media/m1');
    await userEvent.click(screen.getByRole('button', { name: /user menu/i }));
    // (Mantine keeps the dropdown display:none in happy-dom, which cannot position it.)
    const profile = await screen.findByRole(
      'menuitem',
      { name: 'Profile and sessions', hidden: true },
      T,
    );
    expect(profile.getAttribute('href')).toBe('/admin/security');
  });
});
