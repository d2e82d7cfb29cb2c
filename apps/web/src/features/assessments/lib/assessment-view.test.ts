import { describe, expect, it } from 'vitest';
import { DETAIL } from '../test/fixtures.ts';
import { targetsMet } from './assessment-stats.ts';
import {
  completionPercent,
  dueView,
  lastAnswerText,
  relativeTime,
  respondentsText,
  statusMoves,
  todayDate,
  updatedText,
} from './assessment-view.ts';
import { isTypingTarget, navigationKey } from './keyboard.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

describe('assessment summaries', () => {
  it('says who answered last and how long ago', () => {
    expect(
      lastAnswerText({ at: '2026-03-01T11:59:30.000Z', by: 'Robin', source: 'member' }, NOW),
    ).toBe('answered by Robin just now');
    expect(
      lastAnswerText({ at: '2026-03-01T11:55:00.000Z', by: 'Ada', source: 'respondent' }, NOW),
    ).toMatch(/^answered by Ada 5 minutes ago$/);
    expect(lastAnswerText(null, NOW)).toBeNull();
    expect(
      updatedText({ at: '2026-03-01T11:59:59.000Z', by: 'Robin', source: 'member' }, NOW),
    ).toBe('Updated just now by Robin');
    expect(relativeTime('2026-03-01T12:00:20.000Z', NOW)).toBe('just now');
  });

  it('counts respondents and completion', () => {
    expect(respondentsText({ total: 3, submitted: 2 })).toBe('2 of 3 submitted');
    expect(respondentsText({ total: 0, submitted: 0 })).toBeNull();
    expect(completionPercent(0.456)).toBe(46);
    expect(completionPercent(null)).toBe(0);
  });

  it('marks a passed due date overdue until the assessment is completed', () => {
    expect(dueView('2026-02-28', 'in_progress', '2026-03-01')).toMatchObject({ overdue: true });
    expect(dueView('2026-02-28', 'completed', '2026-03-01')).toMatchObject({ overdue: false });
    expect(dueView('2026-03-01', 'draft', '2026-03-01')).toMatchObject({ overdue: false });
    expect(dueView(null, 'draft')).toBeNull();
    expect(todayDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('offers the status moves of each status', () => {
    expect(statusMoves('draft')).toEqual({ start: true, complete: false, reopen: false });
    expect(statusMoves('in_progress')).toEqual({ start: false, complete: true, reopen: false });
    expect(statusMoves('reopened')).toEqual({ start: false, complete: true, reopen: false });
    expect(statusMoves('completed')).toEqual({ start: false, complete: false, reopen: true });
  });

  it('counts top-level sections at their target', () => {
    const progress = {
      ...DETAIL.progress,
      sections: {
        ...DETAIL.progress.sections,
        identity: { answered: 3, total: 3, score: 0.9, target: 0.8, gap: 0 },
        data: { answered: 1, total: 3, score: 0.2, target: null, gap: null },
      },
    };
    expect(targetsMet({ document: DETAIL.document, progress })).toEqual({ met: 1, measured: 1 });
  });
});

describe('keyboard shortcuts', () => {
  it('leave typing in fields and dialogs alone', () => {
    const text = document.createElement('input');
    const radio = document.createElement('input');
    radio.type = 'radio';
    const area = document.createElement('textarea');
    const button = document.createElement('button');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    document.body.append(text, radio, area, button, dialog);
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(area)).toBe(true);
    expect(isTypingTarget(radio)).toBe(false);
    expect(isTypingTarget(button)).toBe(false);
    expect(isTypingTarget(inDialog)).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
    document.body.replaceChildren();
  });

  it('moves with j/k anywhere, and with the arrows except on the answer’s radios', () => {
    expect(navigationKey('j', true)).toBe(1);
    expect(navigationKey('k', false)).toBe(-1);
    expect(navigationKey('ArrowDown', false)).toBe(1);
    expect(navigationKey('ArrowUp', true)).toBeNull();
    expect(navigationKey('x', false)).toBeNull();
  });
});
