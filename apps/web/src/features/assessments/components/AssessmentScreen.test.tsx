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
    expect(screen.getByText(/Answered by Ada · respondent/)).toBeTruthy();
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

  it('bases each write on the revision shown, and the next on what the previous left', async () => {
    let revision = 3;
    const { calls } = renderScreen(
      { ...DETAIL, answers: [answer('mfa', 'partial', { revision })] },
      {
        [`PUT ${BASE}/answers/mfa`]: (init) => {
          const body = JSON.parse(init?.body as string) as { value: string };
          revision += 1;
          return jsonResponse(written(answer('mfa', body.value, { revision })));
        },
      },
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }, T));
    expect(await screen.findByText('Saved', {}, T)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts).toMatchObject([
      { value: 'yes', baseRevision: 3 },
      { value: 'no', baseRevision: 4 },
    ]);
  });

  describe('when someone else changed the answer meanwhile', () => {
    const ANA = answer('mfa', 'yes', {
      answeredBy: { source: 'member', name: 'Ana Lima', userId: 'u2', respondentId: null },
      answeredAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      revision: 1,
    });
    const conflict = (current: unknown) =>
      jsonResponse(
        {
          error: {
            code: 'assessments.answer_conflict',
            message: 'Someone else changed this answer.',
            details: { current },
          },
        },
        409,
      );

    /** The screen on an unanswered `q`; its first PUT is refused with Ana's answer. */
    function renderConflict(q: string, theirs = ANA, then = written(answer(q, 'partial'))) {
      let detail = DETAIL;
      const calls = stubApi({
        [`GET ${BASE}`]: () => jsonResponse(detail),
        [`PUT ${BASE}/answers/${q}`]: () => {
          if (calls.filter((c) => c.method === 'PUT').length > 1) return jsonResponse(then);
          // The refetch that follows the refusal brings their answer (as a live refresh does).
          detail = { ...DETAIL, answers: [theirs] };
          return conflict(theirs);
        },
      });
      renderRoutes(
        [
          {
            path: '/tenant/:tenantId/assessments/:focus',
            element: (
              <AssessmentScreen
                tenantId="t1"
                assessmentId="a1"
                listHref="/tenant/t1/assessments"
                owners={[]}
              />
            ),
          },
        ],
        `/tenant/t1/assessments/a1?q=${q}`,
      );
      return calls;
    }
    const puts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'PUT');
    const reads = (calls: ReturnType<typeof stubApi>) =>
      calls.filter((c) => c.method === 'GET' && c.path === BASE);

    it('shows who changed it to what, in place, through a refresh; Keep mine saves mine on their revision', async () => {
      const calls = renderConflict('mfa');
      await userEvent.click(await screen.findByRole('radio', { name: 'Partial' }, T));
      const alert = await screen.findByRole('alert', {}, T);
      expect(alert.textContent).toContain('This answer was changed meanwhile');
      expect(alert.textContent).toContain('Ana Lima changed this to Yes 2 minutes ago.');
      expect(alert.textContent).toContain('Your changes are not saved yet.');
      expect(puts(calls)[0]?.body).toMatchObject({ value: 'partial', baseRevision: 0 });
      // The assessment is read again (their answer in it): the conflict and mine stay.
      await waitFor(() => expect(reads(calls)).toHaveLength(2));
      await screen.findByText(/Answered by Ana Lima/, {}, T);
      expect(screen.getByRole('alert').textContent).toContain('Ana Lima changed this to Yes');
      expect(screen.getByRole('radio', { name: 'Partial' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      expect(screen.queryByText('Saved')).toBeNull();

      await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
      expect(await screen.findByText('Saved', {}, T)).toBeTruthy();
      expect(puts(calls)[1]?.body).toMatchObject({ value: 'partial', baseRevision: 1 });
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('Take theirs shows their answer and sends nothing', async () => {
      const calls = renderConflict('mfa');
      await userEvent.click(await screen.findByRole('radio', { name: 'No' }, T));
      const alert = await screen.findByRole('alert', {}, T);
      await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(screen.getByRole('radio', { name: 'Yes' }).getAttribute('aria-checked')).toBe('true');
      expect(puts(calls)).toHaveLength(1);
      // Their answer is what the next change is based on.
      await screen.findByText(/Answered by Ana Lima/, {}, T);
      await userEvent.click(screen.getByRole('radio', { name: 'Partial' }));
      await waitFor(() => expect(puts(calls)).toHaveLength(2));
      expect(puts(calls)[1]?.body).toMatchObject({ value: 'partial', baseRevision: 1 });
    });

    it('keeps the conflict of a question left meanwhile, offers it, and shows mine there again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const theirs = answer('coverage', 80, { ...ANA, questionKey: 'coverage', value: 80 });
      const calls = renderConflict('coverage', theirs);
      await user.type(await screen.findByRole('textbox', { name: 'Answer' }, T), '95');
      // Leaving the question sends what is typed; the refusal comes after.
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { name: 'Access reviews' }, T)).toBeTruthy();
      const offer = await screen.findByRole('alert', {}, T);
      expect(offer.textContent).toContain('An answer you gave was not saved');
      expect(puts(calls)[0]?.body).toMatchObject({ value: 95, baseRevision: 0 });
      await user.click(within(offer).getByRole('button', { name: 'Open coverage MFA coverage' }));
      expect(await screen.findByRole('heading', { name: 'MFA coverage' }, T)).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Answer' }) as HTMLInputElement).value).toBe(
        '95',
      );
      expect(screen.getByRole('alert').textContent).toContain('Ana Lima changed this to 80 %');
      // Typed while the conflict stands: kept, not sent; Keep mine sends it.
      await user.type(screen.getByRole('textbox', { name: 'Answer' }), '.5');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(puts(calls)).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Keep mine' }));
      await waitFor(() => expect(puts(calls)).toHaveLength(2));
      expect(puts(calls)[1]?.body).toMatchObject({ value: 95.5, baseRevision: 1 });
    });
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
    // The secondary actions wait in "More actions", so the row stays one line (issue 21).
    const actions = screen.getByRole('group', { name: 'Assessment actions' });
    expect(within(actions).queryByRole('link', { name: 'Download answers (CSV)' })).toBeNull();
    await userEvent.click(within(actions).getByRole('button', { name: 'More actions' }));
    const csv = await screen.findByRole(
      'menuitem',
      { name: 'Download answers (CSV)', hidden: true },
      T,
    );
    expect(csv.getAttribute('href')).toBe(`${BASE}/answers.csv`);
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Delete assessment', hidden: true })).toBeTruthy();
  });

  it('shows a viewer the answers read-only, without actions or respondents', async () => {
    renderScreen({ ...DETAIL, can: { answer: false, manage: false, delete: false } });
    expect(await screen.findByText(/You can read this assessment/, {}, T)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Respondents/ })).toBeNull();
    // "More actions" holds only the answers as CSV for them: nothing to delete.
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(
      (
        await screen.findByRole('menuitem', { name: 'Download answers (CSV)', hidden: true }, T)
      ).getAttribute('href'),
    ).toBe(`${BASE}/answers.csv`);
    expect(screen.queryByRole('menuitem', { name: 'Delete assessment', hidden: true })).toBeNull();
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
