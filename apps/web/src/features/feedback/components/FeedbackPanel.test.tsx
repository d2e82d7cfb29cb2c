import type { FeedbackItem, FeedbackList } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { FeedbackPanel } from './FeedbackPanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/service/feedback';

const item = (over: Partial<FeedbackItem>): FeedbackItem => ({
  id: 'f1',
  rating: 4,
  comment: 'Handy',
  pagePath: '/tenant/t1/overview',
  appVersion: String(Date.UTC(2026, 10, 20, 9, 30)),
  user: { id: 'u1', name: 'Robin Park', email: 'robin@example.test' },
  account: { id: 'a1', name: 'Acme' },
  createdAt: '2026-11-25T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  ticketId: null,
  roadmapItemId: null,
  ...over,
});

function renderPanel(path = '/service/feedback') {
  const items = [
    item({ id: 'f1' }),
    item({
      id: 'f2',
      rating: 1,
      comment: '',
      pagePath: '/admin/billing',
      user: null,
      account: null,
    }),
    item({
      id: 'f3',
      rating: 5,
      comment: 'Great',
      handledAt: '2026-11-25T12:00:00.000Z',
      handledBy: { id: 'u9', name: 'Sam Admin' },
    }),
  ];
  const calls = stubApi({
    [`GET ${API}`]: (_init, url) => {
      const page = url.searchParams.get('page');
      const rating = url.searchParams.get('rating');
      const handled = url.searchParams.get('handled') ?? 'all';
      const listed = items.filter(
        (i) =>
          (!page || i.pagePath === page) &&
          (!rating || i.rating === Number(rating)) &&
          (handled === 'all' || (handled === 'open') === (i.handledAt === null)),
      );
      const body: FeedbackList = {
        items: listed,
        nextCursor: null,
        openCount: items.filter((i) => i.handledAt === null).length,
      };
      return jsonResponse(body);
    },
    [`POST ${API}/f1/roadmap-item`]: () => {
      const changed = item({
        id: 'f1',
        roadmapItemId: 'r1',
        handledAt: '2026-11-26T08:00:00.000Z',
        handledBy: { id: 'u9', name: 'Sam Admin' },
      });
      items[0] = changed;
      return jsonResponse(changed, 201);
    },
    [`POST ${API}/f1/ticket`]: () => {
      const changed = item({ id: 'f1', ticketId: 't1', handledAt: '2026-11-26T08:00:00.000Z' });
      items[0] = changed;
      return jsonResponse(changed, 201);
    },
    [`PATCH ${API}/f1`]: (init) => {
      const { handled } = JSON.parse(String(init?.body)) as { handled: boolean };
      const changed = item({
        id: 'f1',
        handledAt: handled ? '2026-11-26T08:00:00.000Z' : null,
        handledBy: handled ? { id: 'u9', name: 'Sam Admin' } : null,
      });
      items[0] = changed;
      return jsonResponse(changed);
    },
  });
  const router = renderRoutes([{ path: '/service/feedback', element: <FeedbackPanel /> }], path);
  return { calls, router };
}

const table = () => screen.findByRole('table', { name: 'Feedback' }, T);
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

describe('the feedback tab of the service console', () => {
  it(
    'lists rating, comment, page, version, who and when, with the open count',
    { timeout: 15_000 },
    async () => {
      renderPanel();
      const [first, second, third] = await rows();
      expect(within(first!).getByRole('img', { name: 'Rating 4 – Good' })).toBeTruthy();
      expect(within(first!).getByText('Handy')).toBeTruthy();
      expect(within(first!).getByRole('button', { name: '/tenant/t1/overview' })).toBeTruthy();
      expect(within(first!).getByText('2026-11-20 09:30 UTC')).toBeTruthy();
      expect(within(first!).getByText('Robin Park')).toBeTruthy();
      expect(within(first!).getByText('Acme')).toBeTruthy();
      expect(within(first!).getByText('Not handled')).toBeTruthy();
      expect(within(second!).getByText('No comment')).toBeTruthy();
      expect(within(second!).getByText('Deleted user')).toBeTruthy();
      expect(within(third!).getByText(/Handled by Sam Admin/)).toBeTruthy();
      expect(screen.getByText('2 feedback not handled yet.')).toBeTruthy();
    },
  );

  it(
    'keeps the filters in the URL and asks the server with them',
    { timeout: 15_000 },
    async () => {
      const { calls, router } = renderPanel('/service/feedback?rating=5');
      await waitFor(async () => expect(await rows()).toHaveLength(1), T);
      // A click on a page path shows only that page's feedback.
      await userEvent.click(
        within((await rows())[0]!).getByRole('button', { name: '/tenant/t1/overview' }),
      );
      await waitFor(
        () => expect(router.state.location.search).toBe('?rating=5&page=%2Ftenant%2Ft1%2Foverview'),
        T,
      );
      expect((screen.getByRole('searchbox', { name: 'Page' }) as HTMLInputElement).value).toBe(
        '/tenant/t1/overview',
      );
      const last = calls.filter((c) => c.path === API).at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toMatchObject({
        rating: '5',
        page: '/tenant/t1/overview',
        handled: 'all',
      });
    },
  );

  it('says when nothing matches', async () => {
    renderPanel('/service/feedback?page=%2Fnowhere');
    expect(await screen.findByText('No feedback matches.', {}, T)).toBeTruthy();
  });

  it('marks feedback handled and shows who did', { timeout: 15_000 }, async () => {
    const { calls } = renderPanel();
    const [first] = await rows();
    await userEvent.click(within(first!).getByRole('button', { name: /^Mark handled/ }));
    await waitFor(async () => {
      const [again] = await rows();
      expect(within(again!).getByText(/Handled by Sam Admin/)).toBeTruthy();
    }, T);
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ handled: true });
  });

  it('turns feedback into a roadmap item from its comment', { timeout: 15_000 }, async () => {
    const { calls } = renderPanel();
    const [first] = await rows();
    await userEvent.click(within(first!).getByRole('button', { name: /^Roadmap item…/ }));
    const dialog = await screen.findByRole('dialog', {}, T);
    const title = within(dialog).getByRole('textbox', { name: /Title/, hidden: true });
    expect((title as HTMLInputElement).value).toBe('Handy');
    await userEvent.clear(title);
    await userEvent.type(title, 'Quicker overview');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Put on the roadmap', hidden: true }),
    );
    await waitFor(async () => {
      const [again] = await rows();
      expect(within(again!).getByText('On the roadmap')).toBeTruthy();
    }, T);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`${API}/f1/roadmap-item`);
    expect(post?.body).toMatchObject({ title: 'Quicker overview' });
    expect((post?.body as { description: string }).description).toContain('/tenant/t1/overview');
  });

  it(
    'opens a support ticket in the sender’s name from the feedback',
    { timeout: 15_000 },
    async () => {
      const { calls } = renderPanel();
      const [first, second] = await rows();
      // Feedback of a deleted user has no one to open a ticket for.
      expect(within(second!).queryByRole('button', { name: /^Ticket…/ })).toBeNull();
      await userEvent.click(within(first!).getByRole('button', { name: /^Ticket…/ }));
      const dialog = await screen.findByRole('dialog', {}, T);
      expect(dialog.textContent).toContain('Robin Park’s name, on Acme');
      const subject = within(dialog).getByRole('textbox', { name: /Subject/, hidden: true });
      expect((subject as HTMLInputElement).value).toBe('Handy');
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Open ticket', hidden: true }),
      );
      await waitFor(async () => {
        const [again] = await rows();
        expect(within(again!).getByRole('link', { name: 'Its ticket' }).getAttribute('href')).toBe(
          '/service/support/t1',
        );
      }, T);
      const post = calls.find((c) => c.path === `${API}/f1/ticket`);
      expect(post?.body).toMatchObject({ subject: 'Handy', category: 'question' });
      expect((post?.body as { body: string }).body).toContain('> Handy');
    },
  );
});
