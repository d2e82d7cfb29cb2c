import type { AssessmentResults } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { ResultsScreen } from './ResultsScreen.tsx';

const T = { timeout: 5_000 };

const results: AssessmentResults = {
  assessment: {
    id: 'a1',
    name: 'Spring review',
    status: 'in_progress',
    framework: { id: 'fw1', name: 'Worked example', version: 1 },
    completedAt: null,
  },
  overall: { score: 0.4917, completion: 0.5, provisional: true },
  counts: {
    total: 6,
    answered: 3,
    na: 1,
    unanswered: 3,
    scored: 2,
    notScored: 0,
    gaps: 1,
    gapsWithOpenTask: 0,
  },
  sections: [
    {
      key: 'A',
      title: 'Governance',
      depth: 0,
      weight: 2,
      score: 0.55,
      target: 0.8,
      gap: 0.25,
      answered: 2,
      total: 3,
      delta: 0.1,
    },
    {
      key: 'B',
      title: 'Operations',
      depth: 0,
      weight: 1,
      score: 1,
      target: 0.5,
      gap: 0,
      answered: 1,
      total: 3,
      delta: null,
    },
  ],
  gaps: [
    {
      key: 'Q2',
      title: 'How mature?',
      sectionKey: 'A',
      sectionTitle: 'Governance',
      weight: 3,
      score: 0.4,
      target: 0.8,
      answer: '2 – Repeatable',
      task: null,
    },
  ],
  baseline: {
    kind: 'compared',
    assessment: { id: 'b1', name: 'Last year', score: 0.39 },
    delta: 0.1,
    trend: 'improved',
    leftOut: [],
    counts: { improved: 1, regressed: 0, unchanged: 0, added: 0, removed: 0, unscored: 5 },
    changes: [
      {
        key: 'Q2',
        title: 'How mature?',
        baseline: 0.2,
        latest: 0.4,
        delta: 0.2,
        trend: 'improved',
      },
    ],
  },
  can: { createTasks: true },
};

describe('an assessment’s results', () => {
  it('shows scores against targets, plain counts, the gaps and the change since the baseline', async () => {
    stubApi({
      'GET /api/v1/tenants/t1/assessments/a1/results': () => jsonResponse(results),
    });
    renderRoutes(
      [
        {
          path: '/tenant/:tenantId/assessments/:focus/results',
          element: (
            <ResultsScreen
              tenantId="t1"
              assessmentId="a1"
              assessmentHref="/tenant/t1/assessments/a1"
              actions={() => <button type="button">PDF report</button>}
            />
          ),
        },
      ],
      '/tenant/t1/assessments/a1/results',
    );
    expect(await screen.findByRole('heading', { name: 'Results: Spring review' }, T)).toBeTruthy();
    expect(screen.getByText('Provisional')).toBeTruthy();
    const sections = screen.getByRole('table', { name: 'Section scores' });
    expect(within(sections).getByText('25 pts below')).toBeTruthy();
    expect(within(sections).getByText('Met')).toBeTruthy();
    const gaps = screen.getByRole('table', { name: 'Gaps by weight' });
    expect(within(gaps).getByText('How mature?')).toBeTruthy();
    expect(within(gaps).getByText('No task yet')).toBeTruthy();
    expect(screen.getByText('Not applicable').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Unanswered').nextSibling?.textContent).toBe('3');
    expect(screen.getByText(/\+10 pts since the baseline “Last year” \(39 %\)/)).toBeTruthy();
    expect(screen.getByText('20 % → 40 % (+20 pts)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF report' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the assessment/ }).getAttribute('href')).toBe(
      '/tenant/t1/assessments/a1',
    );
  });
});
