import type { Article, Playbook } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { ArticlesTab } from '../articles/ArticlesTab.tsx';
import { PlaybooksTab } from '../playbooks/PlaybooksTab.tsx';

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

type Tab = 'articles' | 'playbooks';

function Screen({ tab }: { tab: Tab }) {
  const { focus } = useParams();
  const hrefFor = (f?: string) => `/contentAdmin/${tab}${f ? `/${f}` : ''}`;
  return tab === 'articles' ? (
    <ArticlesTab focus={focus} hrefFor={hrefFor} />
  ) : (
    <PlaybooksTab focus={focus} hrefFor={hrefFor} />
  );
}

/** The playbooks or articles tab of content admin at `path`, over the test's API answers. */
function renderTab(tab: Tab, path: string, routes: ExtraRoutes) {
  const calls = stubApi(routes);
  const router = renderRoutes(
    [
      { path: `/contentAdmin/${tab}`, element: <Screen tab={tab} /> },
      { path: `/contentAdmin/${tab}/:focus`, element: <Screen tab={tab} /> },
    ],
    path,
  );
  return { calls, router };
}

const stepTitles = () =>
  screen
    .getAllByRole('textbox', { name: /^Title of step/ })
    .map((el) => (el as HTMLInputElement).value);

describe('playbook editor', () => {
  it('moves a step with the visible buttons and saves the new order on the revision it loaded', async () => {
    const { calls } = renderTab('playbooks', '/contentAdmin/playbooks/p1', {
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
    const { calls } = renderTab('playbooks', '/contentAdmin/playbooks/p1', {
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
    renderTab('playbooks', '/contentAdmin/playbooks/p1', {
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

describe('articles tab (the item list, create modal and editor)', () => {
  it('keeps what is typed in “New article” when the list answers “none yet” meanwhile', async () => {
    let answer: (r: Response) => void = () => {};
    const listed = new Promise<Response>((resolve) => (answer = resolve));
    renderTab('articles', '/contentAdmin/articles', {
      'GET /api/v1/content/articles': () => listed,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New article' }));
    const dialog = await screen.findByRole('dialog', { name: 'New article' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Why backups');
    answer(jsonResponse({ items: [], total: 0 }));
    expect(await screen.findByRole('heading', { name: 'No articles yet' })).toBeTruthy();
    const still = screen.getByRole('dialog', { name: 'New article' });
    expect(within(still).getByRole('textbox', { name: 'Title' })).toHaveProperty(
      'value',
      'Why backups',
    );
  });

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
      'GET /api/v1/content/playbooks/p1': () =>
        jsonResponse({ ...PLAYBOOK, status: 'published', steps: [] }),
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
