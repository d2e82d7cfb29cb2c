import { describe, expect, it } from 'vitest';
import { DETAIL, PROGRESS, answer } from '../test/fixtures.ts';
import { applyAnswerResult, applyConflictAnswer } from './answer-cache.ts';

describe('the detail after an answer write', () => {
  it('takes the stored answer and the progress, starts a draft, records the last answer', () => {
    const progress = { ...PROGRESS, answered: 1, completion: 1 / 6, score: 1 };
    const stored = answer('mfa', 'yes', { answeredAt: '2026-03-02T08:00:00.000Z' });
    const next = applyAnswerResult({ ...DETAIL, status: 'draft' }, 'mfa', {
      outcome: 'applied',
      answer: stored,
      progress,
    });
    expect(next.answers).toEqual([stored]);
    expect(next.progress).toBe(progress);
    expect([next.answered, next.total, next.score, next.completion]).toEqual([1, 6, 1, 1 / 6]);
    expect(next.status).toBe('in_progress');
    expect(next.lastAnswer).toEqual({
      at: '2026-03-02T08:00:00.000Z',
      by: 'Robin Park',
      source: 'member',
    });
  });

  it('drops a cleared answer and leaves the status of a write that was not applied', () => {
    const before = { ...DETAIL, status: 'draft' as const, answers: [answer('mfa', 'no')] };
    const cleared = applyAnswerResult(before, 'mfa', {
      outcome: 'applied',
      answer: null,
      progress: PROGRESS,
    });
    expect(cleared.answers).toEqual([]);
    const late = applyAnswerResult(before, 'mfa', {
      outcome: 'superseded',
      answer: answer('mfa', 'no', { revision: 3 }),
      progress: PROGRESS,
    });
    expect(late.status).toBe('draft');
    expect(late.answers[0]!.revision).toBe(3);
    expect(late.lastAnswer).toBeNull();
  });
});

describe('the detail after a write refused as a conflict', () => {
  it('takes their answer, unless it already holds that revision or a newer one', () => {
    const theirs = answer('mfa', 'yes', { revision: 2 });
    const before = { ...DETAIL, answers: [answer('mfa', 'no', { revision: 1 })] };
    expect(applyConflictAnswer(before, 'mfa', theirs).answers).toEqual([theirs]);
    const newer = { ...DETAIL, answers: [answer('mfa', 'partial', { revision: 3 })] };
    expect(applyConflictAnswer(newer, 'mfa', theirs)).toBe(newer);
    expect(applyConflictAnswer(before, 'mfa', null)).toBe(before);
  });
});
