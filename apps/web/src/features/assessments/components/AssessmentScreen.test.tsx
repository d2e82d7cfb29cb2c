import type { AnswerWriteResult, AssessmentDetail } from '@tenantry/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { DETAIL, PROGRESS, answer } from '../test/fixtures.ts';
import { AssessmentScreen } from './AssessmentScreen.tsx';

const T = { timeout: 5_000 };
const BASE = '/api/v1/tenants/t1/assessments/a1';

function renderScreen(detail: AssessmentDetail, routes: ExtraRoutes = {}, q = 'mfa') {
  const calls = stubApi({ [`GET ${BASE}`]: () => jsonResponse(detail), ...routes });
  const router = renderRoutes(
    [
      {
        path: '/tenant/:tenantId/assessments/:focus',
        element: (
          <AssessmentScreen
            tenantId="t1"
            assessmentId="a1"
            listHref="/tenant/t1/assessments"
            owners={[{ id: 'u1', name: 'Robin Park' }]}
          />
        ),
      },
      { path: '/tenant/:tenantId/assessments', element: <p>The list</p> },
    ],
    `/tenant/t1/assessments/a1?q=${q}`,
  );
  return { calls, router };
}

function written(value: AnswerWriteResult['answer'], progress = PROGRESS): AnswerWriteResult {
  return { outcome: 'applied', answer: value, progress };
}

describe('the assessor screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the assessment, its sections with progress and the question in view', async () => {
    renderScreen({
      ...DETAIL,
      answers: [
        answer('mfa', 'partial', {
          answeredBy: { source: 'respondent', name: 'Ada', userId: null, respondentId: 'r1' },
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Is MFA on for e-mail?' }, T)).toBeTruthy();
    expect(screen.getByRole('heading', { name: DETAIL.name })).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    const tree = screen.getByRole('navigation', { name: 'Sections and questions' });
    expect(
      within(tree).getByRole('button', { name: 'identity Identity 0/3 · — (target 80 %)' }),
    ).toBeTruthy();
    expect(
      within(tree).getByRole('button', { name: 'mfa Is MFA on for e-mail? (answered)' }),
    ).toBeTruthy();
    expect(
      within(tree).getByRole('button', { name: 'coverage MFA coverage (not answered)' }),
    ).toBeTruthy();
    expect(screen.getByText('Question 1 of 6', { exact: false })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: 'Partial' }) as HTMLElement).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByText(/Answered by Ada \(respondent\)/)).toBeTruthy();
  });

  it('saves a choice at once with an idempotency key, and takes the progress from the answer', async () => {
    const progress = {
      ...PROGRESS,
      score: 1,
      answered: 1,
      completion: 1 / 6,
      sections: {
        ...PROGRESS.sections,
        identity: { answered: 1, total: 3, score: 1, target: 0.8, gap: 0 },
      },
    };
    const { calls } = renderScreen(DETAIL, {
      [`PUT ${BASE}/answers/mfa`]: () => jsonResponse(written(answer('mfa', 'yes'), progress)),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }, T));
    expect(await screen.findByText('Saved', {}, T)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ value: 'yes', na: false, note: '' });
    expect((put?.body as { idempotencyKey: string }).idempotencyKey.length).toBeGreaterThanOrEqual(
      8,
    );
    // The header's score comes from the write's progress, with no second read of the assessment.
    expect(screen.getByText('100 %')).toBeTruthy();
    const score = screen.getByRole('group', { name: 'Score' });
    expect(within(score).getByText('Provisional')).toBeTruthy();
    expect(within(score).getByText('so far, 1 of 6 answered')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET' && c.path === BASE)).toHaveLength(1);
  });

  it('marks an automated result with its tool, and a person confirms it as their answer', async () => {
    const automated = answer('mfa', 'yes', {
      note: 'https://scanner.example/finding/1',
      answeredBy: {
        source: 'automation',
        name: 'Endpoint manager',
        userId: null,
        respondentId: null,
      },
    });
    const { calls } = renderScreen(
      { ...DETAIL, answers: [automated] },
      {
        [`PUT ${BASE}/answers/mfa`]: () =>
          jsonResponse(
            written(answer('mfa', 'yes', { note: 'https://scanner.example/finding/1' }), PROGRESS),
          ),
      },
    );
    expect(await screen.findByText('Automated', {}, T)).toBeTruthy();
    expect(screen.getByText(/Result from Endpoint manager, observed/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      value: 'yes',
      na: false,
      note: 'https://scanner.example/finding/1',
    });
  });

  it('saves a typed number once typing pauses, and says why a value is not a number', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = renderScreen(
      DETAIL,
      { [`PUT ${BASE}/answers/coverage`]: () => jsonResponse(written(answer('coverage', 92))) },
      'coverage',
    );
    const input = await screen.findByRole('textbox', { name: 'Answer' }, T);
    await user.type(input, '9x');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('Enter a number, like 12 or 12.5.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(input);
    await user.type(input, '92');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ value: 92 });
  });

  it('keeps what is typed while an earlier write of it returns, then sends it too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let release: () => void = () => {};
    const { calls } = renderScreen(
      DETAIL,
      {
        [`PUT ${BASE}/answers/notes`]: async (init) => {
          const body = JSON.parse(init?.body as string) as { value: string };
          if (body.value === 'abc') await new Promise<void>((r) => (release = r));
          return jsonResponse(written(answer('notes', body.value)));
        },
      },
      'notes',
    );
    const input = await screen.findByRole('textbox', { name: 'Answer' }, T);
    await user.type(input, 'abc');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await user.type(input, 'd');
    release();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect((input as HTMLTextAreaElement).value).toBe('abcd');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({ value: 'abcd' });
    expect((input as HTMLTextAreaElement).value).toBe('abcd');
  });

  it('moves with j/k and Next, keeping the question in the URL', async () => {
    const { router } = renderScreen(DETAIL);
    await screen.findByRole('heading', { name: 'Is MFA on for e-mail?' }, T);
    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'MFA coverage' }, T)).toBeTruthy();
    expect(router.state.location.search).toBe('?q=coverage');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Access reviews' }, T)).toBeTruthy();
    await userEvent.keyboard('k');
    expect(await screen.findByRole('heading', { name: 'MFA coverage' }, T)).toBeTruthy();
  });

  it('answers yes/partial/no with the number keys', async () => {
    const { calls } = renderScreen(DETAIL, {
      [`PUT ${BASE}/answers/mfa`]: () => jsonResponse(written(answer('mfa', 'no'))),
    });
    await screen.findByRole('heading', { name: 'Is MFA on for e-mail?' }, T);
    await userEvent.keyboard('3');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ value: 'no' }),
    );
  });

  it('walks only the unanswered questions under that filter', async () => {
    const { router } = renderScreen({ ...DETAIL, answers: [answer('coverage', 95)] });
    await screen.findByRole('heading', { name: 'Is MFA on for e-mail?' }, T);
    await userEvent.click(screen.getByRole('radio', { name: 'Unanswered 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Access reviews' }, T)).toBeTruthy();
    expect(router.state.location.search).toContain('show=unanswered');
  });

  it('locks the answers of a completed assessment and offers to reopen it', async () => {
    renderScreen({ ...DETAIL, status: 'completed', completedAt: '2026-03-02T10:00:00.000Z' });
    expect(
      await screen.findByText('Completed: answers are locked. Reopen it to change them.', {}, T),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /Note/ }) as HTMLTextAreaElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('shows a viewer the answers read-only, without actions or respondents', async () => {
    renderScreen({ ...DETAIL, can: { answer: false, manage: false, delete: false } });
    expect(await screen.findByText(/You can read this assessment/, {}, T)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Respondents/ })).toBeNull();
  });

  it('completes after a confirmation that answers will be locked', async () => {
    const { calls } = renderScreen(DETAIL, {
      [`POST ${BASE}/complete`]: () => jsonResponse({ ...DETAIL, status: 'completed' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Complete' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Complete this assessment?' }, T);
    expect(within(dialog).getByText(/answers will be locked/)).toBeTruthy();
    expect(within(dialog).getByText('6 questions are still unanswered.')).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Complete and lock answers' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `${BASE}/complete`)).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Reopen' }, T)).toBeTruthy();
  });

  it('deletes after a confirmation and goes back to the list', async () => {
    const { router } = renderScreen(DETAIL, {
      [`DELETE ${BASE}`]: () => new Response(null, { status: 204 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }, T));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Delete assessment', hidden: true }, T),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this assessment?' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete assessment' }));
    expect(await screen.findByText('The list', {}, T)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tenant/t1/assessments');
  });
});
