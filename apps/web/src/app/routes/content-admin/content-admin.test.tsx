import { ACCOUNT_PERMISSIONS, type AccountRole } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { ADMIN, USER, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

function account(role: AccountRole) {
  return {
    id: 'acc1',
    name: 'Northwind Consulting',
    logoUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    role,
    permissions: Object.entries(ACCOUNT_PERMISSIONS)
      .filter(([, roles]) => (roles as readonly string[]).includes(role))
      .map(([p]) => p),
    tenantAccessLimited: false,
  };
}

const routes = (role: AccountRole) => ({
  'GET /api/v1/account': () => jsonResponse(account(role)),
  'GET /api/v1/content/frameworks': () => jsonResponse({ items: [], total: 0 }),
});

describe('content admin screen', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('tells a plain member that owners and admins write content, and points to Explore', async () => {
    renderApp('/contentAdmin/frameworks', USER, { routes: routes('member') });
    const note = await screen.findByText('Only owners and admins write content', {}, T);
    const box = note.closest('[role="alert"]') ?? note.parentElement!.parentElement!;
    expect(
      within(box as HTMLElement)
        .getByRole('link', { name: 'Go to Explore' })
        .getAttribute('href'),
    ).toBe('/explore');
    expect(screen.queryByRole('button', { name: 'New framework' })).toBeNull();
    // The tabs stay, so the page is the same one for everybody.
    expect(screen.getByRole('tab', { name: 'Frameworks' })).toBeTruthy();
  });

  it('lets an owner author private frameworks', async () => {
    renderApp('/contentAdmin', USER, { routes: routes('owner') });
    expect(await screen.findByText('No frameworks yet', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New framework' })).toBeTruthy();
    expect(
      screen.getByText('Author your account’s frameworks, playbooks, articles and images.'),
    ).toBeTruthy();
  });

  it('lets a system admin who is also an owner author both scopes', async () => {
    renderApp('/contentAdmin/frameworks', ADMIN, {
      routes: {
        ...routes('owner'),
        'GET /api/v1/content/frameworks': () =>
          jsonResponse({
            items: [
              {
                id: 'g1',
                key: 'nist-csf-2.0',
                scope: 'global',
                name: 'NIST CSF 2.0',
                summary: '',
                tags: [],
                latestVersion: null,
                publishedAt: null,
                questionCount: 0,
                hasDraftChanges: true,
                archivedAt: null,
                updatedAt: '2026-03-01T10:00:00.000Z',
              },
            ],
            total: 1,
          }),
      },
    });
    expect(await screen.findByRole('table', { name: 'Frameworks' }, T)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Scope' })).toBeTruthy();
    expect(screen.getAllByText('Draft only').length).toBeGreaterThan(0);
  });

  it('a system admin without authoring rights in the account still authors global content', async () => {
    renderApp('/contentAdmin/frameworks', ADMIN, { routes: routes('member') });
    expect(await screen.findByText('No frameworks yet', {}, T)).toBeTruthy();
    expect(screen.getByText('Author global content for every account.')).toBeTruthy();
  });

  it('an unknown tab says so', async () => {
    renderApp('/contentAdmin/nope', USER, { routes: routes('owner') });
    expect(await screen.findByText('There is no such section', {}, T)).toBeTruthy();
  });
});
