import { ACCOUNT_PERMISSION_NAMES } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp, type ExtraRoutes } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

const ACCOUNT = {
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'admin',
  permissions: ACCOUNT_PERMISSION_NAMES,
  tenantAccessLimited: false,
};

const SUMMARY = {
  id: 'f9',
  key: 'nist-csf',
  scope: 'private',
  name: 'NIST CSF',
  summary: '',
  tags: [],
  latestVersion: 3,
  publishedAt: '2026-02-01T10:00:00.000Z',
  questionCount: 106,
  hasDraftChanges: true,
  archivedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

/** A file with two sections, the second one's question broken in two ways. */
const FILE = {
  format: 'tenantry.framework/1',
  key: 'nist-csf',
  name: 'NIST CSF',
  sections: [
    { key: 'GV', title: 'Govern', questions: [] },
    {
      key: 'ID',
      title: 'Identify',
      questions: [
        {
          key: 'ID.AM-01',
          title: '',
          type: 'single_choice',
          options: [{ key: 'a', label: 'A', score: 2 }],
        },
      ],
    },
  ],
};

const PROBLEMS = {
  'sections[1].questions[0].title': 'must not be empty',
  'sections[1].questions[0].options': 'needs at least 2 options',
  'sections[1].questions[0].options[0].score': 'must be ≤ 1',
};

function routes(importAnswer: () => Response): { routes: ExtraRoutes; imported: unknown[] } {
  const imported: unknown[] = [];
  return {
    imported,
    routes: {
      'GET /api/v1/account': () => jsonResponse(ACCOUNT),
      'GET /api/v1/content/frameworks': (_init, url) =>
        jsonResponse(
          url.searchParams.get('q') === 'nist-csf' || !url.searchParams.get('q')
            ? { items: [SUMMARY], total: 1 }
            : { items: [], total: 0 },
        ),
      'POST /api/v1/content/frameworks/import': (init) => {
        imported.push(JSON.parse(String(init?.body)));
        return importAnswer();
      },
    },
  };
}

async function importFile(content: string, name = 'nist-csf.json') {
  await userEvent.click(await screen.findByRole('button', { name: 'Import' }, T));
  const dialog = await screen.findByRole('dialog', { name: 'Import a framework' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  await userEvent.upload(input!, new File([content], name, { type: 'application/json' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
  return dialog;
}

describe('importing a framework', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('lists the frameworks with their scope, status and question count', async () => {
    renderApp(
      '/contentAdmin/frameworks',
      USER,
      routes(() => jsonResponse({}, 500)),
    );
    const table = await screen.findByRole('table', { name: 'Frameworks' }, T);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('NIST CSF');
    expect(row.textContent).toContain('nist-csf');
    expect(row.textContent).toContain('Private');
    expect(row.textContent).toContain('Published v3');
    expect(row.textContent).toContain('Draft changes');
    expect(row.textContent).toContain('106');
    expect(within(row).getByRole('link', { name: 'NIST CSF' }).getAttribute('href')).toBe(
      '/contentAdmin/frameworks/f9',
    );
  });

  it('shows every problem of an invalid file with its place and path; nothing is imported', async () => {
    const server = routes(() =>
      jsonResponse(
        {
          error: {
            code: 'content.invalid_document',
            message: 'The file has 3 problems.',
            fields: PROBLEMS,
          },
        },
        400,
      ),
    );
    renderApp('/contentAdmin/frameworks', USER, server);
    const dialog = await importFile(JSON.stringify(FILE));
    const list = await within(dialog).findByRole('list', { name: 'Problems in the file' }, T);
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Section ID › question ID.AM-01 › title: must not be emptysections[1].questions[0].title',
      'Section ID › question ID.AM-01 › options: needs at least 2 optionssections[1].questions[0].options',
      'Section ID › question ID.AM-01 › option 1 (a) › score: must be ≤ 1sections[1].questions[0].options[0].score',
    ]);
    expect(within(dialog).getByText('Nothing was imported: the file has 3 problems')).toBeTruthy();
    expect(server.imported).toEqual([{ scope: 'private', document: FILE }]);
  });

  it('a file that is not JSON is refused before sending', async () => {
    const server = routes(() => jsonResponse({}, 500));
    renderApp('/contentAdmin/frameworks', USER, server);
    const dialog = await importFile('{ not json', 'notes.json');
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /^notes\.json is not a JSON file/,
    );
    expect(server.imported).toEqual([]);
  });

  it('a key already taken explains how to import into the existing framework', async () => {
    const server = routes(() =>
      jsonResponse(
        { error: { code: 'content.key_taken', message: 'The key “nist-csf” is taken.' } },
        409,
      ),
    );
    const { router } = renderApp('/contentAdmin/frameworks', USER, server);
    const dialog = await importFile(JSON.stringify(FILE));
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('A private framework with the key nist-csf exists already');
    expect(alert.textContent).toContain('More → Replace draft from file');
    await userEvent.click(
      await within(alert).findByRole('link', { name: 'Open the existing framework' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/contentAdmin/frameworks/f9'));
  });
});
