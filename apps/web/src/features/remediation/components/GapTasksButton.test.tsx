import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { ROBIN, SAM } from '../test/fixtures.ts';
import { GapTasksButton, gapTasksSummary } from './GapTasksButton.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/tenants/t1/assessments/a1/gap-tasks';

function renderButton(post: () => Response) {
  const calls = stubApi({ [`POST ${API}`]: post });
  const router = renderRoutes(
    [
      {
        path: '/tenant/:tenantId/assessments/:focus',
        element: (
          <>
            <Notifications />
            <GapTasksButton
              tenantId="t1"
              assessmentId="a1"
              gaps={15}
              assignees={[ROBIN, SAM]}
              remediationHref="/tenant/t1/remediation"
            />
          </>
        ),
      },
      { path: '/tenant/:tenantId/remediation', element: <p>The remediation tab</p> },
    ],
    '/tenant/t1/assessments/a1',
  );
  return { calls, router };
}

describe('create tasks for gaps (on an assessment)', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('says what was created and skipped', () => {
    expect(gapTasksSummary({ created: 12, skipped: 3 })).toBe(
      '12 tasks created, 3 skipped (already open)',
    );
    expect(gapTasksSummary({ created: 1, skipped: 0 })).toBe('1 task created');
    expect(gapTasksSummary({ created: 0, skipped: 4 })).toBe(
      'No task created: all 4 gap questions already have an open task.',
    );
  });

  it('creates them with an assignee and a due date, then links to the tasks', async () => {
    const { calls, router } = renderButton(() =>
      jsonResponse({ created: 12, skipped: 3, items: [] }, 201),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create tasks for gaps' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Create tasks for gaps' }, T);
    expect(within(dialog).getByText(/Each of the 15 gap questions/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Assign them to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Lee', hidden: true }, T));
    fireEvent.change(within(dialog).getByLabelText('Due date'), {
      target: { value: '2026-06-30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tasks' }));

    expect(
      await screen.findByText('12 tasks created, 3 skipped (already open)', {}, T),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      assigneeId: 'u2',
      dueDate: '2026-06-30',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create tasks for gaps' })).toBeNull(),
    );
    const link = screen.getByRole('link', { name: 'Open remediation tasks' });
    expect(link.getAttribute('href')).toBe('/tenant/t1/remediation');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/t1/remediation'));
  });

  it('leaves the assignee and due date out when none is chosen, and says why it failed', async () => {
    const { calls } = renderButton(() =>
      jsonResponse(
        { error: { code: 'assessments.not_found', message: 'There is no such assessment.' } },
        404,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create tasks for gaps' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Create tasks for gaps' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tasks' }));
    expect((await within(dialog).findByRole('alert', {}, T)).textContent).toBe(
      'There is no such assessment.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      assigneeId: null,
      dueDate: null,
    });
  });
});
