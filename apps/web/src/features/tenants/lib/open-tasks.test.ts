import { describe, expect, it } from 'vitest';
import { openAssessmentsView, openTasksView } from './open-tasks.ts';

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

describe('open assessments of a tenant', () => {
  it('counts them with the nearest due date, overdue once it has passed', () => {
    expect(openAssessmentsView({ openAssessments: 0, nextAssessmentDue: null }, NOW)).toEqual({
      text: 'None open',
      due: null,
      overdue: false,
    });
    expect(
      openAssessmentsView({ openAssessments: 2, nextAssessmentDue: '2026-03-09' }, NOW),
    ).toEqual({ text: '2 open', due: '2026-03-09', overdue: true });
    // Due today is not overdue yet.
    expect(
      openAssessmentsView({ openAssessments: 1, nextAssessmentDue: '2026-03-10' }, NOW),
    ).toEqual({ text: '1 open', due: '2026-03-10', overdue: false });
  });
});
