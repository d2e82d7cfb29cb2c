import { API_KEY_SCOPE_INFO, type Account, type ApiKey } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '#web/lib/format.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import type { TenantChoices } from './CreateApiKeyModal.tsx';

const T = { timeout: 5_000 };
const LIST = '/api/v1/api-keys';
const SECRET = 'tnt_AbCd1234efgh5678ijkl9012mnop3456';

const OWNER = { permissions: ['apiKeys.manage', 'webhooks.manage'] } as Pick<
  Account,
  'permissions'
>;
const MEMBER = { permissions: [] } as Pick<Account, 'permissions'>;

function apiKey(over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'Nightly scan',
    prefix: 'tnt_AbCd1234',
    scopes: ['tenants:read', 'answers:write'],
    tenant: { id: 't1', name: 'Acme Ltd' },
    expiresAt: '2026-12-31T23:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    createdBy: 'Robin Park',
    lastUsedAt: '2026-03-02T10:00:00.000Z',
    lastUsedIp: '203.0.113.7',
    revokedAt: null,
    status: 'active',
    ...over,
  };
}

function choices(over: Partial<TenantChoices> = {}): TenantChoices {
  return {
    tenants: [
      { id: 't1', name: 'Acme Ltd' },
      { id: 't2', name: 'Globex' },
    ],
    isLoading: false,
    onSearch: () => {},
    load: () => {},
    ...over,
  };
}

function renderSection(
  routes: ExtraRoutes,
  account = OWNER,
  tenantChoices: TenantChoices = choices(),
) {
  const calls = stubApi(routes);
  renderRoutes(
    [
      {
        path: '/developer',
        element: (
          <ApiKeysSection
            account={account}
            tenantChoices={tenantChoices}
            origin="https://app.example.test"
          />
        ),
      },
    ],
    '/developer',
  );
  return calls;
}

/** A server with `keys`; creating adds one, revoking marks it revoked. */
function keysServer(initial: ApiKey[]) {
  let keys = [...initial];
  const routes: ExtraRoutes = {
    [`GET ${LIST}`]: () => jsonResponse({ keys }),
    [`POST ${LIST}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string; scopes: ApiKey['scopes'] };
      const key = apiKey({
        id: 'k9',
        name: body.name,
        scopes: body.scopes,
        tenant: null,
        lastUsedAt: null,
        lastUsedIp: null,
      });
      keys = [key, ...keys];
      return jsonResponse({ key, secret: SECRET }, 201);
    },
    [`DELETE ${LIST}/k1`]: () => {
      keys = keys.map((k) =>
        k.id === 'k1' ? { ...k, status: 'revoked', revokedAt: '2026-03-03T10:00:00.000Z' } : k,
      );
      return new Response(null, { status: 204 });
    },
  };
  return routes;
}

async function openCreateForm(buttonName: RegExp | string = 'Create key') {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }, T));
  return screen.findByRole('form', { name: 'Create API key', hidden: true }, T);
}

describe('the API keys section', () => {
  it(
    'an owner with no keys creates one and sees its secret once, then never again',
    { timeout: 20_000 },
    async () => {
      const load = vi.fn();
      const calls = renderSection(keysServer([]), OWNER, choices({ load }));
      expect(await screen.findByText('No API keys yet', {}, T)).toBeTruthy();
      const form = await openCreateForm('Create your first key');
      expect(load).toHaveBeenCalled();
      await userEvent.type(
        within(form).getByRole('textbox', { name: /Name/, hidden: true }),
        '  CI pipeline ',
      );
      // Ticked in another order than the scopes are listed: sent in the listed order.
      await userEvent.click(
        within(form).getByRole('checkbox', { name: /Write answers/, hidden: true }),
      );
      await userEvent.click(
        within(form).getByRole('checkbox', { name: /Read client tenants/, hidden: true }),
      );
      expect(within(form).getByText(API_KEY_SCOPE_INFO['answers:write'].description)).toBeTruthy();
      await userEvent.click(within(form).getByRole('button', { name: 'Create key', hidden: true }));

      const dialog = await screen.findByRole('dialog', { name: 'Your new API key' }, T);
      expect(within(dialog).getByText('Copy it now: it will not be shown again')).toBeTruthy();
      expect(within(dialog).getByTestId('api-key-secret').textContent).toBe(SECRET);
      expect(
        within(dialog).getByText(
          `curl -H "Authorization: Bearer ${SECRET}" https://app.example.test/api/v1/tenants`,
        ),
      ).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeTruthy();
      const sent = calls.filter((c) => c.method === 'POST' && c.path === LIST);
      expect(sent.map((c) => c.body)).toEqual([
        {
          name: 'CI pipeline',
          scopes: ['tenants:read', 'answers:write'],
          tenantId: null,
          expiresAt: null,
        },
      ]);

      await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
      // The list has the key by its prefix; the secret is nowhere on the page.
      expect((await screen.findAllByText('CI pipeline', {}, T)).length).toBeGreaterThan(0);
      expect(screen.getAllByText('tnt_AbCd1234…').length).toBeGreaterThan(0);
      expect(document.body.textContent).not.toContain(SECRET);
    },
  );

  it(
    'sends a tenant restriction and an expiry date, and shows the server’s field errors',
    { timeout: 20_000 },
    async () => {
      const routes = keysServer([apiKey()]);
      routes[`POST ${LIST}`] = () =>
        jsonResponse(
          {
            error: {
              code: 'common.validation',
              message: 'Check the fields.',
              fields: { expiresAt: 'At most 730 days ahead.' },
            },
          },
          400,
        );
      const calls = renderSection(routes);
      const form = await openCreateForm();
      // Nothing is sent without a name and a scope.
      await userEvent.click(within(form).getByRole('button', { name: 'Create key', hidden: true }));
      expect(await within(form).findByText('Give the key a name.', {}, T)).toBeTruthy();
      expect(within(form).getByText('Choose at least one scope.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      await userEvent.type(
        within(form).getByRole('textbox', { name: /Name/, hidden: true }),
        'Acme scanner',
      );
      await userEvent.click(
        within(form).getByRole('checkbox', { name: /Read assessments/, hidden: true }),
      );
      await userEvent.click(
        within(form).getByRole('combobox', { name: /Client tenant/, hidden: true }),
      );
      await userEvent.click(await screen.findByRole('option', { name: 'Globex', hidden: true }, T));
      const expiry = within(form).getByLabelText(/Expiry date/) as HTMLInputElement;
      const nextYear = new Date().getFullYear() + 1;
      await userEvent.type(expiry, `${nextYear}-01-15`);
      await userEvent.click(within(form).getByRole('button', { name: 'Create key', hidden: true }));

      expect(await within(form).findByText('At most 730 days ahead.', {}, T)).toBeTruthy();
      const sent = calls.filter((c) => c.method === 'POST' && c.path === LIST);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({
        name: 'Acme scanner',
        scopes: ['assessments:read'],
        tenantId: 't2',
        expiresAt: new Date(nextYear, 0, 16).toISOString(),
      });
      expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull();
    },
  );

  it('lists the keys with what they may do and their use, and revokes after confirming', async () => {
    const calls = renderSection(
      keysServer([
        apiKey(),
        apiKey({
          id: 'k2',
          name: 'Old export',
          status: 'revoked',
          revokedAt: '2026-03-02T12:00:00.000Z',
          tenant: null,
          lastUsedAt: null,
          lastUsedIp: null,
        }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'API keys' }, T);
    const row = within(table).getByText('Nightly scan').closest('tr')!;
    for (const text of [
      'tnt_AbCd1234…',
      'Read client tenants',
      'Write answers',
      'Only Acme Ltd',
      'by Robin Park',
      'from 203.0.113.7',
      'Active',
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const old = within(table).getByText('Old export').closest('tr')!;
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).getByText(formatDate('2026-03-02T12:00:00.000Z'))).toBeTruthy();
    expect(within(old).getByText('Every client tenant')).toBeTruthy();
    expect(within(old).getByText('Never used')).toBeTruthy();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Nightly scan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' }, T);
    expect(within(confirm).getByText(/stops working at once/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${LIST}/k1`]);
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('table', { name: 'API keys' }))
            .getByText('Nightly scan')
            .closest('tr')!.textContent,
        ).toContain('Revoked'),
      T,
    );
  });

  it('shows the upgrade prompt when the plan does not include the API', async () => {
    renderSection({
      [`GET ${LIST}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'billing.feature_locked',
              message: 'Not in your plan.',
              details: { feature: 'api', plan: 'pro' },
            },
          },
          402,
        ),
    });
    const prompt = await screen.findByTestId('upgrade-prompt', {}, T);
    expect(prompt.textContent).toContain('Developer API and webhooks: not in your plan');
    expect(within(prompt).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/admin/billing',
    );
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
  });

  it(
    'shows the upgrade prompt in the form when the plan refuses a new key',
    { timeout: 20_000 },
    async () => {
      const routes = keysServer([]);
      routes[`POST ${LIST}`] = () =>
        jsonResponse(
          {
            error: {
              code: 'billing.feature_locked',
              message: 'Not in your plan.',
              details: { feature: 'api', plan: 'pro' },
            },
          },
          402,
        );
      renderSection(routes);
      const form = await openCreateForm('Create your first key');
      await userEvent.type(
        within(form).getByRole('textbox', { name: /Name/, hidden: true }),
        'CI pipeline',
      );
      await userEvent.click(
        within(form).getByRole('checkbox', { name: /Read client tenants/, hidden: true }),
      );
      await userEvent.click(within(form).getByRole('button', { name: 'Create key', hidden: true }));
      const prompt = await within(form).findByTestId('upgrade-prompt', {}, T);
      expect(prompt.textContent).toContain('The Pro plan does not include this.');
      expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull();
    },
  );

  it('says what went wrong when the list cannot be loaded', async () => {
    renderSection({
      [`GET ${LIST}`]: () =>
        jsonResponse({ error: { code: 'common.forbidden', message: 'Not allowed here.' } }, 403),
    });
    const alert = await screen.findByRole('alert', {}, T);
    expect(alert.textContent).toContain('The API keys could not be loaded');
    expect(alert.textContent).toContain('Not allowed here.');
  });

  it('tells a member who manages keys, without asking for them', async () => {
    const calls = renderSection(keysServer([apiKey()]), MEMBER);
    expect(
      await screen.findByText(
        'Only the account’s owners and admins create and revoke API keys.',
        {},
        T,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
