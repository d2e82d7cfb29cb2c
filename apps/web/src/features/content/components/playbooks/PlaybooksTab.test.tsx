import type { Playbook } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { PlaybooksTab } from './PlaybooksTab.tsx';

const PLAYBOOK: Playbook = {
  id: 'p1',
  key: 'patching',
  scope: 'private',
  status: 'draft',
  revision: 3,
  publishedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: 'Robin Park',
  title: 'Patching',
  summary: 'Close known holes.',
  priority: 'high',
  tags: ['ops'],
  steps: [
    { title: 'Inventory', body: 'List assets', effort: 'S', ownerRole: 'IT' },
    { title: 'Patch', body: '', effort: 'M', ownerRole: '' },
    { title: 'Verify', body: '', effort: 'L', ownerRole: '' },
  ],
};

type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

function Screen() {
  const { focus } = useParams();
  return (
    <PlaybooksTab focus={focus} hrefFor={(f) => `/contentAdmin/playbooks${f ? `/${f}` : ''}`} />
  );
}

function renderTab(path: string, routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const handler = routes[`${method} ${url.pathname}`];
      if (handler) return handler(init, url);
      return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/contentAdmin/playbooks', element: <Screen /> },
      { path: '/contentAdmin/playbooks/:focus', element: <Screen /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, router };
}

const stepTitles = () =>
  screen
    .getAllByRole('textbox', { name: /^Title of step/ })
    .map((el) => (el as HTMLInputElement).value);

describe('playbook editor', () => {
  it('moves a step with the visible buttons and saves the new order on the revision it loaded', async () => {
    const { calls } = renderTab('/contentAdmin/playbooks/p1', {
      'GET /api/v1/content/playbooks/p1': () => jsonResponse(PLAYBOOK),
      'PUT /api/v1/content/playbooks/p1': (init) => {
        const body = JSON.parse(init?.body as string) as Playbook;
        return jsonResponse({ ...PLAYBOOK, ...body, revision: 4 });
      },
    });
    await screen.findByRole('heading', { name: 'Patching' });
    expect(stepTitles()).toEqual(['Inventory', 'Patch', 'Verify']);
    await userEvent.click(screen.getByRole('button', { name: 'Move step 1 down' }));
    expect(stepTitles()).toEqual(['Patch', 'Inventory', 'Verify']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByText('Step 1 moved to position 2 of 3.').getAttribute('role')).toBe(
      'status',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      revision: 3,
      steps: [{ title: 'Patch' }, { title: 'Inventory' }, { title: 'Verify' }],
    });
  });

  it('on a stale revision shows who saved meanwhile; "Keep mine" saves on their revision', async () => {
    const theirs = { ...PLAYBOOK, revision: 5, title: 'Patching (theirs)', updatedBy: 'Sam Admin' };
    let puts = 0;
    let current = PLAYBOOK;
    const { calls } = renderTab('/contentAdmin/playbooks/p1', {
      'GET /api/v1/content/playbooks/p1': () => jsonResponse(current),
      'PUT /api/v1/content/playbooks/p1': (init) => {
        puts += 1;
        if (puts === 1) {
          current = theirs; // saved by someone else meanwhile
          return jsonResponse(
            {
              error: {
                code: 'content.stale_revision',
                message: 'Someone else saved it meanwhile.',
                details: { current: theirs },
              },
            },
            409,
          );
        }
        const body = JSON.parse(init?.body as string) as Playbook;
        return jsonResponse({ ...theirs, ...body, revision: 6 });
      },
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sam Admin saved this playbook');
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() =>
      expect(screen.queryByText('This playbook was changed meanwhile')).toBeNull(),
    );
    const lastPut = calls.filter((c) => c.method === 'PUT').at(-1);
    expect(lastPut?.body).toMatchObject({ revision: 5, title: 'Mine' });
  });

  it('"Take theirs" loads their version and leaves nothing unsaved', async () => {
    const theirs = { ...PLAYBOOK, revision: 5, title: 'Theirs', steps: [PLAYBOOK.steps[2]!] };
    let current = PLAYBOOK;
    renderTab('/contentAdmin/playbooks/p1', {
      'GET /api/v1/content/playbooks/p1': () => jsonResponse(current),
      'PUT /api/v1/content/playbooks/p1': () => {
        current = theirs;
        return jsonResponse(
          {
            error: {
              code: 'content.stale_revision',
              message: 'Stale.',
              details: { current: theirs },
            },
          },
          409,
        );
      },
    });
    await screen.findByRole('heading', { name: 'Patching' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete step 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
    await screen.findByRole('heading', { name: 'Theirs' });
    expect(stepTitles()).toEqual(['Verify']);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});
