import type { Task, TaskDetail, TaskList } from '@tenantry/shared';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import type { RemediationAccess } from '../lib/access.ts';
import { EMPTY_LIST, MEMBER, MFA, VIEWER, detail, task, taskList } from '../test/fixtures.ts';
import { RemediationPanel } from './RemediationPanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/tenants/t1/tasks';

/**
 * The API, kept as state a test's own answers may change: the list filtered by status as the
 * server would, and each task's detail.
 */
function renderPanel({
  list = taskList(),
  access = MEMBER,
  path = '/tenant/t1/remediation',
  routes = () => ({}),
}: {
  list?: TaskList;
  access?: RemediationAccess;
  path?: string;
  routes?: (state: ApiState) => ExtraRoutes;
} = {}) {
  const state: ApiState = {
    list,
    details: Object.fromEntries(list.items.map((t) => [t.id, detail(t)])),
  };
  const calls = stubApi({
    [`GET ${API}`]: (_init, url) => {
      const status = url.searchParams.get('status');
      const items = state.list.items.filter(
        (t) =>
          !status ||
          t.status === status ||
          (status === 'open' && ['todo', 'in_progress'].includes(t.status)),
      );
      return jsonResponse({ ...state.list, items });
    },
    ...Object.fromEntries(
      Object.keys(state.details).map((id) => [
        `GET ${API}/${id}`,
        () => jsonResponse(state.details[id]),
      ]),
    ),
    ...routes(state),
  });
  const router = renderRoutes(
    [
      {
        path: '/tenant/:tenantId/remediation',
        element: (
          <RemediationPanel
            tenantId="t1"
            access={access}
            assessmentsHref="/tenant/t1/assessments"
            assessmentHref={(id) => `/tenant/t1/assessments/${id}`}
            questionHref={(id, key) => `/tenant/t1/assessments/${id}?q=${key}`}
            playbookHref={(key) => `/explore/playbooks/t1?q=${key}`}
          />
        ),
      },
      { path: '/tenant/:tenantId/assessments', element: <p>The assessments</p> },
    ],
    path,
  );
  return { calls, router, state };
}

interface ApiState {
  list: TaskList;
  details: Record<string, TaskDetail>;
}

/** The server's answer to a change of one task: the task changed, in the list too. */
function changed(state: ApiState, id: string, patch: Partial<TaskDetail>): TaskDetail {
  const next = { ...state.details[id]!, ...patch };
  state.details[id] = next;
  state.list = taskList(state.list.items.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  return next;
}

const column = (name: string) => screen.getByRole('region', { name });
const cardOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;
const bodyOf = (calls: ReturnType<typeof stubApi>, method: string, path: string) =>
  calls.find((c) => c.method === method && c.path === path)?.body;

/** A Select's input, by its label. */
const selectInput = (label: string, scope: HTMLElement = document.body) =>
  (within(scope).queryByRole('combobox', { name: label }) ??
    within(scope).getByRole('textbox', { name: label })) as HTMLInputElement;

/** The options of a Select (opened), by its label. */
async function optionsOf(label: string, scope?: HTMLElement) {
  const input = selectInput(label, scope);
  await userEvent.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error(`The options of ${label} are not open`);
    return el;
  }, T);
  // The dropdown is still fading in: its options count as hidden until then.
  return within(list).getAllByRole('option', { hidden: true });
}

async function choose(label: string, option: string | RegExp, scope?: HTMLElement) {
  const options = await optionsOf(label, scope);
  const match = options.find((o) =>
    typeof option === 'string' ? o.textContent === option : option.test(o.textContent ?? ''),
  );
  if (!match) throw new Error(`No option ${String(option)} in ${label}`);
  await userEvent.click(match);
}

describe('the remediation tab', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('shows the tasks on a board, a column per status, with their figures and counts', async () => {
    renderPanel();
    await screen.findByRole('region', { name: 'To do' }, T);
    expect(
      ['To do', 'In progress', 'Done', 'Risk accepted'].map((c) =>
        within(column(c))
          .queryAllByRole('listitem')
          .map((li) => within(li).getAllByRole('link')[0]!.textContent),
      ),
    ).toEqual([
      ['Turn on MFA for e-mail'],
      ['Test a backup restore'],
      ['Patch the firewall'],
      ['Retire the legacy VPN'],
    ]);
    const mfa = cardOf('Turn on MFA for e-mail');
    expect(within(mfa).getByText('High')).toBeTruthy();
    expect(within(mfa).getByText('Robin Park')).toBeTruthy();
    const due = within(mfa).getByText(/Overdue · due/);
    expect(due.getAttribute('style') ?? due.className).toMatch(/red/);
    expect(mfa.textContent).toContain('Checklist: 1/3 done');
    expect(mfa.textContent).toContain('2 comments');
    expect(within(cardOf('Test a backup restore')).getByText('Unassigned')).toBeTruthy();
    // The card opens the task's drawer, keeping the URL's other params.
    expect(screen.getByRole('link', { name: 'Turn on MFA for e-mail' }).getAttribute('href')).toBe(
      '/tenant/t1/remediation?task=k1',
    );

    const counts = screen.getByRole('list', { name: 'Tasks by status' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['To do1', 'In progress1', 'Done1', 'Risk accepted1', 'Overdue1']);
    expect(screen.getByRole('link', { name: 'Download tasks (CSV)' }).getAttribute('href')).toBe(
      '/api/v1/tenants/t1/tasks.csv',
    );
    expect(screen.getByRole('button', { name: 'New task' })).toBeTruthy();
  });

  it('shows a long column’s first cards, then the rest on request', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      task({
        id: `n${i}`,
        title: `Task ${i + 1}`,
        dueDate: `2026-05-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    renderPanel({ list: taskList(many) });
    const todo = await screen.findByRole('region', { name: 'To do' }, T);
    expect(within(todo).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(within(todo).getByRole('button', { name: 'Show 3 more' }));
    expect(within(todo).getAllByRole('listitem')).toHaveLength(23);
    expect(within(todo).queryByRole('button', { name: /Show/ })).toBeNull();
  });

  it('filters by status, assignee and overdue, kept in the URL and asked of the API', async () => {
    const { calls, router } = renderPanel();
    await screen.findByRole('region', { name: 'To do' }, T);
    const asked = () => calls.filter((c) => c.path === API).map((c) => c.url.search);

    await choose('Status', /^Open/);
    await waitFor(() => expect(router.state.location.search).toBe('?status=open'));
    await waitFor(() => expect(asked()).toContain('?status=open'));
    // Only the open columns are left.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Done' })).toBeNull());
    expect(screen.getByRole('region', { name: 'In progress' })).toBeTruthy();

    await choose('Assignee', 'Me');
    await waitFor(() => expect(router.state.location.search).toBe('?status=open&assignee=me'));
    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=open&assignee=me&overdue=true'),
    );
    await waitFor(() => expect(asked()).toContain('?status=open&assignee=me&overdue=true'));

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));

    // A count filters to its status; again: back to all.
    const counts = screen.getByRole('list', { name: 'Tasks by status' });
    await userEvent.click(within(counts).getByRole('button', { name: /^Done/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=done'));
    expect(within(counts).getByRole('button', { name: /^Done/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(within(counts).getByRole('button', { name: /^Done/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers “Unassigned” and the members, and “Me” only to a member', async () => {
    renderPanel({ access: { ...MEMBER, member: false } });
    await screen.findByRole('region', { name: 'To do' }, T);
    const options = await optionsOf('Assignee');
    expect(options.map((o) => o.textContent)).toEqual([
      'Anyone',
      'Unassigned',
      'Robin Park',
      'Sam Lee',
    ]);
  });

  it('moves a card with its menu, from the keyboard', async () => {
    const { calls } = renderPanel({
      routes: (state) => ({
        [`PATCH ${API}/k2`]: () => jsonResponse(changed(state, 'k2', { status: 'done' })),
      }),
    });
    await screen.findByRole('region', { name: 'To do' }, T);
    const move = screen.getByRole('button', { name: 'Move “Test a backup restore”' });
    move.focus();
    await userEvent.keyboard('{Enter}');
    const done = await screen.findByRole('menuitem', { name: 'Done', hidden: true }, T);
    expect(screen.queryByRole('menuitem', { name: 'In progress', hidden: true })).toBeNull();
    done.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(bodyOf(calls, 'PATCH', `${API}/k2`)).toEqual({ status: 'done' }));
    // Shown at once in its new column.
    await waitFor(() =>
      expect(
        within(column('Done')).getByRole('link', { name: 'Test a backup restore' }),
      ).toBeTruthy(),
    );
  });

  it('asks for a reason and a review date before a card’s risk is accepted', async () => {
    const { calls } = renderPanel({
      routes: (state) => ({
        [`PATCH ${API}/k2`]: () =>
          jsonResponse(
            changed(state, 'k2', {
              status: 'risk_accepted',
              riskReason: 'Backups move to the cloud.',
              riskReviewDate: '2027-01-31',
            }),
          ),
      }),
    });
    await screen.findByRole('region', { name: 'To do' }, T);
    await userEvent.click(screen.getByRole('button', { name: 'Move “Test a backup restore”' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Risk accepted…', hidden: true }, T),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept the risk' }, T);
    expect(within(dialog).getByText(/“Test a backup restore” will be marked/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept the risk' }));
    expect(await within(dialog).findByText('Say why the risk is accepted.', {}, T)).toBeTruthy();
    expect(within(dialog).getByText('Pick a date to review it again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Why is the risk accepted/ }),
      'Backups move to the cloud.',
    );
    fireEvent.change(within(dialog).getByLabelText(/Review again on/), {
      target: { value: '2027-01-31' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept the risk' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH', `${API}/k2`)).toEqual({
        status: 'risk_accepted',
        riskReason: 'Backups move to the cloud.',
        riskReviewDate: '2027-01-31',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Accept the risk' })).toBeNull(),
    );
  });

  it('switches to the list (kept in the URL) and moves the selected tasks at once', async () => {
    const { calls, router } = renderPanel({
      routes: () => ({ [`POST ${API}/bulk-status`]: () => jsonResponse({ updated: 2 }) }),
    });
    await screen.findByRole('region', { name: 'To do' }, T);
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
    const table = await screen.findByRole('table', { name: 'Tasks' }, T);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.queryByRole('region', { name: 'Selected tasks' })).toBeNull();

    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Select “Test a backup restore”' }),
    );
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Select “Patch the firewall”' }),
    );
    const all = within(table).getByRole('checkbox', {
      name: 'Select all tasks',
    }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    const bar = screen.getByRole('region', { name: 'Selected tasks' });
    expect(within(bar).getByText('2 tasks selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Change status' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'In progress', hidden: true }, T),
    );
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', `${API}/bulk-status`)).toEqual({
        ids: ['k2', 'k3'],
        status: 'in_progress',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected tasks' })).toBeNull(),
    );

    // All of them, then accepted as a risk: the reason and date go with them.
    await userEvent.click(all);
    expect(
      within(screen.getByRole('region', { name: 'Selected tasks' })).getByText('4 tasks selected'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Risk accepted…', hidden: true }, T),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept the risk' }, T);
    expect(within(dialog).getByText(/4 tasks will be marked/)).toBeTruthy();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Why is the risk accepted/ }),
      'Out of scope',
    );
    fireEvent.change(within(dialog).getByLabelText(/Review again on/), {
      target: { value: '2027-06-30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept the risk' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `${API}/bulk-status`).at(-1)?.body).toEqual({
        ids: ['k2', 'k1', 'k3', 'k4'],
        status: 'risk_accepted',
        riskReason: 'Out of scope',
        riskReviewDate: '2027-06-30',
      }),
    );
  });

  it('opens a task from the URL in a drawer: source, checklist ticks and comments', async () => {
    const { calls, router } = renderPanel({
      path: '/tenant/t1/remediation?view=list&task=k1',
      routes: (state) => ({
        [`PUT ${API}/k1/checklist/c2`]: () =>
          jsonResponse(
            changed(state, 'k1', {
              checklist: MFA.checklist.map((i) => (i.id === 'c2' ? { ...i, done: true } : i)),
            }),
          ),
        [`POST ${API}/k1/comments`]: () =>
          jsonResponse(
            changed(state, 'k1', {
              commentCount: 3,
              comments: [
                ...detail(MFA).comments,
                {
                  id: 'm3',
                  author: { id: 'u1', name: 'Robin Park' },
                  body: 'Done for the *admins*.',
                  createdAt: '2026-03-03T10:00:00.000Z',
                },
              ],
            }),
            201,
          ),
      }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Turn on MFA for e-mail' }, T);
    // Where it came from.
    expect(
      within(drawer)
        .getByRole('link', { name: 'Is MFA enforced for e-mail?' })
        .getAttribute('href'),
    ).toBe('/tenant/t1/assessments/a1?q=mfa-email');
    expect(
      within(drawer)
        .getByRole('link', { name: 'MSP Essentials – January 2026' })
        .getAttribute('href'),
    ).toBe('/tenant/t1/assessments/a1');
    expect(within(drawer).getByRole('link', { name: 'MFA roll-out' }).getAttribute('href')).toBe(
      '/explore/playbooks/t1?q=mfa-rollout',
    );
    // Its details, editable.
    expect(selectInput('Status', drawer).value).toBe('To do');
    expect((within(drawer).getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe(
      'Turn on MFA for e-mail',
    );

    // The checklist: each tick is its own request.
    expect(within(drawer).getByText('1 of 3 done')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Enforce MFA' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PUT', `${API}/k1/checklist/c2`)).toEqual({ done: true }),
    );
    await waitFor(() =>
      expect(within(drawer).getByRole('checkbox', { name: 'Enforce MFA' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    expect(within(drawer).getByText('2 of 3 done')).toBeTruthy();
    // A step's playbook text is markdown.
    expect(within(drawer).getByText('conditional access').tagName).toBe('STRONG');

    // Comments, as markdown; a new one.
    expect(within(drawer).getByText('mailboxes').tagName).toBe('STRONG');
    await userEvent.type(
      within(drawer).getByRole('textbox', { name: /Add a comment/ }),
      'Done for the *admins*.',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Comment' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', `${API}/k1/comments`)).toEqual({
        body: 'Done for the *admins*.',
      }),
    );
    expect((await within(drawer).findByText('admins', {}, T)).tagName).toBe('EM');
    expect(
      (within(drawer).getByRole('textbox', { name: /Add a comment/ }) as HTMLInputElement).value,
    ).toBe('');

    // Closing it leaves the URL's other params.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close the task' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
  });

  it('changes a task’s details and status from the drawer', async () => {
    const { calls } = renderPanel({
      path: '/tenant/t1/remediation?task=k1',
      routes: (state) => ({
        [`PATCH ${API}/k1`]: (init) =>
          jsonResponse(changed(state, 'k1', JSON.parse(String(init?.body)) as Partial<Task>)),
      }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Turn on MFA for e-mail' }, T);
    const save = within(drawer).getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);
    await choose('Priority', 'Critical', drawer);
    fireEvent.change(within(drawer).getByLabelText('Due date'), {
      target: { value: '2026-06-30' },
    });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH', `${API}/k1`)).toEqual({
        priority: 'critical',
        dueDate: '2026-06-30',
      }),
    );

    await choose('Status', 'In progress', drawer);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
        status: 'in_progress',
      }),
    );
  });

  it('accepting a risk from the drawer needs a reason and a date; the server’s errors show', async () => {
    const { calls } = renderPanel({
      path: '/tenant/t1/remediation?task=k1',
      routes: () => ({
        [`PATCH ${API}/k1`]: () =>
          jsonResponse(
            {
              error: {
                code: 'tasks.risk_reason_required',
                message: 'Accepting a risk needs a reason and a date to review it again.',
                fields: { riskReviewDate: 'Pick a date to review it again.' },
              },
            },
            400,
          ),
      }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Turn on MFA for e-mail' }, T);
    await choose('Status', 'Risk accepted', drawer);
    const form = await within(drawer).findByRole('form', { name: 'Accept the risk' }, T);
    // Nothing is sent before the reason and the date are given.
    await userEvent.click(within(form).getByRole('button', { name: 'Accept the risk' }));
    expect(await within(form).findByText('Say why the risk is accepted.', {}, T)).toBeTruthy();
    expect(within(form).getByText('Pick a date to review it again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: /Why/ }), 'Too costly');
    fireEvent.change(within(form).getByLabelText(/Review again on/), {
      target: { value: '2027-01-31' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Accept the risk' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH', `${API}/k1`)).toEqual({
        status: 'risk_accepted',
        riskReason: 'Too costly',
        riskReviewDate: '2027-01-31',
      }),
    );
    // The server's word on a field shows beside it.
    expect(await within(form).findByText('Pick a date to review it again.', {}, T)).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(drawer).queryByRole('form', { name: 'Accept the risk' })).toBeNull();
    expect(selectInput('Status', drawer).value).toBe('To do');
  });

  it('shows an accepted risk’s reason and review date', async () => {
    renderPanel({ path: '/tenant/t1/remediation?task=k4' });
    const drawer = await screen.findByRole('dialog', { name: 'Retire the legacy VPN' }, T);
    expect(within(drawer).getByText('Replaced next year.')).toBeTruthy();
    expect(within(drawer).getByText(/Review again on/).textContent).toMatch(/2027/);
  });

  it('gives a viewer no edit controls', async () => {
    renderPanel({ access: VIEWER, path: '/tenant/t1/remediation?task=k1' });
    const drawer = await screen.findByRole('dialog', { name: 'Turn on MFA for e-mail' }, T);
    expect(within(drawer).queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(within(drawer).queryByRole('textbox', { name: 'Status' })).toBeNull();
    expect(within(drawer).queryByRole('textbox', { name: /Title/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(within(drawer).queryByRole('textbox', { name: /Add a comment/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Delete task' })).toBeNull();
    expect(within(drawer).getByRole('checkbox', { name: 'Enforce MFA' })).toHaveProperty(
      'disabled',
      true,
    );
    // The description reads as markdown.
    expect(within(drawer).getByText('admins').tagName).toBe('STRONG');
    expect(within(drawer).getAllByText('Robin Park').length).toBeGreaterThan(0);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close the task' }));

    // No moving cards, no new task, nothing to select in the list.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Move “/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New task' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    const table = await screen.findByRole('table', { name: 'Tasks' }, T);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    // Reading and downloading stay.
    expect(screen.getByRole('link', { name: 'Download tasks (CSV)' })).toBeTruthy();
  });

  it('says a task no longer exists', async () => {
    renderPanel({ path: '/tenant/t1/remediation?task=gone' });
    const drawer = await screen.findByRole('dialog', { name: 'Task' }, T);
    expect(await within(drawer).findByText('There is no such task', {}, T)).toBeTruthy();
  });

  it('deletes a task after a confirmation', async () => {
    const { calls, router } = renderPanel({
      path: '/tenant/t1/remediation?task=k3',
      routes: () => ({ [`DELETE ${API}/k3`]: () => new Response(null, { status: 204 }) }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Patch the firewall' }, T);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Delete task' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this task?' }, T);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('explains where tasks come from, and creates one by hand', async () => {
    const created = detail(
      task({
        id: 'k9',
        title: 'Write an incident plan',
        checklist: [
          { id: 'c1', title: 'Draft it', body: '', done: false },
          { id: 'c2', title: 'Test it', body: '', done: false },
        ],
      }),
    );
    const { calls, router } = renderPanel({
      list: EMPTY_LIST,
      routes: () => ({
        [`POST ${API}`]: () => jsonResponse(created, 201),
        [`GET ${API}/k9`]: () => jsonResponse(created),
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'No remediation tasks yet' }, T),
    ).toBeTruthy();
    expect(screen.getByText(/Create tasks for gaps/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to assessments' }).getAttribute('href')).toBe(
      '/tenant/t1/assessments',
    );

    await userEvent.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(await within(dialog).findByText('Give the task a title.', {}, T)).toBeTruthy();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Title/ }),
      'Write an incident plan',
    );
    await choose('Priority', 'High', dialog);
    await choose('Assignee', 'Sam Lee', dialog);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Checklist/ }),
      'Draft it{Enter}{Enter}Test it',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', API)).toEqual({
        title: 'Write an incident plan',
        description: '',
        priority: 'high',
        assigneeId: 'u2',
        dueDate: null,
        checklist: ['Draft it', 'Test it'],
      }),
    );
    // The new task opens in the drawer.
    await waitFor(() => expect(router.state.location.search).toBe('?task=k9'));
  });

  it('tells a shared user who creates tasks', async () => {
    renderPanel({ list: EMPTY_LIST, access: VIEWER });
    expect(
      await screen.findByText(
        'The account that manages this client tenant creates its tasks.',
        {},
        T,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New task' })).toBeNull();
  });
});
