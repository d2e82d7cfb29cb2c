import { describe, expect, it } from 'vitest';
import { QUESTIONS, answer } from '../test/fixtures.ts';
import {
  bandsText,
  bodyOf,
  bodyOfAnswer,
  describeValue,
  draftOf,
  sameBody,
  shortcutValue,
  type AnswerDraft,
} from './answer-draft.ts';

const draft = (d: Partial<AnswerDraft>): AnswerDraft => ({
  value: null,
  typed: '',
  na: false,
  note: '',
  ...d,
});

describe('answer values and inputs', () => {
  it('fills the inputs from a stored answer: chosen values, typed numbers and text', () => {
    expect(draftOf(QUESTIONS.mfa, answer('mfa', 'partial', { note: 'Only admins' }))).toEqual(
      draft({ value: 'partial', note: 'Only admins' }),
    );
    expect(draftOf(QUESTIONS.coverage, answer('coverage', 92.5))).toEqual(draft({ typed: '92.5' }));
    expect(draftOf(QUESTIONS.notes, answer('notes', 'Line one'))).toEqual(
      draft({ typed: 'Line one' }),
    );
    expect(draftOf(QUESTIONS.remote, answer('remote', null, { na: true }))).toEqual(
      draft({ na: true }),
    );
    expect(draftOf(QUESTIONS.backups, undefined)).toEqual(draft({}));
  });

  it('turns inputs into the write, an empty input clearing the answer', () => {
    expect(bodyOf(QUESTIONS.mfa, draft({ value: 'yes', note: 'ok' }))).toEqual({
      ok: true,
      body: { value: 'yes', na: false, note: 'ok' },
    });
    expect(bodyOf(QUESTIONS.coverage, draft({ typed: ' 12,5 ' }))).toEqual({
      ok: true,
      body: { value: 12.5, na: false, note: '' },
    });
    expect(bodyOf(QUESTIONS.coverage, draft({ typed: '' }))).toEqual({
      ok: true,
      body: { value: null, na: false, note: '' },
    });
    expect(bodyOf(QUESTIONS.notes, draft({ typed: '   ' }))).toMatchObject({
      body: { value: null },
    });
    expect(bodyOf(QUESTIONS.backups, draft({ value: [] }))).toMatchObject({
      body: { value: null },
    });
    expect(bodyOf(QUESTIONS.backups, draft({ value: ['offline'] }))).toMatchObject({
      body: { value: ['offline'] },
    });
    expect(bodyOf(QUESTIONS.review, draft({ value: 0 }))).toMatchObject({ body: { value: 0 } });
  });

  it('sends N/A without a value, only where the question allows it', () => {
    expect(bodyOf(QUESTIONS.remote, draft({ value: 'vpn', na: true }))).toEqual({
      ok: true,
      body: { value: null, na: true, note: '' },
    });
    expect(bodyOf(QUESTIONS.mfa, draft({ na: true }))).toEqual({
      ok: false,
      problem: 'This question cannot be N/A.',
    });
  });

  it('says what is wrong with a value before sending it', () => {
    expect(bodyOf(QUESTIONS.coverage, draft({ typed: '12 %' }))).toEqual({
      ok: false,
      problem: 'Enter a number, like 12 or 12.5.',
    });
    expect(bodyOf(QUESTIONS.remote, draft({ value: 'carrier-pigeon' }))).toEqual({
      ok: false,
      problem: 'The answer must be the key of one of the options.',
    });
  });

  it('knows when a write says nothing new', () => {
    const stored = bodyOfAnswer(answer('backups', ['offline', 'immutable'], { note: 'x' }));
    expect(sameBody(stored, { value: ['immutable', 'offline'], na: false, note: 'x ' })).toBe(true);
    expect(sameBody(stored, { value: ['offline'], na: false, note: 'x' })).toBe(false);
    expect(sameBody(bodyOfAnswer(undefined), { value: null, na: false, note: '' })).toBe(true);
  });

  it('describes values as a person reads them', () => {
    expect(describeValue(QUESTIONS.mfa, 'partial')).toBe('Partial');
    expect(describeValue(QUESTIONS.review, 3)).toBe('3 · Defined');
    expect(describeValue(QUESTIONS.remote, 'vpn')).toBe('VPN with MFA');
    expect(describeValue(QUESTIONS.backups, ['offline', 'immutable'])).toBe(
      'Offline copy, Immutable',
    );
    expect(describeValue(QUESTIONS.coverage, 95)).toBe('95 %');
    expect(describeValue(QUESTIONS.remote, null, true)).toBe('Not applicable');
    expect(describeValue(QUESTIONS.notes, null)).toBe('No answer');
  });

  it('says how a number scores', () => {
    expect(bandsText(QUESTIONS.coverage)).toBe('≥ 0 % → 0 % · ≥ 90 % → 100 %');
    expect(bandsText(QUESTIONS.mfa)).toBe('');
  });

  it('maps number keys to answers: 1–3 yes/partial/no, 0–5 levels, 1–9 options', () => {
    expect(['1', '2', '3', '4'].map((k) => shortcutValue(QUESTIONS.mfa, k))).toEqual([
      'yes',
      'partial',
      'no',
      undefined,
    ]);
    expect(shortcutValue(QUESTIONS.review, '0')).toBe(0);
    expect(shortcutValue(QUESTIONS.review, '6')).toBeUndefined();
    expect(shortcutValue(QUESTIONS.remote, '2')).toBe('open');
    expect(shortcutValue(QUESTIONS.remote, '0')).toBeUndefined();
    expect(shortcutValue(QUESTIONS.notes, '1')).toBeUndefined();
    expect(shortcutValue(QUESTIONS.mfa, 'j')).toBeUndefined();
  });
});
