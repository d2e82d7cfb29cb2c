import type { RoadmapItem, RoadmapItemDetail, RoadmapList } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { RoadmapPanel } from './RoadmapPanel.tsx';
import { RoadmapTriagePanel } from './RoadmapTriagePanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/roadmap/items';
const STAFF = '/api/v1/service/roadmap/items';

const item = (over: Partial<RoadmapItem> = {}): RoadmapItem => ({
  id: 'i1',
  title: 'Dark mode',
  description: 'Easier on the **eyes**',
  status: 'planned',
  tags: ['ui'],
  approved: true,
  voteCount: 2,
  commentCount: 1,
  mine: false,
  voted: false,
  mergedInto: null,
  author: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const list = (items: RoadmapItem[]): RoadmapList => ({ items, nextOffset: null, tags: ['ui'] });
const detail = (i: RoadmapItem): RoadmapItemDetail => ({
  ...i,
  comments: [
    {
      id: 'c1',
      authorName: 'Bob',
      mine: false,
      body: 'Yes *please*',
      createdAt: '2026-01-02T00:00:00.000Z',
      fromItem: null,
    },
  ],
});

const render = (path = '/roadmap', element = <RoadmapPanel />) =>
  renderRoutes(
    [
      { path: '/roadmap', element },
      { path: '/service/roadmap', element },
    ],
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the roadmap', () => {
  it('lists items with their votes; a vote is a pressed button', async () => {
    let voted = false;
    const calls = stubApi({
      [`GET ${API}`]: () =>
        jsonResponse(
          list([
            item({ voted, voteCount: voted ? 3 : 2 }),
            item({
              id: 'i2',
              title: 'Mine',
              approved: false,
              mine: true,
              voteCount: 0,
              status: 'under_review',
            }),
          ]),
        ),
      [`POST ${API}/i1/vote`]: () => {
        voted = true;
        return jsonResponse({ voted: true, voteCount: 3 });
      },
    });
    render();
    const button = await screen.findByRole('button', { name: /Vote for Dark mode \(2 votes\)/ }, T);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(
      within(screen.getByRole('article', { name: 'Mine' })).getByText('Waiting for approval'),
    ).toBeTruthy();
    await userEvent.click(button);
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: /Vote for Dark mode \(3 votes\)/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === `${API}/i1/vote`)).toBe(true);
    expect(calls[0]?.url.searchParams.get('view')).toBe('trending');
  });

  it('keeps the view in the URL and shows the board by status', async () => {
    const calls = stubApi({ [`GET ${API}`]: () => jsonResponse(list([item()])) });
    const router = render('/roadmap?view=board');
    const planned = await screen.findByRole('region', { name: 'Planned' }, T);
    expect(within(planned).getByText('Dark mode')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Under review' }).textContent).toContain(
      'Nothing under review.',
    );
    expect(calls[0]?.url.searchParams.get('view')).toBe('board');
    await userEvent.click(screen.getByRole('radio', { name: 'Most voted' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=top'));
  });

  it('opens an item: the description as markdown, its comments, a comment form', async () => {
    stubApi({
      [`GET ${API}`]: () => jsonResponse(list([item()])),
      [`GET ${API}/i1`]: () => jsonResponse(detail(item())),
    });
    render('/roadmap?item=i1');
    const dialog = await screen.findByRole('dialog', {}, T);
    await within(dialog).findByText('eyes', {}, T);
    expect(within(dialog).getByText('eyes').tagName).toBe('STRONG');
    expect(within(dialog).getByRole('list', { name: 'Comments' }).textContent).toContain('Bob');
    expect(within(dialog).getByRole('form', { name: 'Add a comment' })).toBeTruthy();
  });

  it('says an empty roadmap is empty, and a failed load with a way to try again', async () => {
    stubApi({ [`GET ${API}`]: () => jsonResponse({ items: [], nextOffset: null, tags: [] }) });
    render();
    expect(await screen.findByText('Be the first to suggest an idea.', {}, T)).toBeTruthy();
  });

  it('suggests an idea, saying it waits for approval', async () => {
    const calls = stubApi({
      [`GET ${API}`]: () => jsonResponse(list([])),
      [`POST ${API}`]: () => jsonResponse(item({ id: 'new', approved: false, mine: true }), 201),
      [`GET ${API}/new`]: () =>
        jsonResponse(detail(item({ id: 'new', approved: false, mine: true }))),
    });
    const router = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest an idea' }, T));
    const form = await screen.findByRole('form', { name: 'Suggest an idea' }, T);
    expect(form.textContent).toContain('waits for our team to approve it');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the idea' }));
    expect(await within(form).findByText(/at least 3 characters/)).toBeTruthy();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Dark mode');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the idea' }));
    await waitFor(() => expect(router.state.location.search).toBe('?item=new'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Dark mode',
      description: '',
      tags: [],
    });
  });
});

describe('the service console’s roadmap tab', () => {
  it('approves a pending suggestion and merges a duplicate picked by search', async () => {
    const pending = item({
      id: 'p1',
      title: 'Night theme',
      approved: false,
      author: { id: 'u', name: 'Alice', email: 'alice@example.com' },
    });
    const calls = stubApi({
      [`GET ${STAFF}`]: (_init, url) =>
        jsonResponse({
          items: url.searchParams.get('state') === 'approved' ? [item()] : [pending],
          nextOffset: null,
          pendingCount: 1,
        }),
      [`POST ${STAFF}/p1/approve`]: () => jsonResponse({ ...pending, approved: true }),
      [`POST ${STAFF}/p1/merge`]: () =>
        jsonResponse({ target: item({ voteCount: 3 }), movedVotes: 1 }),
    });
    render('/service/roadmap', <RoadmapTriagePanel />);
    const row = await screen.findByRole('article', { name: 'Night theme' }, T);
    expect(row.textContent).toContain('Suggested by Alice (alice@example.com)');
    expect(
      (screen.getByRole('radio', { name: 'Waiting for approval (1)' }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `${STAFF}/p1/approve`)).toBe(true),
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Merge into…' }));
    const form = await screen.findByRole('form', { name: 'Merge into another item' }, T);
    await userEvent.click(within(form).getByLabelText('Merge into'));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Dark mode (2)', hidden: true }, T),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${STAFF}/p1/merge`)?.body).toEqual({ targetId: 'i1' }),
    );
  }, 20_000);

  it('puts a new item on the roadmap', async () => {
    const calls = stubApi({
      [`GET ${STAFF}`]: () => jsonResponse({ items: [], nextOffset: null, pendingCount: 0 }),
      [`POST ${STAFF}`]: () => jsonResponse(item({ id: 'n1', title: 'Audit export' }), 201),
    });
    render('/service/roadmap', <RoadmapTriagePanel />);
    expect(await screen.findByText('No suggestion is waiting for approval.', {}, T)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New item' }));
    const form = await screen.findByRole('form', { name: 'New roadmap item' }, T);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Audit export');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to the roadmap' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Audit export',
        description: '',
        tags: [],
        status: 'planned',
      }),
    );
  }, 20_000);

  it('edits an item’s title', async () => {
    const calls = stubApi({
      [`GET ${STAFF}`]: () => jsonResponse({ items: [item()], nextOffset: null, pendingCount: 0 }),
      [`PATCH ${STAFF}/i1`]: () => jsonResponse(item({ title: 'Dark mode, everywhere' })),
    });
    render('/service/roadmap?state=approved', <RoadmapTriagePanel />);
    const row = await screen.findByRole('article', { name: 'Dark mode' }, T);
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the roadmap item' }, T);
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Dark mode, everywhere');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        title: 'Dark mode, everywhere',
        description: 'Easier on the **eyes**',
        tags: ['ui'],
      }),
    );
  }, 20_000);
});
