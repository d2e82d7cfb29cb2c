import { describe, expect, it } from 'vitest';
import { NO_ANSWER, type ShownAnswer } from './answers.ts';
import { carriedMap, carriedState, keysUnder, toConfirmUnder } from './carried.ts';
import type { CarriedAnswer, Section } from './contract.ts';

const carried = (
  questionKey: string,
  value: CarriedAnswer['value'],
  na = false,
): CarriedAnswer => ({
  questionKey,
  value,
  na,
  note: '',
  answeredBy: 'Ana',
  answeredAt: '2026-01-15T10:00:00.000Z',
  fromAssessmentId: 'a0',
  state: 'to_confirm',
});
const shown = (value: ShownAnswer['value'], na = false): ShownAnswer => ({
  value,
  na,
  note: '',
  exists: true,
  mine: true,
  pending: true,
});

const q = (key: string) => ({ key }) as Section['questions'][number];
const SECTION = {
  questions: [q('a'), q('b')],
  sections: [{ questions: [q('c')], sections: [] } as unknown as Section],
};

describe('carried answers on the respondent page', () => {
  it('follows what the question shows: to confirm, confirmed, changed', () => {
    expect(carriedState(carried('a', 'yes'), NO_ANSWER)).toBe('to_confirm');
    expect(carriedState(carried('a', 'yes'), shown(null))).toBe('to_confirm');
    expect(carriedState(carried('a', 'yes'), shown('yes'))).toBe('confirmed');
    expect(carriedState(carried('a', 'yes'), shown('no'))).toBe('changed');
    expect(carriedState(carried('a', null, true), shown(null, true))).toBe('confirmed');
    expect(carriedState(carried('a', ['x', 'y']), shown(['y', 'x']))).toBe('confirmed');
  });

  it('lists what "Nothing changed here" confirms: the unanswered carried answers at any depth', () => {
    expect(keysUnder(SECTION)).toEqual(['a', 'b', 'c']);
    const map = carriedMap([carried('a', 'yes'), carried('b', 2), carried('c', 'no')]);
    const answers: Record<string, ShownAnswer> = { b: shown(3) };
    const list = toConfirmUnder(SECTION, map, (k) => answers[k] ?? NO_ANSWER);
    expect(list.map((c) => c.questionKey)).toEqual(['a', 'c']);
  });
});
