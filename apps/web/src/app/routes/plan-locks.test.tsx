import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER_ACCOUNT, summary } from '#web/features/billing/test/fixtures.ts';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse, EMPTY_POSTURE } from '#web/test/fixtures.ts';
import { renderApp, type ExtraRoutes } from '#web/test/render-app.tsx';

// The plan's lock shows BEFORE a form (from GET /api/v1/billing), not after it was filled and
// refused with a 402: sharing, private content, the API, the fourth client tenant on Free.
const T = { timeout: 10_000 };

const FREE_AT_LIMIT = summary({
  plan: 'free',
  usage: { seats: 1, tenants: 3, activeAssessments: 0 },
  atLimit: ['tenants'],
});

const TENANT = {
  id: 't1',
  name: 'Acme',
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
    accountRole: 'owner',
    shareRole: null,
    accountName: 'Northwind Consulting',
    brand: null,
  },
};

function server(billing = FREE_AT_LIMIT): ExtraRoutes {
  return {
    'GET /api/v1/account': () => jsonResponse(OWNER_ACCOUNT),
    'GET /api/v1/billing': () => jsonResponse(billing),
    // The account's client tenants (an empty list would show the empty state's own button).
    'GET /api/v1/tenants': () => jsonResponse({ tenants: [TENANT], nextCursor: null }),
    'GET /api/v1/tenants/t1': () => jsonResponse(TENANT),
    'GET /api/v1/tenants/t1/shares': () => jsonResponse({ shares: [] }),
    'GET /api/v1/api-keys': () => jsonResponse({ keys: [] }),
    'GET /api/v1/webhooks': () => jsonResponse({ webhooks: [], limit: 10 }),
    'GET /api/v1/content/frameworks': () => jsonResponse({ items: [], total: 0 }),
  };
}

const seePlans = async () => {
  const prompts = await screen.findAllByTestId('upgrade-prompt', {}, T);
  for (const p of prompts) {
    expect(p.querySelector('a')?.getAttribute('href')).toBe('/admin/billing');
  }
  return prompts;
};

describe('plan locks before the form', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('the tenant list at the Free limit shows the lock instead of "New client tenant"', async () => {
    renderApp('/tenant', USER, { routes: server() });
    const [prompt] = await seePlans();
    expect(prompt!.textContent).toContain('Your plan has no room for more client tenants');
    expect(prompt!.textContent).toContain(
      'The Free plan includes 3 client tenants and this account has 3.',
    );
    // Once the list is there too, no way to create one shows anywhere.
    expect((await screen.findAllByText('Acme', {}, T)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'New client tenant' })).toBeNull();
  });

  it('below the limit, "New client tenant" is offered and no lock shows', async () => {
    renderApp('/tenant', USER, { routes: server(summary({ plan: 'free' })) });
    expect(await screen.findByRole('button', { name: 'New client tenant' }, T)).toBeTruthy();
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
  });

  it('the sharing tab on Free shows the lock instead of the share form', async () => {
    renderApp('/tenant/t1/sharing', USER, { routes: server() });
    const [prompt] = await seePlans();
    expect(prompt!.textContent).toContain('not in your plan');
    expect(prompt!.textContent).toContain('The Pro plan does.');
    expect(screen.queryByRole('button', { name: /^Share$/ })).toBeNull();
    expect(await screen.findByText('Not shared with anyone yet.', {}, T)).toBeTruthy();
  });

  it('the developer page without the API shows the lock instead of creating keys and endpoints', async () => {
    renderApp('/developer', USER, { routes: server() });
    const prompts = await seePlans();
    await waitFor(() => expect(screen.getAllByTestId('upgrade-prompt')).toHaveLength(2));
    expect(prompts[0]!.textContent).toContain('The Business plan does.');
    expect(screen.queryByRole('button', { name: 'Create your first key' })).toBeNull();
    expect(
      screen.queryByRole('button', { name: /Add your first endpoint|Add endpoint/ }),
    ).toBeNull();
  });

  it('content admin without private content shows the lock instead of the editors', async () => {
    renderApp('/contentAdmin/frameworks', USER, { routes: server() });
    const [prompt] = await seePlans();
    expect(prompt!.textContent).toContain('not in your plan');
    expect(screen.queryByRole('button', { name: /New framework|Import/ })).toBeNull();
  });

  it('a plan that allows it shows the forms', async () => {
    renderApp('/tenant/t1/sharing', USER, { routes: server(summary({ plan: 'pro' })) });
    await screen.findByText('Not shared with anyone yet.', {}, T);
    await waitFor(() => expect(screen.queryByTestId('upgrade-prompt')).toBeNull());
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toBeTruthy();
  });
});
