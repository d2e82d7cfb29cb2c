import { describe, expect, it } from 'vitest';
import { answeredOn, countsLine, tasksSummary } from './answers-view.ts';

describe('the across-clients view', () => {
  it('counts plainly', () => {
    expect(
      countsLine({ clients: 4, answered: 3, notAnswered: 1, failing: 2, failingWithoutTask: 2 }),
    ).toBe('3 of 4 clients answered · 1 not yet · 2 failing');
    expect(
      countsLine({ clients: 1, answered: 1, notAnswered: 0, failing: 0, failingWithoutTask: 0 }),
    ).toBe('1 of 1 client answered · 0 failing');
  });

  it('says what the tasks did', () => {
    expect(tasksSummary({ created: 2, skipped: 0 })).toBe('Created 2 tasks');
    expect(tasksSummary({ created: 1, skipped: 1 })).toBe(
      'Created 1 task, 1 skipped (already open)',
    );
    expect(tasksSummary({ created: 0, skipped: 3 })).toMatch(/^No task created/);
  });

  it('dates answers in UTC', () => {
    expect(answeredOn('2026-01-15T23:30:00Z')).toBe('15 Jan 2026');
  });
});
