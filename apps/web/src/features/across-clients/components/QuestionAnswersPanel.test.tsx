import type { QuestionAnswers } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { QuestionAnswersPanel } from './QuestionAnswersPanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/questions/fw1/mfa-email';

const client = (tenantId: string, tenantName: string, failing: boolean, openTask = false) => ({
  tenantId,
  tenantName,
  assessmentId: `a-${tenantId}`,
  assessmentName: 'Quarterly check',
  assessmentStatus: 'in_progress' as const,
  version: 2,
  answer: failing ? 'No' : 'Yes',
  na: false,
  score: failing ? 0 : 1,
  failing,
  answeredBy: 'Ana Lima',
  answeredAt: '2026-01-15T10:00:00.000Z',
  openTask,
});

const answers = (openTask = false): QuestionAnswers => ({
  framework: { id: 'fw1', name: 'MSP Essential Hygiene Check', latestVersion: 2 },
  question: { key: 'mfa-email', title: 'Is MFA enforced?', type: 'yes_no', version: 2 },
  groups: [
    {
      key: '"no"',
      label: 'No',
      score: 0,
      count: 2,
      failing: 2,
      clients: [client('t1', 'Contoso', true, openTask), client('t2', 'Northwind', true, openTask)],
    },
    {
      key: '"yes"',
      label: 'Yes',
      score: 1,
      count: 1,
      failing: 0,
      clients: [client('t3', 'Fabrikam', false)],
    },
  ],
  counts: {
    clients: 4,
    answered: 3,
    notAnswered: 1,
    failing: 2,
    failingWithoutTask: openTask ? 0 : 2,
  },
  canCreateTasks: true,
});

function renderPanel() {
  let created = false;
  const calls = stubApi({
    [`GET ${API}/answers`]: () => jsonResponse(answers(created)),
    [`POST ${API}/tasks`]: () => {
      created = true;
      return jsonResponse({ created: 2, skipped: 0, items: [] }, 201);
    },
  });
  renderRoutes(
    [
      {
        path: '/questions/:frameworkId/:questionKey',
        element: (
          <QuestionAnswersPanel
            frameworkId="fw1"
            questionKey="mfa-email"
            assessmentHref={(t, a) => `/tenant/${t}/assessments/${a}`}
          />
        ),
      },
    ],
    '/questions/fw1/mfa-email',
  );
  return calls;
}

describe('how do my clients answer this', () => {
  it('groups every client’s latest answer, with who answered and when', async () => {
    renderPanel();
    const no = await screen.findByRole('region', { name: 'No' }, T);
    expect(within(no).getAllByRole('listitem')).toHaveLength(2);
    expect(within(no).getByRole('link', { name: 'Northwind' }).getAttribute('href')).toBe(
      '/tenant/t2/assessments/a-t2',
    );
    expect(within(no).getAllByText(/Ana Lima, 15 Jan 2026 · Quarterly check \(v2\)/)).toHaveLength(
      2,
    );
    expect(screen.getByText('3 of 4 clients answered · 1 not yet · 2 failing')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Yes' })).getByText('Fabrikam')).toBeTruthy();
  });

  it('creates the tasks for all that fail in one step', async () => {
    const calls = renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create tasks for all that fail (2)' }, T),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create tasks for all that fail' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 2 tasks' }));
    expect((await screen.findByRole('status', {}, T)).textContent).toBe('Created 2 tasks');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findAllByText('Task open', {}, T)).toHaveLength(2);
  });
});
