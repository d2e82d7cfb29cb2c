import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { COMPARISON } from '../test/fixtures.ts';
import { MarkBaselineButton } from './MarkBaselineButton.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/tenants/t1/baseline';

function renderButton(put: () => Response) {
  const calls = stubApi({ [`PUT ${API}`]: put });
  const router = renderRoutes(
    [
      {
        path: '/tenant/:tenantId/assessments/:focus',
        element: (
          <>
            <Notifications />
            <MarkBaselineButton
              tenantId="t1"
              assessmentId="a1"
              assessmentName="MSP Essentials – January 2026"
              baselineHref="/tenant/t1/baseline"
            />
          </>
        ),
      },
      { path: '/tenant/:tenantId/baseline', element: <p>The baseline tab</p> },
    ],
    '/tenant/t1/assessments/a1',
  );
  return { calls, router };
}

describe('mark as baseline (on a completed assessment)', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('marks it, then links to the baseline tab', async () => {
    const { calls, router } = renderButton(() => jsonResponse(COMPARISON));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as baseline' }, T));
    expect(
      await screen.findByText(
        '“MSP Essentials – January 2026” is now the baseline of this client tenant.',
        {},
        T,
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ assessmentId: 'a1' });
    const link = screen.getByRole('link', { name: 'Open the baseline' });
    expect(link.getAttribute('href')).toBe('/tenant/t1/baseline');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/t1/baseline'));
  });

  it('says why it could not be marked', async () => {
    renderButton(() =>
      jsonResponse(
        {
          error: {
            code: 'baseline.not_completed',
            message: 'Only a completed assessment can be the baseline. Complete it first.',
          },
        },
        409,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as baseline' }, T));
    expect(
      await screen.findByText(
        'Only a completed assessment can be the baseline. Complete it first.',
        {},
        T,
      ),
    ).toBeTruthy();
  });
});
