import { ACCOUNT_PERMISSION_NAMES, type SsoConfig, type SsoDomain } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp, type ExtraRoutes } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

const account = (permissions: string[]) => ({
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: permissions.includes('sso.manage') ? 'owner' : 'admin',
  permissions,
  tenantAccessLimited: false,
});

const REDIRECT = 'http://localhost:3000/api/auth/sso/callback/sso-abcdefghijklmnopqrstuv';

/** A small server: the account and its single sign-on, as the API keeps it. */
function server() {
  let config: SsoConfig = {
    available: true,
    active: false,
    redirectUri: REDIRECT,
    provider: null,
    requireSso: false,
    defaultRole: 'member',
    defaultTenantAccess: 'all',
    defaultTenantTags: [],
    domains: [],
  };
  const bodies: Record<string, unknown[]> = { put: [], domains: [], verify: [] };
  const pending = (domain: string): SsoDomain => ({
    id: `d-${domain}`,
    domain,
    proofEmail: `postmaster@${domain}`,
    verified: false,
    verifiedAt: null,
    codeSentAt: '2026-03-01T10:00:00.000Z',
    codeExpiresAt: '2026-03-02T10:00:00.000Z',
  });
  const routes: ExtraRoutes = {
    'GET /api/v1/account': () => jsonResponse(account([...ACCOUNT_PERMISSION_NAMES])),
    'GET /api/v1/me/sessions': () => jsonResponse({ sessions: [] }),
    'GET /api/v1/account/support-access': () => jsonResponse({ until: null, active: false }),
    'GET /api/v1/account/sso': () => jsonResponse(config),
    'PUT /api/v1/account/sso': (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.put!.push(body);
      if (body.issuer === 'https://wrong.example') {
        return jsonResponse(
          {
            error: {
              code: 'sso.discovery_failed',
              message: 'No',
              fields: { issuer: 'The discovery document answered HTTP 404.' },
            },
          },
          400,
        );
      }
      config = {
        ...config,
        provider: {
          issuer: String(body.issuer),
          clientId: String(body.clientId),
          clientSecretSet: true,
          authorizationEndpoint: `${String(body.issuer)}/authorize`,
          tokenEndpoint: `${String(body.issuer)}/token`,
          updatedAt: new Date().toISOString(),
        },
        requireSso: Boolean(body.requireSso),
        defaultRole: body.defaultRole as 'admin' | 'member',
        defaultTenantAccess: body.defaultTenantAccess as 'all' | 'tags',
        defaultTenantTags: body.defaultTenantTags as string[],
      };
      return jsonResponse(config);
    },
    'POST /api/v1/account/sso/domains': (init) => {
      const body = JSON.parse(String(init?.body)) as { domain: string; mailbox: string };
      bodies.domains!.push(body);
      const d = { ...pending(body.domain), proofEmail: `${body.mailbox}@${body.domain}` };
      config = { ...config, domains: [...config.domains, d] };
      return jsonResponse(d, 201);
    },
    'POST /api/v1/account/sso/domains/d-acme.example/verify': (init) => {
      bodies.verify!.push(JSON.parse(String(init?.body)));
      config = {
        ...config,
        active: true,
        domains: config.domains.map((d) => ({
          ...d,
          verified: true,
          verifiedAt: '2026-03-01T11:00:00.000Z',
          codeSentAt: null,
          codeExpiresAt: null,
        })),
      };
      return jsonResponse(config.domains[0]);
    },
  };
  return { routes, bodies };
}

describe('admin/security: single sign-on (owners)', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('connects the provider, then proves a domain with the e-mailed code', async () => {
    const { routes, bodies } = server();
    renderApp('/admin/security', USER, { routes });
    const card = await screen.findByRole('region', { name: 'Single sign-on' }, T);
    expect(await within(card).findByText(REDIRECT, {}, T)).toBeTruthy();
    expect(within(card).getByText(/Not active yet: Connect your identity provider/)).toBeTruthy();

    const form = within(card).getByRole('form', { name: 'Identity provider' });
    await userEvent.type(within(form).getByLabelText(/Issuer URL/), 'https://wrong.example');
    await userEvent.type(within(form).getByLabelText(/Client ID/), 'client-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect provider' }));
    expect(within(form).getByText('Enter the client secret.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText(/Client secret/), 's3cret');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect provider' }));
    expect(
      await within(form).findByText('The discovery document answered HTTP 404.', {}, T),
    ).toBeTruthy();
    const issuer = within(form).getByLabelText(/Issuer URL/);
    await userEvent.clear(issuer);
    await userEvent.type(issuer, 'https://login.example.com');
    await userEvent.click(within(form).getByRole('switch', { name: /Require single sign-on/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Connect provider' }));
    await within(card).findByText(/Not active yet: Prove at least one e-mail domain/, {}, T);
    expect(bodies.put!.at(-1)).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'client-1',
      clientSecret: 's3cret',
      requireSso: true,
      defaultRole: 'member',
      defaultTenantAccess: 'all',
      defaultTenantTags: [],
    });

    const add = within(card).getByRole('form', { name: 'Add a domain' });
    await userEvent.type(within(add).getByLabelText('Domain'), 'Acme.Example');
    await userEvent.click(within(add).getByRole('combobox', { name: 'Send the code to' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'postmaster@acme.example', hidden: true }, T),
    );
    await userEvent.click(within(add).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(bodies.domains).toEqual([{ domain: 'acme.example', mailbox: 'postmaster' }]),
    );
    const row = await within(card).findByRole('listitem', { name: 'acme.example' }, T);
    expect(within(row).getByText('Waiting for the code')).toBeTruthy();
    await userEvent.type(within(row).getByLabelText('Code for acme.example'), '1234 5678');
    await userEvent.click(within(row).getByRole('button', { name: 'Prove domain' }));
    expect(await within(row).findByText('Proven', {}, T)).toBeTruthy();
    expect(bodies.verify).toEqual([{ code: '12345678' }]);
    expect(await within(card).findByText('Active', {}, T)).toBeTruthy();
  });

  it('is not shown to an admin', async () => {
    const { routes } = server();
    const admin = [...ACCOUNT_PERMISSION_NAMES].filter(
      (p) => p !== 'sso.manage' && p !== 'supportAccess.manage',
    );
    renderApp('/admin/security', USER, {
      routes: { ...routes, 'GET /api/v1/account': () => jsonResponse(account(admin)) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Account' }, T);
    await screen.findByRole('list', { name: 'Your sessions' }, T).catch(() => null);
    expect(screen.queryByRole('region', { name: 'Single sign-on' })).toBeNull();
  });
});
