import { describe, expect, it } from 'vitest';
import {
  completedInTrend,
  dueView,
  formatDay,
  formatMonth,
  plural,
  trendRows,
  trendSummary,
} from './dashboard-view.ts';

const trend = [
  { month: '2026-01', completed: 0, averageScore: null },
  { month: '2026-02', completed: 2, averageScore: 0.455 },
  { month: '2026-03', completed: 0, averageScore: null },
  { month: '2026-04', completed: 1, averageScore: 0.8 },
];

describe('the dashboard view', () => {
  it('writes months and counts', () => {
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatMonth('2026-03', 'short')).toBe('Mar');
    expect(formatMonth('soon')).toBe('soon');
    expect(plural(1, 'gap question')).toBe('1 gap question');
    expect(plural(3, 'gap question')).toBe('3 gap questions');
  });

  it('keeps months without a completed assessment as gaps, not zeros', () => {
    const rows = trendRows(trend);
    expect(rows.map((r) => r['Average score'])).toEqual([null, 46, null, 80]);
    expect(rows[1]).toMatchObject({ label: 'February 2026', short: 'Feb', completed: 2 });
    expect(completedInTrend(trend)).toBe(3);
  });

  it('summarises the trend in words', () => {
    expect(trendSummary(trend)).toBe(
      'Average score by month over the last 4 months: February 2026 46 % (2 assessments); ' +
        'April 2026 80 % (1 assessment). No assessment completed in the other 2 months.',
    );
    expect(trendSummary(trend.filter((m) => m.completed === 0))).toBe(
      'Average score by month over the last 2 months: no assessment completed.',
    );
  });

  it('marks a due date that has passed', () => {
    expect(formatDay('2026-03-09')).toMatch(/9/);
    expect(dueView(null, '2026-03-10')).toBeNull();
    expect(dueView('2026-03-09', '2026-03-10')).toEqual({
      label: formatDay('2026-03-09'),
      overdue: true,
    });
    expect(dueView('2026-03-10', '2026-03-10')).toEqual({
      label: formatDay('2026-03-10'),
      overdue: false,
    });
  });
});
