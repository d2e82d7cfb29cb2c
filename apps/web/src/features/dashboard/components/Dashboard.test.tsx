import type { Dashboard as DashboardData } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '#web/lib/format.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { formatDay } from '../lib/dashboard-view.ts';
import { DASHBOARD, EMPTY_ACCOUNT, NOTHING_ASSESSED } from '../test/fixtures.ts';
import { Dashboard } from './Dashboard.tsx';

const T = { timeout: 5_000 };
const API = 'GET /api/v1/dashboard';

function renderDashboard(
  data: DashboardData,
  activity?: React.ReactNode,
  dueDatesAction?: React.ReactNode,
) {
  const calls = stubApi({ [API]: () => jsonResponse(data) });
  renderRoutes(
    [{ path: '/', element: <Dashboard activity={activity} dueDatesAction={dueDatesAction} /> }],
    '/',
  );
  return calls;
}

const section = (name: string) => screen.getByRole('region', { name });
const linkIn = (region: HTMLElement, name: string | RegExp) =>
  within(region).getByRole('link', { name }).getAttribute('href');

describe('the dashboard', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: recharts warns that its charts have no size.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
    });
  });

  it('shows the account’s figures', async () => {
    renderDashboard(DASHBOARD);
    const tenants = await screen.findByRole('link', { name: 'Client tenants' }, T);
    expect(tenants.getAttribute('href')).toBe('/tenant');
    const card = (label: string) => screen.getAllByText(label)[0]!.closest('.mantine-Paper-root')!;
    expect(card('Client tenants').textContent).toContain('3');
    expect(card('Client tenants').textContent).toContain('1 archived');
    expect(card('Assessed tenants').textContent).toContain('2');
    expect(card('Average score').textContent).toContain('63 %');
    expect(card('Open assessments').textContent).toContain('2');
    expect(card('Open assessments').textContent).toContain('4 completed');
    expect(card('Open tasks').textContent).toContain('9');
    expect(within(card('Open tasks') as HTMLElement).getByText('2 overdue')).toBeTruthy();
  });

  it('lists the overdue remediation tasks, linked to their drawer on the tenant', async () => {
    renderDashboard(DASHBOARD);
    const overdue = await screen.findByRole('region', { name: 'Overdue remediation' }, T);
    expect(within(overdue).getByText('2 open tasks past their due date')).toBeTruthy();
    const items = within(overdue)
      .getAllByRole('listitem')
      .filter((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(linkIn(items[0]!, 'Turn on MFA for e-mail')).toBe('/tenant/t1/remediation?task=k1');
    expect(items[0]!.textContent).toContain('Contoso Ltd');
    expect(items[0]!.textContent).toContain('Robin Park');
    expect(items[0]!.textContent).toContain('High');
    const since = within(items[0]!).getByText(/Overdue since/);
    expect(since.getAttribute('style') ?? since.className).toMatch(/red/);
    expect(linkIn(items[1]!, 'Test a backup restore')).toBe('/tenant/t3/remediation?task=k2');
    expect(items[1]!.textContent).toContain('Unassigned');
  });

  it('says when nothing is overdue, and when there are no tasks yet', async () => {
    renderDashboard({
      ...DASHBOARD,
      remediation: { open: 4, overdue: 0, overdueTasks: [] },
    });
    const overdue = await screen.findByRole('region', { name: 'Overdue remediation' }, T);
    expect(within(overdue).getByText('Nothing overdue')).toBeTruthy();
    expect(within(overdue).getByText('4 open tasks, all on time.')).toBeTruthy();
  });

  it('lists evidence expired or expiring in 30 days, with tenant, date and state', async () => {
    renderDashboard(DASHBOARD);
    const card = await screen.findByRole('region', { name: 'Evidence expiring in 30 days' }, T);
    expect(within(card).getByText('1 file expired, 1 file expiring')).toBeTruthy();
    const items = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Pen test 2025.pdf');
    expect(items[0]!.textContent).toContain('Expired on');
    expect(linkIn(items[0]!, 'Contoso Ltd')).toBe('/tenant/t1/overview');
    expect(items[1]!.textContent).toContain('Expiring soon');
    expect(items[1]!.textContent).toContain(formatDay('2026-03-28'));
  });

  it('charts the score by month (lazily), named by its figures, gaps left as gaps', async () => {
    renderDashboard(DASHBOARD);
    const trend = await screen.findByRole('region', { name: 'Average score by month' }, T);
    expect(within(trend).getByText('4 assessments completed in the last 12 months')).toBeTruthy();
    const chart = await within(trend).findByRole('img', {}, T);
    expect(chart.getAttribute('aria-label')).toBe(
      'Average score by month over the last 12 months: November 2025 42 % (1 assessment); ' +
        'January 2026 58 % (2 assessments); March 2026 80 % (1 assessment). ' +
        'No assessment completed in the other 9 months.',
    );
  });

  it('lists the open assessments with their progress and due dates', async () => {
    renderDashboard(DASHBOARD);
    await screen.findByRole('region', { name: 'Open assessments' }, T);
    const open = section('Open assessments');
    const items = within(open)
      .getAllByRole('listitem')
      .filter((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(linkIn(items[0]!, 'ISO 27001 2026')).toBe('/tenant/t1/assessments/a1');
    expect(items[0]!.textContent).toContain('Contoso Ltd');
    expect(items[0]!.textContent).toContain('In progress');
    expect(items[0]!.textContent).toContain('12/30');
    expect(
      within(items[0]!).getByRole('progressbar', {
        name: 'Completion of ISO 27001 2026: 12 of 30 answered',
      }),
    ).toBeTruthy();
    const overdue = within(items[0]!).getByText(/Overdue since/);
    expect(overdue.getAttribute('style') ?? overdue.className).toMatch(/red/);
    expect(items[1]!.textContent).toContain('Draft');
    expect(items[1]!.textContent).toContain('0/20');
    expect(items[1]!.textContent).toMatch(/Due /);
    expect(items[1]!.textContent).not.toContain('Overdue');
  });

  it('groups the due dates: overdue first, each with tenant, owner, completion, link', async () => {
    renderDashboard(DASHBOARD, undefined, <button type="button">Subscribe</button>);
    const due = await screen.findByRole('region', { name: 'Due dates' }, T);
    expect(within(due).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    const overdue = within(due).getByRole('region', { name: 'Overdue' });
    const [late] = within(overdue).getAllByRole('listitem');
    expect(linkIn(late!, 'ISO 27001 2026')).toBe('/tenant/t1/assessments/a1');
    expect(late!.textContent).toContain('Contoso Ltd');
    expect(late!.textContent).toContain('Robin Park');
    expect(late!.textContent).toContain('12/30');
    expect(late!.textContent).toContain(formatDay('2026-01-31'));
    // Three overdue, one listed here: the rest is counted.
    expect(within(overdue).getByText('and 2 more')).toBeTruthy();
    const week = within(due).getByRole('region', { name: 'Due this week' });
    expect(week.textContent).toContain('NIS2 readiness');
    expect(week.textContent).toContain('No owner');
    expect(within(due).queryByRole('region', { name: 'Due today' })).toBeNull();
    expect(within(due).queryByRole('region', { name: 'Upcoming' })).toBeNull();
  });

  it('says when nothing is due soon', async () => {
    renderDashboard({
      ...DASHBOARD,
      dueDates: {
        today: '2026-03-10',
        counts: { overdue: 0, today: 0, week: 0, upcoming: 0 },
        items: [],
      },
    });
    const due = await screen.findByRole('region', { name: 'Due dates' }, T);
    expect(within(due).getByText('Nothing due soon')).toBeTruthy();
  });

  it('lists the tenants with the largest gaps, linked to their baseline', async () => {
    renderDashboard(DASHBOARD);
    await screen.findByRole('region', { name: 'Largest gaps' }, T);
    const gaps = section('Largest gaps');
    const items = within(gaps)
      .getAllByRole('listitem')
      .filter((li) => li.textContent);
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual([
      '/tenant/t1/baseline',
      '/tenant/t3/baseline',
    ]);
    expect(items[0]!.textContent).toContain('7 gap questions');
    expect(items[0]!.textContent).toContain('48 %');
    expect(items[0]!.textContent).toContain(formatDate('2026-01-15T10:00:00.000Z'));
    expect(items[1]!.textContent).toContain('1 gap question');
  });

  it('explains an empty account and links to the next step', async () => {
    renderDashboard(EMPTY_ACCOUNT);
    expect(
      await screen.findByRole('heading', { name: 'Your dashboard fills in as you work' }, T),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a client tenant' }).getAttribute('href')).toBe(
      '/tenant',
    );
    expect(screen.queryByRole('region', { name: 'Open assessments' })).toBeNull();
  });

  it('gives each panel an empty state while nothing is assessed', async () => {
    renderDashboard(NOTHING_ASSESSED);
    const trend = await screen.findByRole('region', { name: 'Average score by month' }, T);
    expect(within(trend).getByText('No assessment completed lately')).toBeTruthy();
    expect(within(trend).queryByRole('img')).toBeNull();
    expect(linkIn(section('Open assessments'), 'Choose a client tenant to assess')).toBe('/tenant');
    expect(linkIn(section('Largest gaps'), 'Go to client tenants')).toBe('/tenant');
    expect(
      within(section('Overdue remediation')).getByText('No open remediation tasks'),
    ).toBeTruthy();
    expect(
      within(section('Evidence expiring in 30 days')).getByText('No evidence expiring'),
    ).toBeTruthy();
    const card = screen.getByText('Average score').closest('.mantine-Paper-root')!;
    expect(card.textContent).toContain('—');
  });

  it('shows the activity given, and leaves the section out without it', async () => {
    renderDashboard(DASHBOARD, <p>The latest entries</p>);
    const activity = await screen.findByRole('region', { name: 'Recent activity' }, T);
    expect(within(activity).getByText('The latest entries')).toBeTruthy();
    expect(linkIn(activity, 'Audit log')).toBe('/admin/audit');
  });

  it('says when it could not be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      [API]: () =>
        fail
          ? jsonResponse({ error: { code: 'common.not_found', message: 'Not here' } }, 404)
          : jsonResponse(DASHBOARD),
    });
    renderRoutes([{ path: '/', element: <Dashboard /> }], '/');
    const alert = await screen.findByRole('alert', {}, T);
    expect(within(alert).getByText('The dashboard could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(
      () => expect(screen.getByRole('link', { name: 'Client tenants' })).toBeTruthy(),
      T,
    );
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });
});
