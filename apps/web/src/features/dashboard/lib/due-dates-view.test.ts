import { describe, expect, it } from 'vitest';
import { DASHBOARD } from '../test/fixtures.ts';
import { dueGroupsView } from './due-dates-view.ts';

describe('dueGroupsView', () => {
  it('keeps the groups that hold something, in order, with what is not listed', () => {
    const groups = dueGroupsView(DASHBOARD.dueDates);
    expect(groups.map((g) => [g.group, g.title, g.count, g.items.length, g.more])).toEqual([
      ['overdue', 'Overdue', 3, 1, 2],
      ['week', 'Due this week', 1, 1, 0],
    ]);
  });

  it('is empty when nothing is due', () => {
    expect(
      dueGroupsView({
        today: '2026-03-10',
        counts: { overdue: 0, today: 0, week: 0, upcoming: 0 },
        items: [],
      }),
    ).toEqual([]);
  });
});
