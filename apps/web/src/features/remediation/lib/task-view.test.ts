import { describe, expect, it } from 'vitest';
import { BACKUPS, LEGACY, MFA, PATCHING, task, taskList } from '../test/fixtures.ts';
import {
  boardColumns,
  checklistProgress,
  dueView,
  groupByStatus,
  totalTasks,
  withStatus,
} from './task-view.ts';

const TODAY = '2026-03-10';

describe('task view', () => {
  it('says when a task is overdue, due soon, later or closed', () => {
    expect(dueView(task({ dueDate: null }), TODAY)).toBeNull();
    expect(dueView(MFA, TODAY)?.tone).toBe('overdue');
    expect(dueView(task({ dueDate: '2026-03-13' }), TODAY)?.tone).toBe('soon');
    expect(dueView(task({ dueDate: '2026-03-14' }), TODAY)?.tone).toBe('later');
    expect(dueView(task({ dueDate: '2020-01-01', status: 'done' }), TODAY)?.tone).toBe('closed');
  });

  it('counts a checklist', () => {
    expect(checklistProgress(MFA.checklist)).toEqual({ done: 1, total: 3 });
    expect(checklistProgress([])).toEqual({ done: 0, total: 0 });
  });

  it('lays out the board’s columns for a status filter', () => {
    expect(boardColumns(null)).toEqual(['todo', 'in_progress', 'done', 'risk_accepted']);
    expect(boardColumns('open')).toEqual(['todo', 'in_progress']);
    expect(boardColumns('done')).toEqual(['done']);
  });

  it('queues open tasks by due date then priority; keeps closed ones newest first', () => {
    const a = task({ id: 'a', dueDate: '2026-04-01', priority: 'low' });
    const b = task({ id: 'b', dueDate: null, priority: 'critical' });
    const c = task({ id: 'c', dueDate: '2026-04-01', priority: 'high' });
    const d = task({ id: 'd', dueDate: '2026-03-01' });
    const done1 = task({ id: 'x', status: 'done' });
    const done2 = task({ id: 'y', status: 'done' });
    const g = groupByStatus([a, b, done1, c, d, done2]);
    expect(g.todo.map((t) => t.id)).toEqual(['d', 'c', 'a', 'b']);
    expect(g.done.map((t) => t.id)).toEqual(['x', 'y']);
    expect(g.in_progress).toEqual([]);
  });

  it('moves a task in a list, its counts with it', () => {
    const list = taskList();
    expect(totalTasks(list.counts)).toBe(4);
    const moved = withStatus(list, MFA.id, 'done');
    expect(moved.items.find((t) => t.id === MFA.id)).toMatchObject({
      status: 'done',
      overdue: false,
    });
    expect(moved.counts).toEqual({
      todo: 0,
      in_progress: 1,
      done: 2,
      risk_accepted: 1,
      overdue: 0,
    });
    expect(withStatus(list, 'nope', 'done')).toBe(list);
    expect(withStatus(list, BACKUPS.id, 'in_progress')).toBe(list);
    expect([PATCHING, LEGACY].every((t) => moved.items.includes(t))).toBe(true);
  });
});
