import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RespondentReminders } from '../lib/contract.ts';
import { render } from '../test-i18n.tsx';
import { StopReminders } from './StopReminders.tsx';

const TOKEN = 'rsp_abcdefghijklmnopqrstuvwxyz';
const READ: RespondentReminders = {
  assessmentName: 'Q3 baseline',
  tenantName: 'Contoso Ltd',
  accountName: 'Northwind Security',
  respondentName: 'Pat Doe',
  dueDate: '2026-12-31',
  stoppedAt: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the stop-reminders page', () => {
  it('changes nothing on opening; the button stops reminders, and they can be resumed', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const { stopped } = JSON.parse(init.body as string) as { stopped: boolean };
        return json({ ...READ, stoppedAt: stopped ? '2026-12-01T10:00:00.000Z' : null });
      }
      return json(READ);
    });
    render(<StopReminders token={TOKEN} fetch={fetch} answerLink="/in-progress/acc1/ten1" />);
    expect(await screen.findByRole('heading', { name: 'Stop reminders?' })).toBeTruthy();
    expect(screen.getByText(/due on 31 December 2026/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('x-respondent-token')).toBe(TOKEN);
    await userEvent.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect(await screen.findByRole('heading', { name: 'Reminders stopped' })).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toEqual({ stopped: true });
    expect(screen.getByRole('link', { name: 'Answer the questions' }).getAttribute('href')).toBe(
      '/in-progress/acc1/ten1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send me reminders again' }));
    expect(await screen.findByRole('heading', { name: 'Stop reminders?' })).toBeTruthy();
  });

  it('says when the link does not work', async () => {
    const fetch = vi.fn(async () =>
      json({ error: { code: 'respondent.link_expired', message: 'Expired.' } }, 401),
    );
    render(<StopReminders token={TOKEN} fetch={fetch} answerLink="/in-progress/acc1/ten1" />);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
  });
});
