import { describe, expect, it } from 'vitest';
import { openTasksView } from './open-tasks.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('open tasks of a tenant', () => {
  it('counts them and says when the earliest due date has passed', () => {
    expect(openTasksView({ openTasks: 0, nextTaskDue: null }, NOW)).toEqual({
      text: 'No open tasks',
      overdue: false,
    });
    expect(openTasksView({ openTasks: 1, nextTaskDue: null }, NOW)).toEqual({
      text: '1 open task',
      overdue: false,
    });
    expect(openTasksView({ openTasks: 3, nextTaskDue: '2026-03-09' }, NOW)).toEqual({
      text: '3 open tasks',
      overdue: true,
    });
    // Due today is not overdue yet.
    expect(openTasksView({ openTasks: 3, nextTaskDue: '2026-03-10' }, NOW).overdue).toBe(false);
  });
});
