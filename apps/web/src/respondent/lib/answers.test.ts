import { describe, expect, it } from 'vitest';
import { english, translatorFor } from '../test-i18n.tsx';
import { mergeSaved, parseNumber, shownAnswer } from './answers.ts';
import type { RespondentAnswer } from './contract.ts';

const answer = (key: string, at: string, value: string, mine = true): RespondentAnswer => ({
  questionKey: key,
  value,
  na: false,
  note: '',
  answeredAt: at,
  mine,
});

describe('answers on the page', () => {
  it('a session loaded again keeps an answer seen saved after it was read', () => {
    const known = new Map([
      ['A', answer('A', '2026-05-01T10:00:05.000Z', 'yes')],
      ['B', answer('B', '2026-05-01T09:00:00.000Z', 'no')],
      ['C', answer('C', '2026-05-01T10:00:06.000Z', 'partial')],
    ]);
    const merged = mergeSaved(known, [
      answer('A', '2026-05-01T10:00:00.000Z', 'no'),
      answer('B', '2026-05-01T09:30:00.000Z', 'yes', false),
    ]);
    expect(merged.get('A')?.value).toBe('yes');
    expect(merged.get('B')).toMatchObject({ value: 'yes', mine: false });
    expect(merged.get('C')?.value).toBe('partial');
  });

  it('shows a queued answer over the saved one, once per source object', () => {
    const saved = answer('A', '2026-05-01T10:00:00.000Z', 'no', false);
    expect(shownAnswer(undefined, saved)).toBe(shownAnswer(undefined, saved));
    expect(shownAnswer(undefined, saved)).toMatchObject({ value: 'no', mine: false, exists: true });
    const queued = {
      questionKey: 'A',
      value: null,
      na: false,
      note: '',
      idempotencyKey: 'k',
      seq: 1,
      answeredAt: '2026-05-01T10:01:00.000Z',
      sent: false,
    };
    expect(shownAnswer(queued, saved)).toMatchObject({ value: null, exists: false, pending: true });
  });

  it('writes dates and times in the page’s language', () => {
    expect(english.day('2026-12-31')).toBe('31 December 2026');
    expect(translatorFor('de').day('2026-01-05')).toBe('5. Januar 2026');
    expect(english.day('soon')).toBe('soon');
    expect(english.dateTime(new Date(2026, 4, 1, 9, 5).toISOString())).toBe('1 May 2026, 09:05');
    expect(translatorFor('fr').percent(0.42)).toBe('42\u00a0%');
    expect(translatorFor('nl').number(1234.5)).toBe('1.234,5');
  });

  it('reads numbers as people type them', () => {
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('3,5')).toBe(3.5);
    expect(parseNumber('-0.25')).toBe(-0.25);
    expect(parseNumber('1 000')).toBe(1000);
    expect(parseNumber('3.')).toBe(3);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('3x')).toBeNull();
    expect(parseNumber('Infinity')).toBeNull();
  });
});
