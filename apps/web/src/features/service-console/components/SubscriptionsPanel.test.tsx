import type { SubscriptionList, SubscriptionRow } from '@tenantry/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { SubscriptionsPanel } from './SubscriptionsPanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/service/subscriptions';

const row = (over: Partial<SubscriptionRow>): SubscriptionRow => ({
  accountId: 'a1',
  accountName: 'Acme',
  ownerEmail: 'owner@acme.test',
  plan: 'pro',
  subscribedPlan: 'pro',
  interval: 'month',
  status: 'active',
  provider: 'sandbox',
  comped: false,
  mrr: 4900,
  trialEndsAt: null,
  graceEndsAt: null,
  readOnly: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const ROWS = [
  row({ accountId: 'a1', accountName: 'Acme', mrr: 4900 }),
  row({
    accountId: 'a2',
    accountName: 'Globex',
    ownerEmail: 'boss@globex.test',
    status: 'trialing',
    mrr: 0,
    trialEndsAt: '2026-04-10T12:00:00.000Z',
  }),
  row({
    accountId: 'a3',
    accountName: 'Initech',
    plan: 'business',
    subscribedPlan: 'business',
    status: 'past_due',
    mrr: 14_900,
    graceEndsAt: '2026-04-02T12:00:00.000Z',
    readOnly: true,
  }),
  row({
    accountId: 'a4',
    accountName: 'Umbrella',
    plan: 'business',
    subscribedPlan: 'free',
    comped: true,
    mrr: 0,
  }),
];

const TOTALS = { accounts: 4, mrr: 19_800, trialing: 1, active: 2, pastDue: 1, canceled: 0 };

/** The API as the server would answer: search, status filter, pages of `limit`-free size 2. */
function renderPanel({
  rows = ROWS,
  path = '/service/subscriptions',
  routes = {} as ExtraRoutes,
} = {}) {
  const calls = stubApi({
    [`GET ${API}`]: (_init, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const status = url.searchParams.get('status') ?? 'all';
      const matching = rows.filter(
        (r) =>
          !q || r.accountName.toLowerCase().includes(q) || r.ownerEmail?.toLowerCase().includes(q),
      );
      const listed = matching.filter((r) => status === 'all' || r.status === status);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const items = listed.slice(start, start + 2);
      const body: SubscriptionList = {
        items,
        nextCursor: start + 2 < listed.length ? String(start + 2) : null,
        totals: q ? { ...TOTALS, accounts: matching.length } : TOTALS,
      };
      return jsonResponse(body);
    },
    ...routes,
  });
  const router = renderRoutes(
    [{ path: '/service/subscriptions', element: <SubscriptionsPanel /> }],
    path,
  );
  return { calls, router };
}

const table = () => screen.findByRole('table', { name: 'Subscriptions' }, T);
const accountNames = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const rowOf = async (name: string) =>
  within(await table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name))!;
const figure = (label: string) => screen.getByRole('listitem', { name: label });

/** A Select's input, by its label. */
const selectInput = (label: string) =>
  (screen.queryByRole('combobox', { name: label }) ??
    screen.getByRole('textbox', { name: label })) as HTMLInputElement;

/** Picks `option` of a Select; answers the labels of every option it offered. */
async function choose(label: string, option: string): Promise<string[]> {
  const input = selectInput(label);
  await userEvent.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error(`The options of ${label} are not open`);
    return el;
  }, T);
  const options = within(list).getAllByRole('option', { hidden: true });
  const match = options.find((o) => o.textContent === option);
  if (!match) throw new Error(`No option ${option} in ${label}`);
  const labels = options.map((o) => o.textContent ?? '');
  await userEvent.click(match);
  return labels;
}

async function openAction(account: string, item: string) {
  await userEvent.click(
    within(await rowOf(account)).getByRole('button', { name: `Actions for ${account}` }),
  );
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }, T));
  return screen.findByRole('dialog', {}, T);
}

describe('the subscriptions tab of the service console', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('shows the totals and a page of accounts with plan, status, MRR and ends; “Load more” adds the next', async () => {
    renderPanel();
    expect(await accountNames()).toEqual(['Acme', 'Globex']);
    expect(within(figure('Accounts')).getByText('4')).toBeTruthy();
    expect(within(figure('MRR')).getByText('$198')).toBeTruthy();
    expect(within(figure('Trialing')).getByText('1')).toBeTruthy();
    expect(within(figure('Active')).getByText('2')).toBeTruthy();
    expect(within(figure('Past due')).getByText('1')).toBeTruthy();
    const globex = await rowOf('Globex');
    expect(within(globex).getByText('Trial')).toBeTruthy();
    expect(within(globex).getByText('boss@globex.test')).toBeTruthy();
    expect(
      within(globex)
        .getByText(/Trial ends/)
        .querySelector('time')?.dateTime,
    ).toBe('2026-04-10T12:00:00.000Z');
    expect(within(await rowOf('Acme')).getByText('$49')).toBeTruthy();
    expect(screen.getByText('2 of 4')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await accountNames()).toHaveLength(4), T);
    const initech = await rowOf('Initech');
    expect(within(initech).getByText('Past due')).toBeTruthy();
    expect(within(initech).getByText('Read-only')).toBeTruthy();
    expect(within(initech).getByText(/Grace ends/)).toBeTruthy();
    expect(within(initech).getByText('$149')).toBeTruthy();
    const umbrella = await rowOf('Umbrella');
    expect(within(umbrella).getByText('Business')).toBeTruthy();
    expect(within(umbrella).getByText('Comped')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it(
    'keeps the search and status filter in the URL and asks the server with them',
    { timeout: 15_000 },
    async () => {
      const { calls, router } = renderPanel({ path: '/service/subscriptions?status=past_due' });
      expect(await accountNames()).toEqual(['Initech']);
      expect(selectInput('Status').value).toBe('Past due');
      await choose('Status', 'All statuses');
      await waitFor(() => expect(router.state.location.search).toBe(''), T);
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'GLOBEX');
      await waitFor(() => expect(router.state.location.search).toBe('?q=GLOBEX'), T);
      await waitFor(async () => expect(await accountNames()).toEqual(['Globex']), T);
      const last = calls.filter((c) => c.path === API).at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toMatchObject({
        q: 'GLOBEX',
        status: 'all',
      });
    },
  );

  it('says when nothing matches', async () => {
    renderPanel({ path: '/service/subscriptions?q=nobody' });
    expect(await screen.findByText('No accounts match.', {}, T)).toBeTruthy();
  });

  it('says so when the service has no accounts yet', async () => {
    renderPanel({ rows: [] });
    expect(await screen.findByText('No accounts yet.', {}, T)).toBeTruthy();
  });

  it('extends a trial by the days chosen, then reloads the list', { timeout: 15_000 }, async () => {
    const { calls } = renderPanel({
      routes: {
        [`POST ${API}/a2/trial`]: () =>
          jsonResponse(
            row({ accountId: 'a2', status: 'trialing', trialEndsAt: '2026-04-20T12:00:00.000Z' }),
          ),
      },
    });
    const dialog = await openAction('Globex', 'Extend trial…');
    const days = within(dialog).getByRole('textbox', { name: /Days/ });
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    expect(await within(dialog).findByText('At most 90 days at a time.', {}, T)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(days);
    await userEvent.type(days, '10');
    const lists = calls.filter((c) => c.path === API).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ days: 10 });
    await waitFor(
      () => expect(calls.filter((c) => c.path === API).length).toBeGreaterThan(lists),
      T,
    );
  });

  it('shows the server’s refusal of a trial extension in the dialog', async () => {
    renderPanel({
      routes: {
        [`POST ${API}/a1/trial`]: () =>
          jsonResponse(
            {
              error: {
                code: 'common.conflict',
                message: 'This account has a subscription with its billing provider.',
              },
            },
            409,
          ),
      },
    });
    const dialog = await openAction('Acme', 'Extend trial…');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert.textContent).toContain(
      'This account has a subscription with its billing provider.',
    );
  });

  it('comps a plan with a reason (required)', { timeout: 15_000 }, async () => {
    const { calls } = renderPanel({
      routes: {
        [`POST ${API}/a1/comp`]: () => jsonResponse(row({ plan: 'business', comped: true })),
      },
    });
    const dialog = await openAction('Acme', 'Comp a plan…');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a plan.', {}, T)).toBeTruthy();
    expect(await choose('Plan', 'Business')).toEqual(['Free', 'Pro', 'Business']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Partner deal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(calls.find((c) => c.path === `${API}/a1/comp`)?.body).toEqual({
      plan: 'business',
      reason: 'Partner deal',
    });
  });

  it('ends a comp', { timeout: 15_000 }, async () => {
    const { calls } = renderPanel({
      rows: [ROWS[3]!],
      routes: {
        [`POST ${API}/a4/comp`]: () => jsonResponse(row({ accountId: 'a4', plan: 'free' })),
      },
    });
    const dialog = await openAction('Umbrella', 'Comp a plan…');
    expect(await choose('Plan', 'End comp')).toEqual(['Free', 'Pro', 'Business', 'End comp']);
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Deal over');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(calls.find((c) => c.path === `${API}/a4/comp`)?.body).toEqual({
      plan: null,
      reason: 'Deal over',
    });
  });
});
