import type { Respondent } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { DETAIL } from '../test/fixtures.ts';
import { RespondentsPanel } from './RespondentsPanel.tsx';

const T = { timeout: 5_000 };
const BASE = '/api/v1/tenants/t1/assessments/a1/respondents';

const ADA: Respondent = {
  id: 'r1',
  name: 'Ada Lovelace',
  email: 'ada@client.test',
  sections: ['data'],
  status: 'answering',
  expiresAt: '2026-04-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-01T11:00:00.000Z',
  submittedAt: null,
  revokedAt: null,
  answered: 2,
  total: 3,
  remindersStoppedAt: null,
  reminders: [
    {
      kind: 'invitation',
      day: '2026-02-20',
      sentAt: '2026-02-20T10:00:00.000Z',
      sentBy: 'Robin Park',
    },
  ],
};

const GRACE: Respondent = {
  ...ADA,
  id: 'r3',
  name: 'Grace Hopper',
  email: 'grace@client.test',
  remindersStoppedAt: '2026-02-25T10:00:00.000Z',
  reminders: [
    { kind: 'reminder', day: '2026-02-24', sentAt: '2026-02-24T07:00:00.000Z', sentBy: null },
    ...ADA.reminders,
  ],
};

const SETTINGS = {
  overrides: {},
  account: {
    enabled: true,
    beforeDueDays: 3,
    nudgeAfterDays: 7,
    lastCall: true,
    ownerSummary: true,
  },
  effective: {
    enabled: true,
    beforeDueDays: 3,
    nudgeAfterDays: 7,
    lastCall: true,
    ownerSummary: true,
  },
  version: 0,
  updatedAt: null,
};

function renderPanel(items: Respondent[] = [ADA], status = DETAIL.status, remindAnswer?: Response) {
  const calls = stubApi({
    [`GET ${BASE}`]: () => jsonResponse({ items }),
    [`POST ${BASE}`]: (init) => {
      const body = JSON.parse(init?.body as string) as { name: string; email: string };
      return jsonResponse(
        {
          respondent: {
            ...ADA,
            id: 'r2',
            name: body.name,
            email: body.email,
            sections: null,
            status: 'invited',
            answered: 0,
            total: 6,
            lastSeenAt: null,
          },
          link: 'http://localhost/in-progress/acc1/t1?token=secret-token-value',
          emailed: false,
        },
        201,
      );
    },
    [`POST ${BASE}/r1/revoke`]: () => jsonResponse({ ...ADA, status: 'revoked' }),
    [`POST ${BASE}/r1/remind`]: () =>
      remindAnswer ??
      jsonResponse({
        respondent: {
          ...ADA,
          reminders: [
            {
              kind: 'manual',
              day: '2026-03-01',
              sentAt: '2026-03-01T11:00:00.000Z',
              sentBy: 'Robin Park',
            },
            ...ADA.reminders,
          ],
        },
        replayed: false,
      }),
    'GET /api/v1/tenants/t1/assessments/a1/reminder-settings': () => jsonResponse(SETTINGS),
    'PUT /api/v1/tenants/t1/assessments/a1/reminder-settings': (init) => {
      const body = JSON.parse(init?.body as string) as { overrides: Record<string, unknown> };
      return jsonResponse({
        ...SETTINGS,
        overrides: body.overrides,
        effective: { ...SETTINGS.account, ...body.overrides },
        version: 1,
      });
    },
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <RespondentsPanel
            tenantId="t1"
            assessment={{ ...DETAIL, status }}
            now={Date.parse('2026-03-01T11:00:30.000Z')}
          />
        ),
      },
    ],
    '/',
  );
  return calls;
}

describe('the respondents panel', () => {
  it('lists respondents with status, progress, sections and last seen', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Respondents' }, T);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(row).getByText('Answering')).toBeTruthy();
    expect(within(row).getByText('2/3')).toBeTruthy();
    expect(within(row).getByText('data Data')).toBeTruthy();
    expect(within(row).getByText('Seen just now')).toBeTruthy();
  });

  it('adds a respondent and shows their link once, with a copy button', async () => {
    const calls = renderPanel([]);
    expect(await screen.findByText('No respondents yet.', {}, T)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add respondent' }));
    const form = await screen.findByRole('form', { name: 'Add respondent' }, T);
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Grace Hopper');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /E-mail/ }),
      'grace@client.test',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: 'E-mail the link to them' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add respondent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Their link' }, T);
    expect(within(dialog).getByText('It will not be shown again')).toBeTruthy();
    expect(
      (within(dialog).getByRole('textbox', { name: 'Link for Grace Hopper' }) as HTMLInputElement)
        .value,
    ).toBe('http://localhost/in-progress/acc1/t1?token=secret-token-value');
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@client.test',
      sections: null,
      sendEmail: false,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('It will not be shown again')).toBeNull());
  });

  it('revokes a link after confirming', async () => {
    const calls = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Ada Lovelace' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this link?' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/r1/revoke`)).toBe(true));
  });

  it('shows who was reminded and when, and who stopped reminders', async () => {
    renderPanel([ADA, GRACE]);
    const table = await screen.findByRole('table', { name: 'Respondents' }, T);
    const [, ada, grace] = within(table).getAllByRole('row');
    expect(within(ada!).getByText('Link sent 20 Feb 2026')).toBeTruthy();
    expect(within(grace!).getByText('Reminded 24 Feb 2026')).toBeTruthy();
    expect(within(grace!).getByText('Stopped reminders')).toBeTruthy();
    expect(
      (
        within(grace!).getByRole('button', {
          name: 'Send Grace Hopper a reminder now',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(
      await screen.findByText(/A reminder 3 days before the due date, a nudge after 7 days/, {}, T),
    ).toBeTruthy();
  });

  it('sends a reminder now, with a key for retries', async () => {
    const calls = renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send Ada Lovelace a reminder now' }, T),
    );
    expect(await screen.findByText('A reminder went to Ada Lovelace.', {}, T)).toBeTruthy();
    const sent = calls.find((c) => c.path === `${BASE}/r1/remind`);
    expect((sent?.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when a reminder was refused because one went today', async () => {
    renderPanel(
      [ADA],
      DETAIL.status,
      jsonResponse(
        {
          error: {
            code: 'assessments.reminder_already_sent',
            message: 'Ada Lovelace already got an e-mail today (a reminder); at most one a day.',
            details: { nextAt: '2026-03-02T00:00:00.000Z' },
          },
        },
        409,
      ),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send Ada Lovelace a reminder now' }, T),
    );
    expect(await screen.findByText(/already got an e-mail today/, {}, T)).toBeTruthy();
  });

  it('sets the assessment’s own reminders', async () => {
    const calls = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }, T));
    const form = await screen.findByRole('form', { name: 'Reminders of this assessment' }, T);
    await userEvent.click(within(form).getByRole('radio', { name: 'Its own' }));
    await userEvent.click(
      within(form).getByRole('checkbox', { name: 'A last call on the due date' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        overrides: {
          enabled: true,
          beforeDueDays: 3,
          nudgeAfterDays: 7,
          lastCall: false,
          ownerSummary: true,
        },
        version: 0,
      }),
    );
  });

  it('adds no respondent to a completed assessment', async () => {
    renderPanel([ADA], 'completed');
    await screen.findByRole('table', { name: 'Respondents' }, T);
    expect(
      (screen.getByRole('button', { name: 'Add respondent' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'New link for Ada Lovelace' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
