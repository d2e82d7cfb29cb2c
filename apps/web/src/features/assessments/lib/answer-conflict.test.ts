import { ASSESSMENT_ERROR_CODES, type Question } from '@tenantry/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { QUESTIONS, answer } from '../test/fixtures.ts';
import {
  AnswerConflicts,
  answerConflictOf,
  bodyOfInput,
  conflictSummary,
  theirAnswer,
} from './answer-conflict.ts';

const MFA = QUESTIONS.mfa as Question;
const NOW = Date.parse('2026-03-01T10:02:00.000Z');
const ana = (extra: Parameters<typeof answer>[2] = {}) =>
  answer('mfa', 'yes', {
    answeredBy: { source: 'member', name: 'Ana Lima', userId: 'u2', respondentId: null },
    revision: 2,
    ...extra,
  });

function conflictError(details: Record<string, unknown> | undefined) {
  return new ApiError(
    409,
    ASSESSMENT_ERROR_CODES.answerConflict,
    'Changed meanwhile',
    {},
    undefined,
    details,
  );
}

describe('an answer conflict', () => {
  it('is read from a 409 answer_conflict only, with the answer now or null when cleared', () => {
    expect(answerConflictOf(conflictError({ current: ana() }))).toEqual(ana());
    expect(answerConflictOf(conflictError({ current: null }))).toBeNull();
    expect(answerConflictOf(new ApiError(409, 'assessments.locked', 'Locked'))).toBeUndefined();
    expect(answerConflictOf(new Error('offline'))).toBeUndefined();
  });

  it('says who changed it to what, and when', () => {
    expect(conflictSummary(MFA, ana(), NOW)).toBe('Ana Lima changed this to Yes 2 minutes ago.');
    expect(conflictSummary(MFA, ana({ value: null, na: true }), NOW)).toMatch(
      /^Ana Lima marked this not applicable /,
    );
    expect(conflictSummary(MFA, ana({ note: 'Seen in the admin portal' }), NOW)).toMatch(
      /^Ana Lima changed this to Yes with the note “Seen in the admin portal” /,
    );
    expect(conflictSummary(MFA, ana({ note: 'x'.repeat(200) }), NOW)).toContain(
      `“${'x'.repeat(79)}…”`,
    );
    expect(conflictSummary(MFA, null, NOW)).toBe('Someone else cleared this answer meanwhile.');
  });

  it('shows their newest answer: one a live refresh brought after the refusal wins', () => {
    const c = { mine: { value: 'no', na: false, note: '' }, current: ana() };
    expect(theirAnswer(c, undefined)).toEqual(ana());
    expect(theirAnswer(c, ana({ revision: 1, value: 'partial' }))).toEqual(ana());
    expect(theirAnswer(c, ana({ revision: 3, value: 'partial' }))?.value).toBe('partial');
    expect(theirAnswer({ ...c, current: null }, ana({ revision: 4 }))?.revision).toBe(4);
  });

  it('takes the body of a write as what the person gave', () => {
    expect(bodyOfInput({ value: 'no', baseRevision: 1, idempotencyKey: 'k'.repeat(8) })).toEqual({
      value: 'no',
      na: false,
      note: '',
    });
  });
});

describe('the conflicts of a screen', () => {
  it('keeps one per question, revised and dropped, and tells who listens', () => {
    const book = new AnswerConflicts();
    const heard = vi.fn();
    const stop = book.subscribe(heard);
    const first = book.snapshot();
    book.record('mfa', { mine: { value: 'no', na: false, note: '' }, current: ana() });
    expect(book.snapshot()).not.toBe(first);
    expect(book.get('mfa')?.current?.revision).toBe(2);
    book.revise('mfa', { value: 'partial', na: false, note: 'typed' });
    expect(book.get('mfa')?.mine).toEqual({ value: 'partial', na: false, note: 'typed' });
    book.revise('coverage', { value: 1, na: false, note: '' });
    expect(book.get('coverage')).toBeUndefined();
    book.drop('mfa');
    expect(book.get('mfa')).toBeUndefined();
    expect(heard).toHaveBeenCalledTimes(3);
    book.drop('mfa');
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    book.record('mfa', { mine: { value: 'no', na: false, note: '' }, current: null });
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
