import type { AssessmentDetail, LibraryFrameworkDetail } from '@tenantry/shared';
import { notifications, notificationsStore } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { CARRIED, CARRIED_RECORD, DETAIL, DOC, PREVIEW, answer } from '../test/fixtures.ts';
import { AssessmentScreen } from './AssessmentScreen.tsx';

const T = { timeout: 5_000 };
const BASE = '/api/v1/tenants/t1/assessments/a1';

/** The assessor's screen; `detail` is read again on every GET (a function may change it). */
function renderScreen(
  detail: AssessmentDetail | (() => AssessmentDetail),
  routes: ExtraRoutes,
  search = '?q=mfa',
) {
  const read = typeof detail === 'function' ? detail : () => detail;
  const calls = stubApi({ [`GET ${BASE}`]: () => jsonResponse(read()), ...routes });
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
    `/tenant/t1/assessments/a1${search}`,
  );
  return calls;
}

const shown = () => notificationsStore.getState().notifications;
const reads = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.method === 'GET' && c.path === BASE).length;

afterEach(() => {
  act(() => notifications.clean());
});

describe('carrying an assessment forward to a newer framework version', () => {
  it('previews what happens to the answers, then carries it forward and reloads', async () => {
    let detail: AssessmentDetail = { ...DETAIL, newerVersion: 3 };
    const calls = renderScreen(() => detail, {
      [`GET ${BASE}/carry-forward`]: () => jsonResponse(PREVIEW),
      [`POST ${BASE}/carry-forward`]: () => {
        detail = {
          ...DETAIL,
          framework: { ...DETAIL.framework, version: 3 },
          review: ['mfa'],
          carryForward: { ...CARRIED, fromVersion: 2, toVersion: 3 },
        };
        return jsonResponse({ ...CARRIED_RECORD, fromVersion: 2, toVersion: 3 });
      },
    });
    const notice = await screen.findByRole('note', { name: 'Newer framework version' }, T);
    expect(within(notice).getByText('Version 3 of MSP Essentials is out.')).toBeTruthy();
    await userEvent.click(within(notice).getByRole('button', { name: 'Carry forward…' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Carry forward to version 3 of MSP Essentials' },
      T,
    );
    expect(await within(dialog).findByText(/Reworded the MFA question/, {}, T)).toBeTruthy();
    expect(calls.find((c) => c.path === `${BASE}/carry-forward`)?.url.search).toBe('?version=3');
    expect(
      within(dialog).getByText(
        '12 answers carried as they are · 1 to review · 2 set aside (kept in the record) · 1 new question',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Nothing is deleted/).textContent).toContain('72 hours');

    // Three lists, closed until opened.
    const changed = within(dialog).getByRole('button', { name: 'Changed questions (2)' });
    expect(changed.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(changed);
    const changedList = within(dialog).getByRole('list', { name: 'Changed questions' });
    const items = within(changedList).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'mfa Is MFA enforced for e-mail?Answer kept, to reviewWording',
      'remote Remote accessAnswer set asideAnswer settingsGuidance',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Removed questions (1)' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Removed questions' })).getByText(
        'Open concerns',
        { exact: false },
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'New questions (1)' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'New questions' })).getByText(
        'New, unanswered',
      ),
    ).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Carry forward to v3' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.path === `${BASE}/carry-forward`)?.body,
      ).toEqual({ version: 3 }),
    );
    await waitFor(() => expect(shown().map((n) => n.message)).toHaveLength(1));
    expect(shown()[0]!.message).toBe(`“${DETAIL.name}” is now on version 3: 1 answer to review.`);
    // The screen reads the assessment again: on version 3, the offer gone, the banner there.
    expect(await screen.findByText(/Carried forward from v2 to v3/, {}, T)).toBeTruthy();
    expect(reads(calls)).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('note', { name: 'Newer framework version' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why the server refuses to carry forward', async () => {
    renderScreen(
      { ...DETAIL, newerVersion: 3 },
      {
        [`GET ${BASE}/carry-forward`]: () => jsonResponse(PREVIEW),
        [`POST ${BASE}/carry-forward`]: () =>
          jsonResponse(
            {
              error: {
                code: 'assessments.locked',
                message: 'The assessment is completed: its answers are locked.',
              },
            },
            409,
          ),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Carry forward…' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Carry forward to v3' }, T),
    );
    expect((await within(dialog).findByRole('alert', {}, T)).textContent).toBe(
      'The assessment is completed: its answers are locked.',
    );
  });

  it('offers no carry-forward on a completed assessment', async () => {
    renderScreen({ ...DETAIL, newerVersion: 3, status: 'completed' }, {});
    await screen.findByRole('heading', { name: DETAIL.name }, T);
    expect(screen.queryByRole('button', { name: 'Carry forward…' })).toBeNull();
  });

  it('offers no carry-forward to who cannot manage the assessment', async () => {
    renderScreen(
      { ...DETAIL, newerVersion: 3, can: { answer: true, manage: false, delete: false } },
      {},
    );
    await screen.findByRole('heading', { name: DETAIL.name }, T);
    expect(screen.queryByRole('note', { name: 'Newer framework version' })).toBeNull();
  });
});

describe('the latest carry-forward', () => {
  const carried: AssessmentDetail = { ...DETAIL, carryForward: CARRIED };
  const earlier: LibraryFrameworkDetail = {
    frameworkId: 'f1',
    name: 'MSP Essentials',
    scope: 'private',
    version: 1,
    releaseNotes: '',
    publishedAt: '2026-01-01T00:00:00.000Z',
    publishedBy: 'Robin Park',
    questionCount: 1,
    versions: [],
    playbooks: [],
    document: {
      ...DOC,
      sections: [
        {
          ...DOC.sections[1]!,
          questions: [
            {
              key: 'legacy',
              title: 'Which legacy VPN?',
              type: 'single_choice',
              description: '',
              guidance: '',
              weight: 1,
              tags: [],
              naAllowed: false,
              playbooks: [],
              options: [
                { key: 'ipsec', label: 'IPsec VPN', score: 1 },
                { key: 'pptp', label: 'PPTP', score: 0 },
              ],
            },
          ],
        },
      ],
    },
  };

  it('tells what it did and lists the answers it set aside, as people read them', async () => {
    const calls = renderScreen(carried, {
      [`GET ${BASE}/carry-forwards`]: () => jsonResponse({ items: [CARRIED_RECORD] }),
      'GET /api/v1/library/frameworks/f1': () => jsonResponse(earlier),
    });
    const banner = await screen.findByRole('region', { name: 'Carry-forward' }, T);
    expect(
      within(banner).getByText(/^Carried forward from v1 to v2 on .+ by Robin Park$/),
    ).toBeTruthy();
    expect(
      within(banner).getByText(
        '3 answers carried as they are · 1 to review · 2 set aside (kept in the record) · 1 new question',
      ),
    ).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Show set-aside answers' }));
    const drawer = await screen.findByRole('dialog', { name: 'Set-aside answers' }, T);
    const legacy = await within(drawer).findByRole('listitem', { name: 'legacy' }, T);
    // Read through the question of version 1: the option's label.
    expect(await within(legacy).findByText('IPsec VPN', {}, T)).toBeTruthy();
    expect(within(legacy).getByText('Being retired in May.')).toBeTruthy();
    expect(within(legacy).getByText(/Ada Lovelace/)).toBeTruthy();
    expect(within(legacy).getByText('Does not fit the question of v2')).toBeTruthy();
    // A question that version did not have: the values as stored.
    const old = within(drawer).getByRole('listitem', { name: 'old-backups' });
    expect(within(old).getByText('tape, cloud')).toBeTruthy();
    expect(within(old).getByText('Question removed in v2')).toBeTruthy();
    expect(
      calls
        .find((c) => c.path === '/api/v1/library/frameworks/f1')
        ?.url.searchParams.get('version'),
    ).toBe('1');
  });

  it('undoes it after a confirmation: the assessment is back on the earlier version', async () => {
    let detail = carried;
    const calls = renderScreen(() => detail, {
      [`POST ${BASE}/carry-forwards/cf1/undo`]: () => {
        detail = { ...DETAIL, framework: { ...DETAIL.framework, version: 1 }, newerVersion: 2 };
        return jsonResponse(detail);
      },
    });
    const banner = await screen.findByRole('region', { name: 'Carry-forward' }, T);
    expect(within(banner).getByText(/It can be undone until/)).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo the carry-forward?' }, T);
    expect(within(dialog).getByText(/goes back to version 1 of MSP Essentials/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo carry-forward' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === `${BASE}/carry-forwards/cf1/undo`),
      ).toBe(true),
    );
    expect(await screen.findByText(/MSP Essentials · version 1/, {}, T)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Carry-forward' })).toBeNull();
    expect(screen.getByText('Version 2 of MSP Essentials is out.')).toBeTruthy();
    await waitFor(() =>
      expect(shown()[0]?.message).toBe(
        `The carry-forward is undone: “${DETAIL.name}” is on version 1 again.`,
      ),
    );
  });

  it('shows the server’s reason when it can no longer be undone', async () => {
    let detail = carried;
    renderScreen(() => detail, {
      [`POST ${BASE}/carry-forwards/cf1/undo`]: () => {
        detail = { ...carried, carryForward: { ...CARRIED, canUndo: false } };
        return jsonResponse(
          {
            error: {
              code: 'assessments.undo_unavailable',
              message: 'Answers were given since the carry-forward; undoing it would lose them.',
            },
          },
          409,
        );
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Undo the carry-forward?' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo carry-forward' }));
    expect((await within(dialog).findByRole('alert', {}, T)).textContent).toBe(
      'Answers were given since the carry-forward; undoing it would lose them.',
    );
    // The assessment is read again: no Undo on the banner any more.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Carry-forward' })).queryByRole('button', {
          name: 'Undo',
        }),
      ).toBeNull(),
    );
  });

  it('offers no undo once the server says it is too late', async () => {
    renderScreen(
      {
        ...carried,
        carryForward: {
          ...CARRIED,
          canUndo: false,
          undoBlockedBy: 'Answers were given since the carry-forward; undoing it would lose them.',
        },
      },
      {},
    );
    const banner = await screen.findByRole('region', { name: 'Carry-forward' }, T);
    expect(within(banner).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(banner).queryByText(/It can be undone/)).toBeNull();
    expect(within(banner).getByText(/No undo: Answers were given since/)).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Show set-aside answers' })).toBeTruthy();
  });

  it('shows a reader what was done and set aside, without undo', async () => {
    renderScreen({ ...carried, can: { answer: false, manage: false, delete: false } }, {});
    const banner = await screen.findByRole('region', { name: 'Carry-forward' }, T);
    expect(within(banner).getByText(/Carried forward from v1 to v2/)).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(banner).getByRole('button', { name: 'Show set-aside answers' })).toBeTruthy();
  });
});

describe('questions to review after a carry-forward', () => {
  const toReview: AssessmentDetail = {
    ...DETAIL,
    review: ['mfa', 'remote'],
    answers: [answer('mfa', 'yes'), answer('remote', 'vpn')],
    carryForward: CARRIED,
  };

  it('marks them in the tree and the question, and marks one reviewed', async () => {
    const calls = renderScreen(toReview, {
      [`PUT ${BASE}/reviews/mfa`]: () => jsonResponse({ review: ['remote'] }),
    });
    const tree = await screen.findByRole('navigation', { name: 'Sections and questions' }, T);
    const row = within(tree).getByRole('button', { name: /^mfa Is MFA on for e-mail\?/ });
    expect(within(row).getByText('Review')).toBeTruthy();
    expect(
      within(tree).getByRole('button', { name: /^coverage MFA coverage/ }).textContent,
    ).not.toContain('Review');
    expect(screen.getByRole('radio', { name: 'To review 2' })).toBeTruthy();

    const note = screen.getByRole('note', { name: 'To review' });
    expect(within(note).getByText('This question changed in v2: check the answer.')).toBeTruthy();
    await userEvent.click(within(note).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === `${BASE}/reviews/mfa`)).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('note', { name: 'To review' })).toBeNull());
    expect(within(row).queryByText('Review')).toBeNull();
    expect(screen.getByRole('radio', { name: 'To review 1' })).toBeTruthy();
  });

  it('walks only the questions to review under that filter', async () => {
    renderScreen(toReview, {});
    await userEvent.click(await screen.findByRole('radio', { name: 'To review 2' }, T));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Remote access' }, T)).toBeTruthy();
    const tree = screen.getByRole('navigation', { name: 'Sections and questions' });
    expect(within(tree).queryByRole('button', { name: /^coverage/ })).toBeNull();
  });

  it('goes back to every question once the last one to review is reviewed', async () => {
    renderScreen(
      { ...toReview, review: ['mfa'] },
      { [`PUT ${BASE}/reviews/mfa`]: () => jsonResponse({ review: [] }) },
      '?q=mfa&show=review',
    );
    const chip = await screen.findByRole('radio', { name: 'To review 1' }, T);
    expect((chip as HTMLInputElement).checked).toBe(true);
    const tree = screen.getByRole('navigation', { name: 'Sections and questions' });
    expect(within(tree).queryByRole('button', { name: /^coverage/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /To review/ })).toBeNull());
    expect((screen.getByRole('radio', { name: 'All 6' }) as HTMLInputElement).checked).toBe(true);
    expect(within(tree).getByRole('button', { name: /^coverage/ })).toBeTruthy();
  });

  it('shows a reader the note without "Mark reviewed"', async () => {
    renderScreen({ ...toReview, can: { answer: false, manage: false, delete: false } }, {});
    const note = await screen.findByRole('note', { name: 'To review' }, T);
    expect(within(note).queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
  });

  it('offers no "To review" filter when nothing is to review', async () => {
    renderScreen(DETAIL, {});
    await screen.findByRole('radio', { name: 'All 6' }, T);
    expect(screen.queryByRole('radio', { name: /To review/ })).toBeNull();
  });
});
