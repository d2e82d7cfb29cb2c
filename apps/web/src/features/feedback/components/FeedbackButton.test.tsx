import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { FeedbackButton } from './FeedbackButton.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/feedback';

function renderButton(
  answer: () => Response = () =>
    jsonResponse({ id: 'f1', createdAt: '2026-11-26T10:00:00.000Z' }, 201),
) {
  const calls = stubApi({ [`POST ${API}`]: answer });
  renderRoutes(
    [{ path: '/tenant/:tenantId/:tab', element: <FeedbackButton /> }],
    '/tenant/t1/overview',
  );
  return calls;
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
  return screen.findByRole('form', { name: 'Send feedback', hidden: true }, T);
}

describe('the feedback button', () => {
  it(
    'sends the rating and comment with the page path and app version, then thanks',
    { timeout: 15_000 },
    async () => {
      const calls = renderButton();
      const form = await open();
      // The rating is a radio group: picked and changed with the keyboard.
      const three = within(form).getByRole('radio', { name: '3 – Okay', hidden: true });
      await userEvent.click(three);
      await userEvent.keyboard('{ArrowRight}');
      await waitFor(
        () =>
          expect(
            within(form).getByRole('radio', { name: '4 – Good', hidden: true }),
          ).toHaveProperty('checked', true),
        T,
      );
      await userEvent.type(
        within(form).getByRole('textbox', { name: 'Comment (optional)', hidden: true }),
        '  Clear and quick  ',
      );
      await userEvent.click(
        within(form).getByRole('button', { name: 'Send feedback', hidden: true }),
      );
      expect(await screen.findByText('Thank you for your feedback!', {}, T)).toBeTruthy();
      const sent = calls.filter((c) => c.path === API);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toEqual({
        rating: 4,
        comment: 'Clear and quick',
        pagePath: '/tenant/t1/overview',
        appVersion: 'dev',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
      await waitFor(() => expect(screen.queryByText('Thank you for your feedback!')).toBeNull(), T);
    },
  );

  it('asks for a rating before sending anything', { timeout: 15_000 }, async () => {
    const calls = renderButton();
    const form = await open();
    await userEvent.click(
      within(form).getByRole('button', { name: 'Send feedback', hidden: true }),
    );
    expect(await within(form).findByText('Pick a rating from 1 to 5.', {}, T)).toBeTruthy();
    expect(calls.filter((c) => c.path === API)).toHaveLength(0);
  });

  it('says plainly when too much feedback was sent (429)', { timeout: 15_000 }, async () => {
    renderButton(() =>
      jsonResponse({ error: { code: 'common.rate_limited', message: 'Too many.' } }, 429),
    );
    const form = await open();
    await userEvent.click(within(form).getByRole('radio', { name: '5 – Very good', hidden: true }));
    await userEvent.click(
      within(form).getByRole('button', { name: 'Send feedback', hidden: true }),
    );
    const alert = await within(form).findByRole('alert', { hidden: true }, T);
    expect(alert.textContent).toContain('Not sent: too much feedback for now');
    expect(alert.textContent).toContain('Please try again later.');
  });
});
