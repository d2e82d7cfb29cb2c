import type { CalendarFeed } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { CalendarFeedButton } from './CalendarFeed.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/calendar-feed';
const URL_ = `https://app.example.test/api/v1/calendar/${'x'.repeat(43)}.ics`;

/** A server holding the caller's feed: making one replaces it, revoking removes it. */
function feedServer(initial: CalendarFeed['feed']) {
  let feed = initial;
  return {
    [`GET ${API}`]: () => jsonResponse({ feed }),
    [`POST ${API}`]: () => {
      feed = { createdAt: '2026-03-10T10:00:00.000Z', lastFetchedAt: null };
      return jsonResponse({ url: URL_, createdAt: feed.createdAt }, 201);
    },
    [`DELETE ${API}`]: () => {
      feed = null;
      return new Response(null, { status: 204 });
    },
  };
}

function renderButton(routes: ReturnType<typeof feedServer>) {
  const calls = stubApi(routes);
  renderRoutes([{ path: '/', element: <CalendarFeedButton /> }], '/');
  return calls;
}

async function openDialog() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Subscribe in your calendar' }, T),
  );
  return screen.findByRole('dialog', { name: 'Subscribe in your calendar' }, T);
}

describe('the calendar subscription', () => {
  it('makes an address, shows it once with how to subscribe, then never again', async () => {
    const calls = renderButton(feedServer(null));
    const dialog = await openDialog();
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Create calendar address' }, T),
    );
    expect(await within(dialog).findByTestId('calendar-feed-url', {}, T)).toBeTruthy();
    expect(within(dialog).getByTestId('calendar-feed-url').textContent).toBe(URL_);
    expect(within(dialog).getByText('Copy it now: it will not be shown again')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'open it in Calendar' }).getAttribute('href'),
    ).toBe(URL_.replace('https://', 'webcal://'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const again = await openDialog();
    expect(await within(again).findByText(/You made your calendar address on/, {}, T)).toBeTruthy();
    expect(within(again).getByText(/No calendar has fetched it yet/)).toBeTruthy();
    expect(within(again).queryByTestId('calendar-feed-url')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('revokes the address after a confirmation', async () => {
    const calls = renderButton(
      feedServer({
        createdAt: '2026-03-01T10:00:00.000Z',
        lastFetchedAt: '2026-03-09T10:00:00.000Z',
      }),
    );
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/A calendar last fetched it/, {}, T)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke address' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Create calendar address' }, T),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says when the feed could not be loaded', async () => {
    stubApi({
      [`GET ${API}`]: () =>
        jsonResponse({ error: { code: 'common.internal', message: 'Something went wrong' } }, 500),
    });
    renderRoutes([{ path: '/', element: <CalendarFeedButton /> }], '/');
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText(
        'Your calendar address could not be loaded',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });
});
