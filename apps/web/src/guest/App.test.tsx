import type { CurrentUser } from '@tenantry/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { SHARED, USER, jsonResponse } from '#web/test/fixtures.ts';
import { App } from './App.tsx';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Opens the guest pages at `url` (with a history state), answering the API from `routes`. */
function open(
  url: string,
  {
    me = null,
    state = null,
    routes = {},
  }: {
    me?: CurrentUser | null;
    state?: unknown;
    routes?: Record<string, (body: unknown) => Response>;
  } = {},
) {
  window.history.replaceState(state === null ? null : { usr: state }, '', url);
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), window.location.origin).pathname;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ method, url: path, body });
    const handler = routes[`${method} ${path}`];
    if (handler) return handler(body);
    if (path === '/api/v1/analytics/events') return new Response(null, { status: 202 });
    return jsonResponse({ error: { code: 'common.not_found', message: 'No' } }, 404);
  });
  const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
  const view = render(<App env={{ me: Promise.resolve(me), waitForMe: me !== null }} />);
  return { ...view, calls, replace };
}

describe('the guest pages', () => {
  beforeEach(async () => {
    await analytics.flush();
    window.localStorage.clear();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the sign-in page has its form, its links and the focus in its first field', async () => {
    open('/signin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const email = screen.getByLabelText('E-mail');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await waitFor(() => expect(document.title).toBe('Sign in · Tenantry'));
  });

  it('records a page_view per page, also when moving between guest pages', async () => {
    const { calls } = open('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/signup');
    await act(() => analytics.flush());
    const events = calls
      .filter((c) => c.url === '/api/v1/analytics/events')
      .flatMap(
        (c) => (c.body as { events: { name: string; path: string; title: string }[] }).events,
      );
    expect(events.map((e) => `${e.name} ${e.path} ${e.title}`)).toEqual([
      'page_view /signin signin',
      'page_view /signup signup',
    ]);
  });

  it('checks the fields before asking the server, and says one thing for a wrong password', async () => {
    const { calls } = open('/signin', {
      routes: {
        'POST /api/auth/sign-in/email': () =>
          jsonResponse({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' }, 401),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/auth/sign-in/email')).toBe(false);
    await userEvent.type(screen.getByLabelText('E-mail'), 'robin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid e-mail or password');
  });

  it('after signing in, goes where the visitor was sent away from (the main app loads it)', async () => {
    const { replace } = open('/signin', {
      state: { from: { pathname: '/admin/billing', search: '?x=1', hash: '' }, ended: true },
      routes: { 'POST /api/auth/sign-in/email': () => jsonResponse({ token: 't' }) },
    });
    expect(await screen.findByText('You were signed out')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('E-mail'), USER.email);
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/admin/billing?x=1'));
  });

  it('an address not proven yet gets the code step, which signs in', async () => {
    const { replace, calls } = open('/signin?next=%2Ftenant', {
      routes: {
        'POST /api/auth/sign-in/email': () =>
          jsonResponse({ code: 'EMAIL_NOT_VERIFIED', message: 'Verify' }, 403),
        'POST /api/v1/signup/code': () => jsonResponse({ sent: true }),
        'POST /api/v1/signup/verify': () => jsonResponse({ signedIn: true }),
      },
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Code');
    expect(document.activeElement).toBe(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/tenant'));
    expect(calls.find((c) => c.url === '/api/v1/signup/verify')?.body).toEqual({
      email: 'new@example.com',
      code: '123456',
    });
  });

  it('a person with a second factor gives the authenticator code after the password', async () => {
    let tries = 0;
    const { replace, calls } = open('/signin?next=%2Ftenant', {
      routes: {
        'POST /api/auth/sign-in/email': () =>
          jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
        'POST /api/auth/two-factor/verify-totp': () =>
          (tries += 1) === 1
            ? jsonResponse({ code: 'INVALID_CODE', message: 'Invalid code' }, 401)
            : jsonResponse({ token: 't' }),
        'POST /api/auth/two-factor/verify-backup-code': () => jsonResponse({ token: 't' }),
      },
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), USER.email);
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(replace).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeTruthy();
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/That code is not right/);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/tenant'));
    expect(calls.filter((c) => c.url === '/api/auth/two-factor/verify-totp')[0]?.body).toEqual({
      code: '123456',
    });
  });

  it('…or one of the backup codes', async () => {
    const { replace, calls } = open('/signin', {
      routes: {
        'POST /api/auth/sign-in/email': () =>
          jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
        'POST /api/auth/two-factor/verify-backup-code': () => jsonResponse({ token: 't' }),
      },
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), USER.email);
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a backup code' }));
    await userEvent.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(calls.find((c) => c.url === '/api/auth/two-factor/verify-backup-code')?.body).toEqual({
      code: 'abcde-12345',
    });
  });

  it('shared sign-in of a person with a second factor asks for it before the tenant', async () => {
    const { replace } = open('/sharedSignin/client7', {
      routes: {
        'POST /api/v1/shared-signin/client7/code': () => jsonResponse({ status: 'sent' }),
        'POST /api/v1/shared-signin/client7/verify': () =>
          jsonResponse({ tenantId: 'client7', status: 'second-factor', methods: ['totp'] }),
        'POST /api/auth/two-factor/verify-totp': () => jsonResponse({ token: 't' }),
      },
    });
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'guest@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText(/Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '654321');
    expect(replace).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/tenant/client7'));
  });

  it('a signed-in visitor on a guest-only page is sent on: a member home, a shared user to their tenant', async () => {
    const member = open('/signin', { me: USER });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await waitFor(() => expect(member.replace).toHaveBeenCalledWith('/'));
    member.unmount();
    vi.restoreAllMocks();
    const shared = open('/sharedSignin/other', { me: SHARED });
    await waitFor(() =>
      expect(shared.replace).toHaveBeenCalledWith(`/tenant/${encodeURIComponent(SHARED.ttid!)}`),
    );
  });

  it('…and to `?next=` when a link asked for it (a guest page opens here)', async () => {
    open('/signin?next=%2Finvitations%2Ftok1', { me: USER });
    await waitFor(() => expect(window.location.pathname).toBe('/invitations/tok1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation' })).toBeTruthy();
  });

  it('a shared user whose access ended is told so, naming the tenant, once', async () => {
    window.localStorage.setItem(
      'tenantry.lastSession',
      JSON.stringify({ kind: 'shared', tenantId: 'client7', tenantName: 'Acme Shared Ltd' }),
    );
    open('/sharedSignin/client7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your access has ended' }),
    ).toBeTruthy();
    expect(screen.getByText('Your access to Acme Shared Ltd was removed')).toBeTruthy();
    expect(screen.getByLabelText(/E-mail/)).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem('tenantry.lastSession')).toBeNull());
  });

  it('shared sign-in: the address, then the code, then the tenant', async () => {
    const { replace, calls } = open('/sharedSignin/client7', {
      routes: {
        'POST /api/v1/shared-signin/client7/code': () => jsonResponse({ sent: true }),
        'POST /api/v1/shared-signin/client7/verify': () => jsonResponse({ tenantId: 'client7' }),
      },
    });
    // Without a share id in the link, nobody is named and nobody is asked.
    expect(await screen.findByText(/^Someone shared a client tenant with you\./)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/shares/'))).toBe(false);
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'guest@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText(/Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/tenant/client7'));
  });

  it('shared sign-in names the account that shared the tenant, by the share id of the link', async () => {
    const { calls } = open('/sharedSignin/client7?share=share-1', {
      routes: {
        'GET /api/v1/shared-signin/client7/shares/share-1': () =>
          jsonResponse({ accountName: 'Acme Consulting' }),
      },
    });
    expect(
      await screen.findByText(/^Acme Consulting shared a client tenant with you\. Sign in with/),
    ).toBeTruthy();
    expect(screen.queryByText(/Someone shared/)).toBeNull();
    expect(calls.filter((c) => c.url.includes('/shares/')).map((c) => c.method)).toEqual(['GET']);
    expect(screen.getByLabelText(/E-mail/)).toBeTruthy();
  });

  it('…and falls back to the generic text when the share is unknown or revoked, or the API fails', async () => {
    for (const answer of [
      () => jsonResponse({ accountName: null }),
      () => jsonResponse({ error: { code: 'common.rate_limited', message: 'Wait' } }, 429),
    ]) {
      const view = open('/sharedSignin/client7?share=gone', {
        routes: { 'GET /api/v1/shared-signin/client7/shares/gone': answer },
      });
      await waitFor(() =>
        expect(view.calls.some((c) => c.url.includes('/shares/gone'))).toBe(true),
      );
      // Let the answer arrive and be read before looking.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(screen.getByText(/^Someone shared a client tenant with you\./)).toBeTruthy();
      view.unmount();
      vi.restoreAllMocks();
    }
  });

  it('a password reset lands on sign-in with its notice', async () => {
    open('/reset-password?token=abc', {
      routes: { 'POST /api/auth/reset-password': () => jsonResponse({ status: true }) },
    });
    await userEvent.type(await screen.findByLabelText(/New password/), 'brand-new-pass-9');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/signin');
    expect(
      screen.getByText('Your password has been reset. Sign in with your new password.'),
    ).toBeTruthy();
  });

  it('signing up from an invitation link loads the invitation afresh, signed in', async () => {
    const { replace } = open('/signup?email=ana%40example.com&next=%2Finvitations%2Ftok1', {
      routes: {
        'POST /api/auth/sign-up/email': () => jsonResponse({ token: null }),
        'POST /api/v1/signup/verify': () => jsonResponse({ signedIn: true }),
      },
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/invitations/tok1'));
  });

  it('an invitation offers a signed-out visitor to sign up or in with the invited address', async () => {
    open('/invitations/tok1', {
      routes: {
        'GET /api/v1/invitations/by-token/tok1': () =>
          jsonResponse({
            accountName: 'Park Consulting',
            role: 'admin',
            email: 'ana@example.com',
            status: 'pending',
            expiresAt: '2030-01-01T00:00:00.000Z',
          }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Park Consulting' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup?email=ana%40example.com&next=%2Finvitations%2Ftok1',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/signin?next=%2Finvitations%2Ftok1',
    );
  });
  it('“Use single sign-on (SSO)”: the work address sends the browser to its identity provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = open('/signin?next=%2Ftenant', {
      routes: {
        'POST /api/v1/sso/sign-in': (body) =>
          (body as { email: string }).email === 'nobody@elsewhere.example'
            ? jsonResponse({ error: { code: 'sso.not_configured', message: 'No' } }, 404)
            : jsonResponse({ url: 'https://idp.example/authorize?x=1' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use single sign-on (SSO)' }));
    // The form loads when asked for (its own chunk).
    const form = await screen.findByRole('form', { name: 'Single sign-on' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Work e-mail')));
    await userEvent.type(screen.getByLabelText('Work e-mail'), 'nobody@elsewhere.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not set up for this address/);
    await userEvent.clear(screen.getByLabelText('Work e-mail'));
    await userEvent.type(screen.getByLabelText('Work e-mail'), 'alice@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(calls.filter((c) => c.url === '/api/v1/sso/sign-in').at(-1)?.body).toEqual({
      email: 'alice@acme.example',
      next: '/tenant',
    });
    expect(form).toBeTruthy();
  });

  it('a password sign-in at a domain that requires SSO turns to the SSO form, address kept', async () => {
    open('/signin', {
      routes: {
        'POST /api/auth/sign-in/email': () =>
          jsonResponse(
            {
              code: 'sso.required',
              message:
                'Addresses at acme.example sign in with single sign-on: choose "Use single sign-on (SSO)".',
            },
            403,
          ),
      },
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'alice@acme.example');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-it-is');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your organisation uses single sign-on')).toBeTruthy();
    expect(screen.getByText(/Addresses at acme.example sign in with single sign-on/)).toBeTruthy();
    expect((screen.getByLabelText('Work e-mail') as HTMLInputElement).value).toBe(
      'alice@acme.example',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });

  it('back from the identity provider refused, the sign-in page says why', async () => {
    open('/signin?sso=failed&error=sso.domain_not_covered');
    expect(await screen.findByText('Single sign-on did not sign you in')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/outside your organisation/);
    expect(screen.getByLabelText('Work e-mail')).toBeTruthy();
  });
});
