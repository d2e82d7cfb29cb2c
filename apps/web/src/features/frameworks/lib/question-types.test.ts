import { QuestionSchema, type Question } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import {
  changeQuestionType,
  fromPercent,
  newBand,
  newOption,
  newQuestion,
  nextOptionKey,
  toPercent,
} from './question-types.ts';

describe('question types', () => {
  it('makes a valid new question of every type', () => {
    for (const type of [
      'yes_no',
      'maturity',
      'single_choice',
      'multiple_choice',
      'number',
      'text',
    ] as const) {
      expect(QuestionSchema.safeParse(newQuestion('Q1', type)).success).toBe(true);
    }
  });

  it('keeps the common fields when the type changes, and options between choice types', () => {
    const q = {
      ...newQuestion('Q1', 'single_choice', 'Backups?'),
      weight: 3,
      tags: ['ops'],
      naAllowed: true,
      playbooks: ['backups'],
      guidance: 'Look at the logs.',
    };
    const multi = changeQuestionType(q, 'multiple_choice');
    expect(multi).toMatchObject({
      type: 'multiple_choice',
      title: 'Backups?',
      weight: 3,
      naAllowed: true,
    });
    expect(multi.type === 'multiple_choice' && multi.options).toEqual(
      q.type === 'single_choice' && q.options,
    );
    const num = changeQuestionType(q, 'number');
    expect(num).toMatchObject({ type: 'number', key: 'Q1', tags: ['ops'], playbooks: ['backups'] });
    expect(QuestionSchema.safeParse(num).success).toBe(true);
    expect('options' in num).toBe(false);
    expect(changeQuestionType(q, 'single_choice')).toBe(q);
  });

  it('keeps the translated texts when the type changes; option labels only between choices', () => {
    const q = {
      ...newQuestion('Q1', 'single_choice', 'Backups?'),
      translations: { de: { title: 'Sicherungen?', options: { a: 'Ja', b: 'Nein' } } },
    };
    const multi = changeQuestionType(q, 'multiple_choice');
    expect(multi.translations).toEqual(q.translations);
    expect(QuestionSchema.safeParse(multi).success).toBe(true);
    const num = changeQuestionType(q, 'number');
    expect(num.translations).toEqual({ de: { title: 'Sicherungen?' } });
    expect(QuestionSchema.safeParse(num).success).toBe(true);
    const bare = changeQuestionType(
      { ...newQuestion('Q2', 'number'), translations: { fr: { unit: 'appareils' } } } as Question,
      'text',
    );
    expect('translations' in bare).toBe(false);
  });

  it('gives new options and bands free keys and rising minimums', () => {
    expect(nextOptionKey([{ key: 'a' }, { key: 'b' }])).toBe('c');
    const all = 'abcdefghijklmnopqrstuvwxyz'.split('').map((key) => ({ key }));
    expect(nextOptionKey(all)).toBe('o27');
    expect(newOption([{ key: 'a', label: 'A', score: 1 }])).toEqual({
      key: 'b',
      label: 'Option B',
      score: 0,
    });
    expect(
      newBand([
        { min: 0, score: 0 },
        { min: 10, score: 0.5 },
      ]),
    ).toEqual({ min: 11, score: 0.5 });
    expect(newBand([])).toEqual({ min: 0, score: 0 });
  });

  it('shows fractions as percentages and stores percentages as fractions', () => {
    expect(toPercent(0.5)).toBe(50);
    expect(toPercent(0.333)).toBe(33.3);
    expect(toPercent(1 / 3)).toBe(33.33);
    expect(toPercent('')).toBe('');
    expect(toPercent(null)).toBe('');
    expect(fromPercent(33.3)).toBe(0.333);
    expect(fromPercent(100)).toBe(1);
    expect(fromPercent('')).toBe('');
  });
});
