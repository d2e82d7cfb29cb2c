import type { Article, Playbook } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { ArticlesTab } from '../articles/ArticlesTab.tsx';
import { PlaybooksTab } from '../playbooks/PlaybooksTab.tsx';

const ARTICLE: Article = {
  id: 'a1',
  key: 'why-backups-need-testing',
  scope: 'private',
  status: 'draft',
  revision: 1,
  publishedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: 'Robin Park',
  title: 'Why backups need testing',
  summary: '',
  tags: [],
  body: 'Restore one every month.',
};

const PLAYBOOK: Playbook = {
  id: 'p1',
  key: 'patching',
  scope: 'private',
  status: 'published',
  revision: 3,
  publishedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
  title: 'Patching',
  summary: '',
  priority: 'high',
  tags: [],
  steps: [],
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

function Screen({ tab }: { tab: 'articles' | 'playbooks' }) {
  const { focus } = useParams();
  const hrefFor = (f?: string) => `/contentAdmin/${tab}${f ? `/${f}` : ''}`;
  return tab === 'articles' ? (
    <ArticlesTab focus={focus} hrefFor={hrefFor} />
  ) : (
    <PlaybooksTab focus={focus} hrefFor={hrefFor} />
  );
}

function renderTab(tab: 'articles' | 'playbooks', path: string, routes: Record<string, Handler>) {
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
      if (handler) return handler(init);
      return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: `/contentAdmin/${tab}`, element: <Screen tab={tab} /> },
      { path: `/contentAdmin/${tab}/:focus`, element: <Screen tab={tab} /> },
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

describe('articles tab (the item list, create modal and editor)', () => {
  it('starts empty; “New article” suggests the key from the title, creates a draft and opens it', async () => {
    const { calls, router } = renderTab('articles', '/contentAdmin/articles', {
      'GET /api/v1/content/articles': () => jsonResponse({ items: [], total: 0 }),
      'POST /api/v1/content/articles': () => jsonResponse(ARTICLE, 201),
      'GET /api/v1/content/articles/a1': () => jsonResponse(ARTICLE),
    });
    expect(await screen.findByRole('heading', { name: 'No articles yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New article' }));
    const dialog = await screen.findByRole('dialog', { name: 'New article' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Why backups');
    expect(within(dialog).getByRole('textbox', { name: 'Key' })).toHaveProperty(
      'value',
      'why-backups',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create article' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contentAdmin/articles/a1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      scope: 'private',
      key: 'why-backups',
      title: 'Why backups',
    });
    expect(await screen.findByRole('heading', { name: 'Why backups need testing' })).toBeTruthy();
  });

  it('edits the body and saves it on the revision it loaded; the header tells the reading time', async () => {
    const { calls } = renderTab('articles', '/contentAdmin/articles/a1', {
      'GET /api/v1/content/articles/a1': () => jsonResponse(ARTICLE),
      'PUT /api/v1/content/articles/a1': (init) =>
        jsonResponse({ ...ARTICLE, ...JSON.parse(init?.body as string), revision: 2 }),
    });
    await screen.findByRole('heading', { name: 'Why backups need testing' });
    expect(screen.getByText(/1 min read · saved by Robin Park/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All articles' }).getAttribute('href')).toBe(
      '/contentAdmin/articles',
    );
    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Test your backups');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      revision: 1,
      title: 'Test your backups',
      summary: '',
      tags: [],
      body: 'Restore one every month.',
    });
  });
});

describe('playbooks tab (what only playbooks say)', () => {
  it('a playbook that framework questions link to is not deleted, and says why', async () => {
    renderTab('playbooks', '/contentAdmin/playbooks/p1', {
      'GET /api/v1/content/playbooks/p1': () => jsonResponse(PLAYBOOK),
      'DELETE /api/v1/content/playbooks/p1': () =>
        jsonResponse({ error: { code: 'content.in_use', message: 'In use.' } }, 409),
    });
    await screen.findByRole('heading', { name: 'Patching' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Patching”?' });
    expect(dialog.textContent).toContain(
      'It is published: readers lose it at once. The playbook and its steps are deleted.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete playbook' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Framework questions link to this playbook, so it cannot be deleted.',
    );
  });
});
