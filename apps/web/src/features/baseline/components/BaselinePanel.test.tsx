import type { BaselineComparison } from '@tenantry/shared';
import { notifications, notificationsStore } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '#web/lib/format.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { COMPARISON, EMPTY, FEBRUARY, JANUARY, MARCH } from '../test/fixtures.ts';
import { BaselinePanel } from './BaselinePanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/tenants/t1/baseline';

function Panel() {
  const { focus } = useParams();
  return (
    <BaselinePanel
      tenantId="t1"
      focus={focus}
      baseHref="/tenant/t1/baseline"
      assessmentsHref="/tenant/t1/assessments"
      assessmentHref={(id) => `/tenant/t1/assessments/${id}`}
      taskHref={(id) => `/tenant/t1/remediation?task=${id}`}
    />
  );
}

/** The API answers GET with `state.current` (changed by the test's PUT and DELETE answers). */
function renderPanel(
  first: BaselineComparison,
  path = '/tenant/t1/baseline',
  routes: ExtraRoutes = {},
) {
  const state = { current: first };
  const calls = stubApi({ [`GET ${API}`]: () => jsonResponse(state.current), ...routes });
  const router = renderRoutes(
    [
      { path: '/tenant/:tenantId/baseline', element: <Panel /> },
      { path: '/tenant/:tenantId/baseline/:focus', element: <Panel /> },
      { path: '/tenant/:tenantId/assessments', element: <p>The assessments</p> },
      { path: '/tenant/:tenantId/remediation', element: <p>The remediation tasks</p> },
    ],
    path,
  );
  return { calls, router, state };
}

const shown = () => notificationsStore.getState().notifications;
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name) !== null)!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** A Select's input, by its label. */
const selectInput = (label: string, scope: HTMLElement = document.body) =>
  (within(scope).queryByRole('combobox', { name: label }) ??
    within(scope).getByRole('textbox', { name: label })) as HTMLInputElement;

async function choose(label: string, option: RegExp | string) {
  await userEvent.click(selectInput(label));
  // The dropdown is still fading in: its options count as hidden until then.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }, T));
}

describe('the baseline tab', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: recharts warns that its charts have no size.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
    });
  });
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('explains a baseline and marks a completed assessment as it', async () => {
    const { calls, state } = renderPanel(EMPTY, '/tenant/t1/baseline', {
      [`PUT ${API}`]: () => {
        state.current = { ...COMPARISON, baseline: FEBRUARY };
        return jsonResponse(state.current);
      },
    });
    expect(await screen.findByRole('heading', { name: 'No baseline yet' }, T)).toBeTruthy();
    expect(screen.getByText(/marked as where this client started/)).toBeTruthy();
    // The newest completed assessment is proposed; another can be chosen.
    expect(selectInput('Completed assessment').value).toBe(
      `MSP Essentials – February 2026 · completed ${formatDate(FEBRUARY.completedAt!)}`,
    );
    await choose('Completed assessment', /January 2026/);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as baseline' }));

    expect(await screen.findByRole('group', { name: 'Baseline' }, T)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ assessmentId: JANUARY.id });
    await waitFor(() =>
      expect(shown().map((n) => n.message)).toContain(
        '“MSP Essentials – January 2026” is now the baseline.',
      ),
    );
  });

  it('shows why a mark failed, in place', async () => {
    renderPanel(EMPTY, '/tenant/t1/baseline', {
      [`PUT ${API}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'baseline.not_completed',
              message: 'Only a completed assessment can be the baseline. Complete it first.',
            },
          },
          409,
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as baseline' }, T));
    expect((await screen.findByRole('alert', {}, T)).textContent).toContain(
      'Only a completed assessment can be the baseline',
    );
    expect(screen.getByRole('heading', { name: 'No baseline yet' })).toBeTruthy();
  });

  it('without a completed assessment, says so and links to the assessments', async () => {
    const { router } = renderPanel({ ...EMPTY, candidates: [] });
    expect(await screen.findByText('There is no completed assessment yet.', {}, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as baseline' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to assessments' }));
    expect(router.state.location.pathname).toBe('/tenant/t1/assessments');
  });

  it('does not offer to mark a baseline to who may not', async () => {
    renderPanel({ ...EMPTY, canManage: false });
    expect(await screen.findByRole('heading', { name: 'No baseline yet' }, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as baseline' })).toBeNull();
    expect(screen.getByText(/The account that manages this client tenant marks/)).toBeTruthy();
  });

  it('compares the latest assessment with the baseline: summary, charts and sections with trends', async () => {
    renderPanel(COMPARISON);
    const base = await screen.findByRole('group', { name: 'Baseline' }, T);
    expect(within(base).getByRole('link', { name: JANUARY.name }).getAttribute('href')).toBe(
      '/tenant/t1/assessments/a1',
    );
    expect(
      within(base).getByText(
        `MSP Essentials · version 1 · completed ${formatDate(JANUARY.completedAt!)}`,
      ),
    ).toBeTruthy();
    const compared = screen.getByRole('group', { name: 'Compared with' });
    expect(selectInput('Assessment compared with the baseline', compared).value).toBe(
      'MSP Essentials – March 2026 · in progress',
    );
    expect(screen.getByText(/Framework version 1 against 2/)).toBeTruthy();

    // Summary.
    expect(
      within(screen.getByRole('group', { name: 'Baseline score' })).getByText('50 %'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Latest score' })).getByText('70 %'),
    ).toBeTruthy();
    const change = screen.getByRole('group', { name: 'Change' });
    expect(within(change).getByText('+20 pts')).toBeTruthy();
    expect(within(change).getByText('Improved')).toBeTruthy();
    const counts = screen.getByRole('group', { name: 'Questions' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Improved2', 'Regressed1', 'Unchanged2', 'Added1', 'Removed0']);

    // Charts, named by their figures.
    expect(
      await screen.findByRole(
        'img',
        { name: /^Scores by section\. Identity: latest 75 %, baseline 40 %/ },
        T,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Change by section, in points\./ })).toBeTruthy();

    // Top-level sections only, with their figures and trends.
    const table = screen.getByRole('table', { name: 'Sections compared with the baseline' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(cells(rowOf(table, 'Identity'))).toEqual([
      'Identity1 subsection · 2/2 answered',
      '40 %',
      '75 %',
      '80 %',
      '5 pts',
      '+35 pts',
      'Improved',
    ]);
    expect(cells(rowOf(table, 'Data protection')).slice(1)).toEqual([
      '70 %',
      '50 %',
      '—',
      '—',
      '−20 pts',
      'Regressed',
    ]);
    expect(cells(rowOf(table, 'Network')).slice(4)).toEqual(['Met', '0 pts', 'Unchanged']);
  });

  it('compares like with like: a section unanswered on the latest is left out of the change, and named', async () => {
    const network = COMPARISON.sections.find((x) => x.key === 'network')!;
    renderPanel({
      ...COMPARISON,
      latest: { ...MARCH, answered: 4, total: 6, completion: 4 / 6 },
      overall: {
        ...COMPARISON.overall,
        latest: 0.8,
        delta: 0.1,
        comparedBaseline: 0.55,
        comparedLatest: 0.65,
        comparedSections: ['identity', 'data'],
        leftOut: [{ key: 'network', title: 'Network', reason: 'no_score_latest' }],
      },
      sections: COMPARISON.sections.map((x) =>
        x === network
          ? {
              ...x,
              latest: { ...x.latest!, score: null, gap: null, answered: 0, total: 2 },
              delta: null,
              trend: 'unscored',
              leftOut: 'no_score_latest',
            }
          : x,
      ),
    });
    const change = await screen.findByRole('group', { name: 'Change' }, T);
    expect(within(change).getByText('+10 pts')).toBeTruthy();
    expect(
      within(change).getByText(
        'Over the 2 sections both score (55 % → 65 %). Left out: Network — no score on the compared assessment.',
      ),
    ).toBeTruthy();
    // The latest score is provisional (in progress), with what it stands on.
    const latest = screen.getByRole('group', { name: 'Latest score' });
    expect(within(latest).getByText('Provisional')).toBeTruthy();
    expect(within(latest).getByText('so far, 4 of 6 answered')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Sections compared with the baseline' });
    expect(cells(rowOf(table, 'Network')).slice(5)).toEqual([
      '—no score on the compared assessment (0 of 2 answered)',
      'Not scored',
    ]);
  });

  it('switches the compared assessment through the URL', async () => {
    const { calls, router } = renderPanel(COMPARISON);
    await screen.findByRole('group', { name: 'Compared with' }, T);
    await choose('Assessment compared with the baseline', /February 2026/);
    await waitFor(() => expect(router.state.location.search).toBe('?compare=a3'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.url.search === '?compare=a3')).toBe(true),
    );
  });

  it('drills into a section, keeping the compared assessment, and back', async () => {
    const { router } = renderPanel(COMPARISON, '/tenant/t1/baseline?compare=a2');
    const table = await screen.findByRole(
      'table',
      { name: 'Sections compared with the baseline' },
      T,
    );
    await userEvent.click(within(table).getByRole('link', { name: 'Identity' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tenant/t1/baseline/identity'),
    );
    expect(router.state.location.search).toBe('?compare=a2');

    expect(await screen.findByRole('heading', { level: 2, name: 'Identity' }, T)).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'All sections' }).getAttribute('href')).toBe(
      '/tenant/t1/baseline?compare=a2',
    );
    const subs = screen.getByRole('table', { name: 'Subsections of Identity' });
    expect(within(subs).getByRole('link', { name: 'Admins' }).getAttribute('href')).toBe(
      '/tenant/t1/baseline/identity.admin?compare=a2',
    );
    const questions = screen.getByRole('table', { name: 'Questions of Identity' });
    expect(within(questions).getAllByRole('row')).toHaveLength(4);
    expect(cells(rowOf(questions, 'Is MFA on for e-mail?'))).toEqual([
      'mfa',
      'Is MFA on for e-mail?Gap closed',
      '0 %',
      '100 %',
      '+100 pts',
      'Improved',
    ]);
    // A gap whose remediation task is under way links to the task.
    expect(cells(rowOf(questions, 'MFA coverage'))[1]).toBe(
      'MFA coverageChanged in new versionGapTask: In progress',
    );
    const task = within(rowOf(questions, 'MFA coverage')).getByRole('link', {
      name: 'Task: In progress',
    });
    expect(task.getAttribute('href')).toBe('/tenant/t1/remediation?task=k7');
    expect(task.getAttribute('title')).toBe('Roll MFA out to everyone');
    expect(cells(rowOf(questions, 'Passkeys for admins')).slice(2)).toEqual([
      '—',
      '100 %',
      '—',
      'Added',
    ]);

    await userEvent.click(within(crumbs).getByRole('link', { name: 'All sections' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/t1/baseline'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sections' }, T)).toBeTruthy();
  });

  it('shows a question in focus highlighted within its section', async () => {
    renderPanel(COMPARISON, '/tenant/t1/baseline/review');
    const questions = await screen.findByRole('table', { name: 'Questions of Admins' }, T);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All sections', 'Identity', 'Admins']);
    expect(within(crumbs).getByText('review').getAttribute('aria-current')).toBe('page');
    const row = rowOf(questions, 'Access reviews');
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(cells(row).slice(2)).toEqual(['20 %', '60 %', '+40 pts', 'Improved']);
  });

  const carriedComparison: BaselineComparison = {
    ...COMPARISON,
    sinceLastPeriod: { confirmed: 4, changed: 1, toConfirm: 1 },
    questions: COMPARISON.questions.map((q) => ({
      ...q,
      sinceLastPeriod:
        q.key === 'review' ? 'changed' : q.key === 'passkeys' ? 'to_confirm' : 'confirmed',
    })),
  };

  it('shows what changed since last period and what was confirmed unchanged', async () => {
    renderPanel(carriedComparison);
    const since = await screen.findByRole('group', { name: 'Since last period' }, T);
    expect(since.textContent).toContain('4 confirmed unchanged');
    expect(since.textContent).toContain('1 changed');
    expect(since.textContent).toContain('1 not confirmed yet');
  });

  it('marks each question confirmed unchanged or changed since last period', async () => {
    renderPanel(carriedComparison, '/tenant/t1/baseline/review');
    const questions = await screen.findByRole('table', { name: 'Questions of Admins' }, T);
    expect(
      within(rowOf(questions, 'Access reviews')).getByText('Changed since last period'),
    ).toBeTruthy();
  });

  it('says nothing of last period when nothing was carried', async () => {
    renderPanel(COMPARISON);
    await screen.findByRole('group', { name: 'Baseline score' }, T);
    expect(screen.queryByRole('group', { name: 'Since last period' })).toBeNull();
  });

  it('says plainly when the focus is neither a section nor a question', async () => {
    const { router } = renderPanel(COMPARISON, '/tenant/t1/baseline/nope?compare=a2');
    const alert = await screen.findByRole('alert', {}, T);
    expect(alert.textContent).toContain('No such section or question in this comparison');
    await userEvent.click(within(alert).getByRole('link', { name: 'Back to all sections' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/t1/baseline'));
    expect(router.state.location.search).toBe('?compare=a2');
  });

  it('says plainly when there is nothing to compare with yet', async () => {
    renderPanel({ ...COMPARISON, latest: null, comparable: [], sections: [], questions: [] });
    expect(await screen.findByText('Nothing to compare with yet', {}, T)).toBeTruthy();
    expect(screen.getByText('No assessment to compare with yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('clears the baseline after a confirmation', async () => {
    const { calls, state, router } = renderPanel(
      COMPARISON,
      '/tenant/t1/baseline/identity?compare=a2',
      {
        [`DELETE ${API}`]: () => {
          state.current = EMPTY;
          return new Response(null, { status: 204 });
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Clear baseline' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the baseline?' }, T);
    expect(within(dialog).getByText(JANUARY.name)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Clear baseline' }));
    const again = await screen.findByRole('dialog', { name: 'Clear the baseline?' }, T);
    await userEvent.click(within(again).getByRole('button', { name: 'Clear baseline' }));
    expect(await screen.findByRole('heading', { name: 'No baseline yet' }, T)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/tenant/t1/baseline');
    expect(router.state.location.search).toBe('');
    expect(shown().map((n) => n.message)).toContain('The baseline is cleared.');
  });

  it('changes the baseline to another completed assessment', async () => {
    const { calls, state } = renderPanel(COMPARISON, '/tenant/t1/baseline', {
      [`PUT ${API}`]: () => {
        state.current = { ...COMPARISON, baseline: FEBRUARY, candidates: [FEBRUARY, JANUARY] };
        return jsonResponse(state.current);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change baseline' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Change the baseline' }, T);
    expect(selectInput('Completed assessment', dialog).value).toBe(
      `MSP Essentials – February 2026 · completed ${formatDate(FEBRUARY.completedAt!)}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as baseline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ assessmentId: FEBRUARY.id });
    const base = screen.getByRole('group', { name: 'Baseline' });
    expect(within(base).getByRole('link', { name: FEBRUARY.name })).toBeTruthy();
  });

  it('shows neither change nor clear to who may only read', async () => {
    renderPanel({ ...COMPARISON, canManage: false });
    await screen.findByRole('group', { name: 'Baseline' }, T);
    expect(screen.queryByRole('button', { name: 'Change baseline' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear baseline' })).toBeNull();
  });

  it('says which assessment cannot be compared, and offers the latest', async () => {
    const { router } = renderPanel(COMPARISON, '/tenant/t1/baseline?compare=zz', {
      [`GET ${API}`]: (_init, url) =>
        url.searchParams.get('compare') === 'zz'
          ? jsonResponse(
              {
                error: {
                  code: 'baseline.compare_not_found',
                  message:
                    'There is no such assessment of the baseline’s framework on this client tenant.',
                },
              },
              404,
            )
          : jsonResponse(COMPARISON),
    });
    const alert = await screen.findByRole('alert', {}, T);
    expect(alert.textContent).toContain('That assessment cannot be compared with the baseline');
    await userEvent.click(within(alert).getByRole('link', { name: /Compare with the latest/ }));
    expect(await screen.findByRole('group', { name: 'Baseline' }, T)).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('says when the client tenant is not found', async () => {
    renderPanel(COMPARISON, '/tenant/t1/baseline', {
      [`GET ${API}`]: () =>
        jsonResponse({ error: { code: 'tenants.not_found', message: 'Not found' } }, 404),
    });
    expect((await screen.findByRole('alert', {}, T)).textContent).toContain(
      'Client tenant not found',
    );
  });
});
