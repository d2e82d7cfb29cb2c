import type { Webhook, WebhookDelivery } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const T = { timeout: 5_000 };
/** Tests that fill in a form: happy-dom renders Mantine's modal slowly. */
const SLOW = 15_000;

const HOOK: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/tenantry',
  description: 'Our CI',
  events: ['assessment.completed', 'task.created'],
  enabled: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lastDelivery: null,
};

const DELIVERY: WebhookDelivery = {
  id: 'd1',
  endpointId: 'w1',
  messageId: 'msg_1',
  eventType: 'webhook.ping',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  durationMs: 42,
  error: null,
  createdAt: '2026-03-01T11:00:00.000Z',
  lastAttemptAt: '2026-03-01T11:00:00.000Z',
  nextAttemptAt: null,
};

const list = (webhooks: Webhook[]) => () => jsonResponse({ webhooks, limit: 20 });

function render(account?: { permissions: string[] }) {
  renderRoutes(
    [{ path: '/developer', element: <WebhooksPanel account={account as never} /> }],
    '/developer',
  );
}

describe('the webhooks panel', () => {
  it('invites to add the first endpoint when there is none', async () => {
    stubApi({ 'GET /api/v1/webhooks': list([]) });
    render();
    expect(await screen.findByText('No webhooks yet', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add your first endpoint' })).toBeTruthy();
  });

  it(
    'adds an endpoint with the events chosen, checked by the shared schema first',
    async () => {
      const calls = stubApi({
        'GET /api/v1/webhooks': list([]),
        'POST /api/v1/webhooks': () => jsonResponse(HOOK, 201),
      });
      render();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Add your first endpoint' }, T),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
      expect(await within(dialog).findByText('Choose at least one event.')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      await userEvent.click(within(dialog).getByRole('textbox', { name: /URL/ }));
      await userEvent.paste(HOOK.url);
      await userEvent.click(within(dialog).getByRole('textbox', { name: /Description/ }));
      await userEvent.paste('Our CI');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Assessment completed/ }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Task created/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.body).toEqual({
        url: HOOK.url,
        description: 'Our CI',
        events: ['assessment.completed', 'task.created'],
      });
    },
    SLOW,
  );

  it(
    'puts the server’s refusal of the URL under the URL',
    async () => {
      stubApi({
        'GET /api/v1/webhooks': list([]),
        'POST /api/v1/webhooks': () =>
          jsonResponse(
            {
              error: {
                code: 'webhooks.url_not_allowed',
                message: 'This is a private address; use a public one.',
                fields: { url: 'This is a private address; use a public one.' },
              },
            },
            400,
          ),
      });
      render();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Add your first endpoint' }, T),
      );
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('textbox', { name: /URL/ }));
      await userEvent.paste('https://10.0.0.1/x');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Task created/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
      expect(
        await within(dialog).findByText('This is a private address; use a public one.'),
      ).toBeTruthy();
      expect(within(dialog).queryByRole('alert')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows an upgrade prompt when the plan has no developer API (402)',
    async () => {
      stubApi({
        'GET /api/v1/webhooks': list([]),
        'POST /api/v1/webhooks': () =>
          jsonResponse(
            {
              error: {
                code: 'billing.feature_locked',
                message: 'The developer API and webhooks is not part of the Pro plan.',
                details: { feature: 'api', plan: 'pro' },
              },
            },
            402,
          ),
      });
      render();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Add your first endpoint' }, T),
      );
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('textbox', { name: /URL/ }));
      await userEvent.paste(HOOK.url);
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Task created/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
      const prompt = await within(dialog).findByRole('alert');
      expect(prompt.textContent).toContain('The Pro plan does not include this.');
      expect(within(dialog).getByRole('link', { name: 'See plans' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'sends a test ping and shows it in the delivery log, with Redeliver',
    async () => {
      let sent = false;
      const calls = stubApi({
        'GET /api/v1/webhooks': list([HOOK]),
        'POST /api/v1/webhooks/w1/ping': () => {
          sent = true;
          return jsonResponse({ ...DELIVERY, status: 'pending', attempts: 0 }, 202);
        },
        'GET /api/v1/webhooks/w1/deliveries': () =>
          jsonResponse({ items: sent ? [DELIVERY] : [], nextCursor: null }),
        'POST /api/v1/webhooks/w1/deliveries/d1/redeliver': () =>
          jsonResponse({ ...DELIVERY, id: 'd2', status: 'pending' }, 202),
      });
      render();
      const card = await screen.findByRole('article', { name: HOOK.url }, T);
      expect(within(card).getByText('Our CI')).toBeTruthy();
      expect(within(card).getByText('Assessment completed')).toBeTruthy();
      await userEvent.click(within(card).getByRole('button', { name: 'Send test ping' }));
      const log = await within(card).findByRole('table', { name: 'Deliveries' }, T);
      const row = within(log).getByText('Test ping').closest('tr')!;
      expect(within(row).getByText('Succeeded')).toBeTruthy();
      expect(within(row).getByText('200')).toBeTruthy();
      expect(within(row).getByText('42 ms')).toBeTruthy();
      await userEvent.click(within(row).getByRole('button', { name: /^Redeliver Test ping/ }));
      await waitFor(() =>
        expect(calls.some((c) => c.path === '/api/v1/webhooks/w1/deliveries/d1/redeliver')).toBe(
          true,
        ),
      );
    },
    SLOW,
  );

  it('reveals the signing secret and rotates it after confirming', async () => {
    const calls = stubApi({
      'GET /api/v1/webhooks': list([HOOK]),
      'GET /api/v1/webhooks/w1/secret': () => jsonResponse({ secret: 'whsec_b2xkb2xkb2xk' }),
      'POST /api/v1/webhooks/w1/secret/rotate': () =>
        jsonResponse({ secret: 'whsec_bmV3bmV3bmV3' }),
    });
    render();
    const card = await screen.findByRole('article', { name: HOOK.url }, T);
    await userEvent.click(within(card).getByRole('button', { name: 'Signing secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal secret' }));
    expect(await within(dialog).findByText('whsec_b2xkb2xkb2xk')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret…' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate now' }));
    expect(await within(dialog).findByText('whsec_bmV3bmV3bmV3')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/webhooks/w1/secret/rotate',
    ]);
  });

  it('disables an endpoint with its switch', async () => {
    const calls = stubApi({
      'GET /api/v1/webhooks': list([HOOK]),
      'PATCH /api/v1/webhooks/w1': () => jsonResponse({ ...HOOK, enabled: false }),
    });
    render();
    const toggle = await screen.findByRole('switch', { name: `Enabled: ${HOOK.url}` }, T);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }),
    );
  });

  it(
    'edits an endpoint, sending only what changed',
    async () => {
      const calls = stubApi({
        'GET /api/v1/webhooks': list([HOOK]),
        'PATCH /api/v1/webhooks/w1': () => jsonResponse({ ...HOOK, description: 'Nightly' }),
      });
      render();
      const card = await screen.findByRole('article', { name: HOOK.url }, T);
      await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit webhook endpoint' });
      const description = within(dialog).getByRole('textbox', { name: /Description/ });
      await userEvent.clear(description);
      await userEvent.type(description, 'Nightly');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ description: 'Nightly' });
    },
    SLOW,
  );

  it('deletes an endpoint after confirming', async () => {
    const calls = stubApi({
      'GET /api/v1/webhooks': list([HOOK]),
      'DELETE /api/v1/webhooks/w1': () => new Response(null, { status: 204 }),
    });
    render();
    const card = await screen.findByRole('article', { name: HOOK.url }, T);
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook endpoint?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('tells a member who manages webhooks, asking nothing without the permission', async () => {
    const calls = stubApi({});
    render({ permissions: ['account.read'] });
    expect(
      await screen.findByText('Only the account’s owners and admins manage webhooks.', {}, T),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says the same when the server refuses the list (403)', async () => {
    stubApi({
      'GET /api/v1/webhooks': () =>
        jsonResponse({ error: { code: 'common.forbidden', message: 'No' } }, 403),
    });
    render();
    expect(
      await screen.findByText('Only the account’s owners and admins manage webhooks.', {}, T),
    ).toBeTruthy();
  });
});
