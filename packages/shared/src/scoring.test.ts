import { describe, expect, it } from 'vitest';
import { parseFrameworkDocument, type FrameworkDocument } from './frameworks.schemas.ts';
import { formatScore, questionScore, scoreDocument } from './scoring.ts';

function doc(input: unknown): FrameworkDocument {
  const parsed = parseFrameworkDocument(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.document;
}

/** SCORING.md's worked example, as a framework and its answers. */
const example = doc({
  format: 'tenantry.framework/1',
  key: 'worked-example',
  name: 'Worked example',
  sections: [
    {
      key: 'A',
      title: 'Section A',
      weight: 2,
      questions: [
        { key: 'Q1', title: 'Q1', type: 'yes_no', weight: 1 },
        { key: 'Q2', title: 'Q2', type: 'maturity', weight: 3 },
        { key: 'Q3', title: 'Q3', type: 'text' },
      ],
    },
    {
      key: 'B',
      title: 'Section B',
      weight: 1,
      questions: [
        {
          key: 'Q4',
          title: 'Q4',
          type: 'single_choice',
          options: [
            { key: 'low', label: 'Low', score: 0.25 },
            { key: 'high', label: 'High', score: 1 },
          ],
        },
        { key: 'Q5', title: 'Q5', type: 'yes_no', naAllowed: true },
        {
          key: 'Q6',
          title: 'Q6',
          type: 'number',
          bands: [
            { min: 0, score: 0 },
            { min: 10, score: 0.5 },
            { min: 20, score: 1 },
          ],
        },
      ],
    },
  ],
});

const answers = {
  Q1: { value: 'yes' },
  Q2: { value: 2 },
  Q3: { value: 'We review it yearly.' },
  Q4: { value: 'low' },
  Q5: { na: true },
  Q6: { value: 15 },
};

describe('the scoring model (SCORING.md)', () => {
  it('gives the worked example’s figures', () => {
    const r = scoreDocument(example, answers);
    expect(r.sections.A?.score).toBeCloseTo(0.55, 10);
    expect(r.sections.B?.score).toBeCloseTo(0.375, 10);
    expect(r.overall).toBeCloseTo(1.475 / 3, 10);
    expect(r.completion).toBe(1);
    expect([
      formatScore(r.sections.A?.score),
      formatScore(r.sections.B?.score),
      formatScore(r.overall),
    ]).toEqual(['55 %', '38 %', '49 %']);
  });

  it('leaves unanswered, N/A and free text out of scores; unanswered counts in completion', () => {
    const r = scoreDocument(example, { Q1: { value: 'no' }, Q5: { na: true } });
    expect(r.sections.A?.score).toBe(0);
    expect(r.sections.B?.score).toBeNull();
    expect(r.overall).toBe(0);
    expect(r.completion).toBeCloseTo(2 / 6, 10);
    expect(formatScore(null)).toBe('—');
  });

  it('scores every type by its rule', () => {
    const q = (key: string) =>
      example.sections.flatMap((s) => s.questions).find((x) => x.key === key)!;
    expect(questionScore(q('Q1'), { value: 'partial' })).toBe(0.5);
    expect(questionScore(q('Q2'), { value: 5 })).toBe(1);
    expect(questionScore(q('Q2'), { value: 6 })).toBeNull();
    expect(questionScore(q('Q6'), { value: -1 })).toBe(0);
    expect(questionScore(q('Q6'), { value: 20 })).toBe(1);
    expect(questionScore(q('Q3'), { value: 'x' })).toBeNull();
    const multi = doc({
      format: 'tenantry.framework/1',
      key: 'm',
      name: 'm',
      sections: [
        {
          key: 'S',
          title: 'S',
          questions: [
            {
              key: 'M',
              title: 'M',
              type: 'multiple_choice',
              options: [
                { key: 'a', label: 'a', score: 0.6 },
                { key: 'b', label: 'b', score: 0.7 },
              ],
            },
          ],
        },
      ],
    }).sections[0]!.questions[0]!;
    expect(questionScore(multi, { value: ['a'] })).toBe(0.6);
    expect(questionScore(multi, { value: ['a', 'b'] })).toBe(1);
    expect(questionScore(multi, { value: ['a', 'a'] })).toBeNull();
  });

  it('nested sections inherit the target; gaps are answered, scored questions below it', () => {
    const d = doc({
      format: 'tenantry.framework/1',
      key: 't',
      name: 't',
      sections: [
        {
          key: 'T',
          title: 'T',
          target: 0.8,
          questions: [{ key: 'T1', title: 'T1', type: 'yes_no' }],
          sections: [
            { key: 'T.1', title: 'T.1', questions: [{ key: 'T2', title: 'T2', type: 'maturity' }] },
          ],
        },
      ],
    });
    const r = scoreDocument(d, { T1: { value: 'yes' }, T2: { value: 3 } }, { targets: { T: 0.9 } });
    expect(r.sections['T.1']?.target).toBe(0.9);
    expect(r.gaps).toEqual(['T2']);
    expect(r.sections.T?.gap).toBeCloseTo(0.1, 10);
  });
});
