import type { LibraryFramework, LibraryFrameworkDetail } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ContentKind } from '#web/lib/content/content-kinds.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { ExploreLibrary } from './ExploreLibrary.tsx';

const NIST: LibraryFramework = {
  id: 'f1',
  key: 'nist-csf-2.0',
  scope: 'global',
  name: 'NIST CSF 2.0',
  summary: 'Cybersecurity Framework',
  tags: ['nist'],
  latestVersion: 2,
  publishedAt: '2026-03-01T10:00:00.000Z',
  questionCount: 3,
  updatedAt: '2026-03-01T10:00:00.000Z',
  matches: [],
};

const DETAIL: LibraryFrameworkDetail = {
  frameworkId: 'f1',
  scope: 'global',
  name: 'NIST CSF 2.0',
  version: 2,
  releaseNotes: 'Second',
  publishedAt: '2026-03-01T10:00:00.000Z',
  publishedBy: 'Sam Admin',
  questionCount: 3,
  versions: [
    {
      version: 2,
      releaseNotes: 'Second',
      publishedAt: '2026-03-01T10:00:00.000Z',
      publishedBy: null,
      questionCount: 3,
    },
  ],
  playbooks: [{ key: 'patching', id: 'p1', title: 'Patching', priority: 'high' }],
  document: {
    format: 'tenantry.framework/1',
    key: 'nist-csf-2.0',
    name: 'NIST CSF 2.0',
    summary: 'Cybersecurity Framework',
    description: '',
    tags: ['nist'],
    source: { publisher: 'NIST', url: 'https://www.nist.gov/cyberframework', license: '' },
    sections: [
      {
        key: 'GV',
        title: 'Govern',
        description: '',
        guidance: '',
        weight: 1,
        tags: [],
        questions: [],
        sections: [
          {
            key: 'GV.OC',
            title: 'Organizational Context',
            description: '',
            guidance: '',
            weight: 1,
            tags: [],
            questions: [
              {
                key: 'GV.OC-01',
                title: 'The mission is understood',
                description: 'Know **why**.',
                guidance: 'Ask the <b>board</b>.',
                weight: 1,
                tags: [],
                naAllowed: false,
                playbooks: ['patching'],
                type: 'maturity',
                levels: ['None', 'Initial', 'Repeatable', 'Defined', 'Managed', 'Optimised'],
              },
              {
                key: 'GV.OC-02',
                title: 'Stakeholders are understood',
                description: '',
                guidance: '',
                weight: 1,
                tags: [],
                naAllowed: true,
                playbooks: [],
                type: 'yes_no',
              },
            ],
            sections: [],
          },
        ],
      },
      {
        key: 'ID',
        title: 'Identify',
        description: '',
        guidance: '',
        weight: 1,
        tags: [],
        questions: [
          {
            key: 'ID-01',
            title: 'Assets are inventoried',
            description: '',
            guidance: '',
            weight: 1,
            tags: [],
            naAllowed: false,
            playbooks: [],
            type: 'text',
          },
        ],
        sections: [],
      },
    ],
  },
};

function Screen() {
  const { tab } = useParams();
  const kind = (tab ?? 'frameworks') as ContentKind;
  return <ExploreLibrary key={kind} kind={kind} hrefFor={(t) => `/explore/${t}`} />;
}

function renderExplore(path: string) {
  const calls = stubApi({
    'GET /api/v1/library/frameworks': (_init, url) => {
      const q = url.searchParams.get('q');
      if (q === 'nothing') return jsonResponse({ items: [], total: 0 });
      const matches = q
        ? [
            { key: 'GV.OC', title: 'Organizational Context' },
            { key: 'GV.OC-01', title: 'The mission is understood' },
          ]
        : [];
      return jsonResponse({ items: [{ ...NIST, matches }], total: 1 });
    },
    'GET /api/v1/library/frameworks/f1': () => jsonResponse(DETAIL),
  });
  const router = renderRoutes([{ path: '/explore/:tab', element: <Screen /> }], path);
  /** The list requests so far, in order. */
  const lists = () =>
    calls.filter((c) => c.path === '/api/v1/library/frameworks').map((c) => c.url);
  return { router, lists };
}

describe('explore frameworks', () => {
  it('searches as one types (debounced, kept in the URL) and lists the matching questions', async () => {
    const { router, lists } = renderExplore('/explore/frameworks');
    expect(await screen.findByRole('link', { name: 'NIST CSF 2.0' })).toBeTruthy();
    expect(screen.getByText('3 questions')).toBeTruthy();
    expect(screen.getByText('Version 2')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search frameworks' }), 'GV.OC');
    await waitFor(() => expect(router.state.location.search).toBe('?q=GV.OC'));
    // The whole word is asked for, debounced: not one request per letter typed.
    await waitFor(() => expect(lists().at(-1)?.searchParams.get('q')).toBe('GV.OC'));
    expect(lists().length).toBeLessThan(1 + 'GV.OC'.length);
    const match = await screen.findByRole('link', { name: /GV\.OC-01/ });
    expect(match.getAttribute('href')).toBe('/explore/frameworks?q=GV.OC&item=f1&node=GV.OC-01');
  });

  it('opens a match in the read-only preview, its section open, guidance rendered safely', async () => {
    renderExplore('/explore/frameworks?q=GV.OC&item=f1&node=GV.OC-01');
    expect(await screen.findByRole('heading', { name: 'NIST CSF 2.0' })).toBeTruthy();
    const govern = screen.getByRole('button', { name: /Govern/ });
    expect(govern.getAttribute('aria-expanded')).toBe('true');
    expect(within(govern).getByText('2 questions')).toBeTruthy();
    const question = screen.getByText('The mission is understood').closest('li')!;
    expect(within(question).getByText('why').tagName).toBe('STRONG');
    expect(question.querySelector('b')).toBeNull();
    expect(within(question).getByText('5 · Optimised = 100 %')).toBeTruthy();
    expect(within(question).getByRole('link', { name: 'Patching' }).getAttribute('href')).toBe(
      '/explore/playbooks?item=p1',
    );
    expect(screen.getByRole('button', { name: /Identify/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(
      screen.getByRole('link', { name: /Back to results for “GV.OC”/ }).getAttribute('href'),
    ).toBe('/explore/frameworks?q=GV.OC');
  });

  it('says so when nothing matches, and clears the search', async () => {
    const { router } = renderExplore('/explore/frameworks?q=nothing');
    expect(await screen.findByText('No frameworks match “nothing”.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'NIST CSF 2.0' })).toBeTruthy();
  });
});
