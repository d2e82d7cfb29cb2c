import type { LibraryFramework, LibraryFrameworkDetail } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { DETAIL, DOC } from '../test/fixtures.ts';
import { StartAssessmentModal } from './StartAssessmentModal.tsx';

const T = { timeout: 5_000 };

const FRAMEWORK: LibraryFramework = {
  id: 'f1',
  key: 'msp',
  scope: 'global',
  name: 'MSP Essentials',
  summary: '',
  tags: [],
  latestVersion: 2,
  publishedAt: '2026-02-01T10:00:00.000Z',
  questionCount: 6,
  updatedAt: '2026-02-01T10:00:00.000Z',
  matches: [],
};

const VERSION: LibraryFrameworkDetail = {
  frameworkId: 'f1',
  scope: 'global',
  name: 'MSP Essentials',
  version: 2,
  releaseNotes: '',
  publishedAt: '2026-02-01T10:00:00.000Z',
  publishedBy: 'Sam',
  questionCount: 6,
  document: DOC,
  versions: [
    {
      version: 2,
      releaseNotes: '',
      publishedAt: '2026-02-01T10:00:00.000Z',
      publishedBy: 'Sam',
      questionCount: 6,
    },
    {
      version: 1,
      releaseNotes: '',
      publishedAt: '2026-01-01T10:00:00.000Z',
      publishedBy: 'Sam',
      questionCount: 5,
    },
  ],
  playbooks: [],
};

function renderModal(framework: { id: string; name: string; latestVersion: number } | null) {
  const onStarted = vi.fn();
  const calls = stubApi({
    'GET /api/v1/library/frameworks': () => jsonResponse({ items: [FRAMEWORK], total: 1 }),
    'GET /api/v1/library/frameworks/f1': () => jsonResponse(VERSION),
    'POST /api/v1/tenants/t1/assessments': () => jsonResponse(DETAIL, 201),
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <StartAssessmentModal
            tenantId="t1"
            tenantName="Acme"
            opened
            onClose={() => {}}
            owners={[
              { id: 'u1', name: 'Robin Park' },
              { id: 'u2', name: 'Sam Lee' },
            ]}
            me="u1"
            framework={framework}
            onStarted={onStarted}
          />
        ),
      },
    ],
    '/',
  );
  return { calls, onStarted };
}

describe('the start dialog', () => {
  it('starts from a framework searched in the library, with its defaults', async () => {
    const { calls, onStarted } = renderModal(null);
    const dialog = await screen.findByRole('dialog', { name: 'Start an assessment of Acme' }, T);
    await userEvent.click(within(dialog).getByLabelText(/^Framework/));
    await userEvent.click(
      await screen.findByRole('option', { name: /MSP Essentials/, hidden: true }, T),
    );
    const name = await within(dialog).findByRole('textbox', { name: /Name/ });
    await waitFor(() =>
      expect((name as HTMLInputElement).value).toMatch(/^MSP Essentials – \w+ \d{4}$/),
    );
    expect(
      (within(dialog).getByRole('textbox', { name: 'Identity' }) as HTMLInputElement).value,
    ).toBe('80 %');
    expect(within(dialog).getByText('6 questions in scope')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start assessment' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      frameworkId: 'f1',
      version: 2,
      name: (name as HTMLInputElement).value,
      ownerId: 'u1',
      dueDate: null,
      scope: { sections: null, tags: null },
      targets: {},
    });
  });

  it('limits the scope to chosen sections or tags, and changes a target', async () => {
    const { calls } = renderModal({ id: 'f1', name: 'MSP Essentials', latestVersion: 2 });
    const dialog = await screen.findByRole('dialog', {}, T);
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Chosen sections' }, T));
    // Nothing chosen: said, not sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start assessment' }));
    expect(
      await within(dialog).findByText('Pick at least one section, or leave sections out for all.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /identity\.admin Admins/ }));
    expect(within(dialog).getByText('1 question in scope')).toBeTruthy();
    expect(
      (within(dialog).getByRole('checkbox', { name: /^identity Identity/ }) as HTMLInputElement)
        .indeterminate,
    ).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'By tags' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ig1 (2)' }));
    expect(within(dialog).getByText('2 questions in scope')).toBeTruthy();
    const target = within(dialog).getByRole('textbox', { name: 'Identity' });
    await userEvent.clear(target);
    await userEvent.type(target, '90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start assessment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      scope: { sections: null, tags: ['ig1'] },
      targets: { identity: 0.9 },
    });
  });
});
