import type { AnswerWriteResult, AssessmentDetail, CarriedAnswer } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { DETAIL, PROGRESS, answer } from '../test/fixtures.ts';
import { AssessmentScreen } from './AssessmentScreen.tsx';

const T = { timeout: 5_000 };
const BASE = '/api/v1/tenants/t1/assessments/a1';

const carried = (
  questionKey: string,
  value: CarriedAnswer['value'],
  na = false,
): CarriedAnswer => ({
  questionKey,
  value,
  na,
  note: '',
  answeredBy: 'Ana Lima',
  answeredAt: '2026-01-15T10:00:00.000Z',
  fromAssessmentId: 'a0',
  state: 'to_confirm',
});

/** Last quarter's answers to mfa, coverage and review (identity); remote was changed. */
const REASSESSED: AssessmentDetail = {
  ...DETAIL,
  answers: [answer('remote', 'open')],
  carried: {
    previousAssessmentId: 'a0',
    answers: [
      carried('mfa', 'yes'),
      carried('coverage', 95),
      carried('review', 2),
      { ...carried('remote', 'vpn'), state: 'changed' },
    ],
    counts: { toConfirm: 3, confirmed: 0, changed: 1 },
    sections: {
      identity: { toConfirm: 3, confirmed: 0, changed: 0 },
      'identity.admin': { toConfirm: 1, confirmed: 0, changed: 0 },
      data: { toConfirm: 0, confirmed: 0, changed: 1 },
    },
  },
};

function renderScreen(detail: AssessmentDetail, routes: ExtraRoutes = {}, q = 'mfa') {
  const calls = stubApi({ [`GET ${BASE}`]: () => jsonResponse(detail), ...routes });
  renderRoutes(
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
    ],
    `/tenant/t1/assessments/a1?q=${q}`,
  );
  return calls;
}

describe('confirming last period’s answers on the assessor screen', () => {
  it('shows last period’s answer with Still true, which saves it as this period’s', async () => {
    const calls = renderScreen(REASSESSED, {
      [`PUT ${BASE}/answers/mfa`]: () =>
        jsonResponse({
          outcome: 'applied',
          answer: answer('mfa', 'yes'),
          progress: PROGRESS,
        } satisfies AnswerWriteResult),
    });
    const box = await screen.findByRole('group', { name: /Last period: Yes/ }, T);
    expect(within(box).getByText(/Ana Lima/)).toBeTruthy();
    // The answer's controls wait for "Changed".
    expect(screen.queryByRole('radio', { name: 'Yes' })).toBeNull();
    expect(screen.getByRole('radio', { name: /To confirm 3/ })).toBeTruthy();
    await userEvent.click(within(box).getByRole('button', { name: /Still true/ }));
    expect(await screen.findByText('Confirmed unchanged', {}, T)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ value: 'yes', na: false, note: '', baseRevision: 0 });
    expect(screen.getByRole('radio', { name: /To confirm 2/ })).toBeTruthy();
  });

  it('opens the controls on Changed, with focus on them', async () => {
    renderScreen(REASSESSED, {}, 'review');
    const box = await screen.findByRole('group', { name: /Last period: 2 – Repeatable/ }, T);
    await userEvent.click(within(box).getByRole('button', { name: 'Changed' }));
    const level = screen.getByRole('radio', { name: /Defined/ });
    expect(level).toBeTruthy();
    expect(within(box).queryByRole('button', { name: /Still true/ })).toBeNull();
    expect(document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName).toMatch(
      /radio|INPUT/,
    );
  });

  it('marks a changed answer with last period’s value', async () => {
    renderScreen(REASSESSED, {}, 'remote');
    expect(await screen.findByText('Changed since last period', {}, T)).toBeTruthy();
    expect(screen.getByText(/Last period: VPN with MFA/)).toBeTruthy();
  });

  it('confirms a whole section with "Nothing changed here (N)"', async () => {
    const calls = renderScreen(REASSESSED, {
      [`POST ${BASE}/sections/identity/confirm`]: () =>
        jsonResponse({
          outcome: 'applied',
          confirmed: ['mfa', 'coverage'],
          skipped: [{ questionKey: 'review', reason: 'answered' }],
          carried: REASSESSED.carried,
          answered: 3,
          total: 6,
        }),
    });
    const button = await screen.findByRole(
      'button',
      { name: 'Nothing changed here (3): Identity' },
      T,
    );
    await userEvent.click(button);
    expect(
      await screen.findByText(/Confirmed 2 answers unchanged. 1 was left as it is/, {}, T),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect((post?.body as { idempotencyKey: string }).idempotencyKey.length).toBeGreaterThan(8);
  });

  it('shows nothing to confirm on an assessment that carried nothing', async () => {
    renderScreen(DETAIL);
    expect(await screen.findByRole('heading', { name: 'Is MFA on for e-mail?' }, T)).toBeTruthy();
    expect(screen.queryByText(/Last period/)).toBeNull();
    expect(screen.queryByRole('radio', { name: /To confirm/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Nothing changed here/ })).toBeNull();
  });
});
