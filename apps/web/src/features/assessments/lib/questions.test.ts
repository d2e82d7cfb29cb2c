import { describe, expect, it } from 'vitest';
import { DOC, answer } from '../test/fixtures.ts';
import {
  answerState,
  answersByKey,
  filterCounts,
  matchesFilter,
  questionOrder,
  resolveCurrent,
  stepQuestion,
} from './questions.ts';

const order = questionOrder(DOC);
const keys = order.map((e) => e.question.key);

describe('question order and filters', () => {
  it('reads a section’s own questions, then its sub-sections’, then the next section', () => {
    expect(keys).toEqual(['mfa', 'coverage', 'review', 'remote', 'backups', 'notes']);
    expect(order[2]!.sectionKeys).toEqual(['identity', 'identity.admin']);
  });

  it('tells unanswered, answered, N/A and gaps apart (a cleared value is unanswered)', () => {
    const answers = answersByKey([
      answer('mfa', 'yes'),
      answer('coverage', 40),
      answer('remote', null, { na: true }),
      answer('notes', null),
    ]);
    const gaps = new Set(['coverage']);
    expect(keys.map((k) => answerState(k, answers, gaps))).toEqual([
      'answered',
      'gap',
      'unanswered',
      'na',
      'unanswered',
      'unanswered',
    ]);
    expect(filterCounts(order, answers, gaps)).toEqual({
      all: 6,
      unanswered: 3,
      gaps: 1,
      na: 1,
      review: 0,
      confirm: 0,
    });
    expect(matchesFilter('gap', 'unanswered')).toBe(false);
    expect(matchesFilter('na', 'all')).toBe(true);
  });

  it('keeps the questions to review after a carry-forward, whatever their answer', () => {
    const answers = answersByKey([answer('mfa', 'yes')]);
    const review = new Set(['mfa', 'backups']);
    expect(filterCounts(order, answers, new Set(), review)).toMatchObject({ all: 6, review: 2 });
    expect(matchesFilter('answered', 'review', true)).toBe(true);
    expect(matchesFilter('unanswered', 'review', false)).toBe(false);
    expect(matchesFilter('unanswered', 'review')).toBe(false);
    const keep = (k: string) => review.has(k);
    expect(stepQuestion(order, 'mfa', 1, keep)).toBe('backups');
  });

  it('steps to the next and previous question the filter keeps, past the ends to null', () => {
    expect(stepQuestion(order, 'mfa', 1)).toBe('coverage');
    expect(stepQuestion(order, 'mfa', -1)).toBeNull();
    expect(stepQuestion(order, 'notes', 1)).toBeNull();
    const unanswered = new Set(['review', 'notes']);
    const keep = (k: string) => unanswered.has(k);
    // The current one has just been answered (it no longer passes): still a starting point.
    expect(stepQuestion(order, 'coverage', 1, keep)).toBe('review');
    expect(stepQuestion(order, 'review', 1, keep)).toBe('notes');
    expect(stepQuestion(order, 'notes', -1, keep)).toBe('review');
    expect(stepQuestion(order, null, 1, keep)).toBe('review');
    expect(stepQuestion(order, null, -1, keep)).toBe('notes');
  });

  it('resolves ?q= to a question, a section’s first question, or the first one', () => {
    expect(resolveCurrent(order, 'backups')).toBe('backups');
    expect(resolveCurrent(order, 'identity.admin')).toBe('review');
    expect(resolveCurrent(order, 'data', (k) => k === 'notes')).toBe('notes');
    expect(resolveCurrent(order, 'nope')).toBe('mfa');
    expect(resolveCurrent(order, null, (k) => k === 'remote')).toBe('remote');
    expect(resolveCurrent([], null)).toBeNull();
  });
});
