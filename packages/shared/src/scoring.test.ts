import { describe, expect, it } from 'vitest';
import { parseFrameworkDocument, type FrameworkDocument } from './frameworks.schemas.ts';
import {
  compareOverall,
  formatScore,
  isProvisional,
  questionScore,
  scoreDocument,
} from './scoring.ts';
import { WORKED_EXAMPLE_ANSWERS, workedExampleDocument } from './test/worked-example.ts';

function doc(input: unknown): FrameworkDocument {
  const parsed = parseFrameworkDocument(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.document;
}

/** SCORING.md's worked example, as a framework and its answers. */
const example = doc(workedExampleDocument());
const answers = WORKED_EXAMPLE_ANSWERS;

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

/** One section `S` (target 0.8 unless given) holding `questions`, and sub-sections. */
function single(questions: unknown[], extra: Record<string, unknown> = {}): FrameworkDocument {
  return doc({
    format: 'tenantry.framework/1',
    key: 'cases',
    name: 'cases',
    sections: [{ key: 'S', title: 'S', target: 0.8, questions, ...extra }],
  });
}

describe('the cases SCORING.md leaves open (docs/scoring.md)', () => {
  it('a section with no score, or no target, has no gap; without a target, questions below 1 are gaps', () => {
    const d = doc({
      format: 'tenantry.framework/1',
      key: 'g',
      name: 'g',
      sections: [
        {
          key: 'T',
          title: 'T',
          target: 0.8,
          questions: [{ key: 'T1', title: 'T1', type: 'yes_no' }],
        },
        { key: 'N', title: 'N', questions: [{ key: 'N1', title: 'N1', type: 'yes_no' }] },
      ],
    });
    const none = scoreDocument(d, {});
    expect(none.sections.T).toMatchObject({ score: null, target: 0.8, gap: null });
    const r = scoreDocument(d, { T1: { value: 'partial' }, N1: { value: 'partial' } });
    expect(r.sections.T?.gap).toBeCloseTo(0.3, 10);
    expect(r.sections.N).toMatchObject({ score: 0.5, target: null, gap: null });
    // Both are gaps: T1 below its 80 % target, N1 below 100 % (no target).
    expect(r.gaps).toEqual(['T1', 'N1']);
    // A score at or above the target: a gap of 0, not null.
    expect(scoreDocument(d, { T1: { value: 'yes' } }).sections.T?.gap).toBe(0);
  });

  it('weight 0: asked and counted in completion, never in a score nor a gap', () => {
    const d = single([
      { key: 'W0', title: 'W0', type: 'yes_no', weight: 0 },
      { key: 'W1', title: 'W1', type: 'yes_no' },
    ]);
    const r = scoreDocument(d, { W0: { value: 'no' }, W1: { value: 'yes' } });
    expect(r.sections.S?.score).toBe(1);
    expect(r.gaps).toEqual([]);
    expect([r.answered, r.total]).toEqual([2, 2]);
    // Only weight-0 questions answered: the section has no score (not 0 %).
    const only = scoreDocument(d, { W0: { value: 'no' } });
    expect(only.sections.S?.score).toBeNull();
    expect(only.overall).toBeNull();
    expect(only.completion).toBe(0.5);
    // A weight-0 section takes no part in its parent's score (nor the overall).
    const parent = doc({
      format: 'tenantry.framework/1',
      key: 'p',
      name: 'p',
      sections: [
        {
          key: 'P',
          title: 'P',
          questions: [{ key: 'P1', title: 'P1', type: 'yes_no' }],
          sections: [
            {
              key: 'P.0',
              title: 'P.0',
              weight: 0,
              questions: [{ key: 'P2', title: 'P2', type: 'yes_no' }],
            },
          ],
        },
        {
          key: 'Z',
          title: 'Z',
          weight: 0,
          questions: [{ key: 'Z1', title: 'Z1', type: 'yes_no' }],
        },
      ],
    });
    const p = scoreDocument(parent, {
      P1: { value: 'yes' },
      P2: { value: 'no' },
      Z1: { value: 'no' },
    });
    expect(p.sections['P.0']?.score).toBe(0);
    expect(p.sections.P?.score).toBe(1);
    expect(p.overall).toBe(1);
  });

  it('a multiple choice with nothing ticked is an answer that scores 0', () => {
    const d = single([
      {
        key: 'M',
        title: 'M',
        type: 'multiple_choice',
        options: [
          { key: 'a', label: 'a', score: 0.5 },
          { key: 'b', label: 'b', score: 0.5 },
        ],
      },
    ]);
    const r = scoreDocument(d, { M: { value: [] } });
    expect([r.answered, r.total]).toEqual([1, 1]);
    expect(r.sections.S?.score).toBe(0);
    expect(r.gaps).toEqual(['M']);
  });

  it('a section’s counts include its sub-sections’; the overall’s are the top-level sums', () => {
    const d = doc({
      format: 'tenantry.framework/1',
      key: 'n',
      name: 'n',
      sections: [
        {
          key: 'A',
          title: 'A',
          questions: [{ key: 'A1', title: 'A1', type: 'yes_no' }],
          sections: [
            {
              key: 'A.1',
              title: 'A.1',
              questions: [
                { key: 'A2', title: 'A2', type: 'yes_no' },
                { key: 'A3', title: 'A3', type: 'text' },
              ],
              sections: [
                {
                  key: 'A.1.1',
                  title: 'A.1.1',
                  questions: [{ key: 'A4', title: 'A4', type: 'yes_no', naAllowed: true }],
                },
              ],
            },
          ],
        },
        { key: 'B', title: 'B', questions: [{ key: 'B1', title: 'B1', type: 'yes_no' }] },
      ],
    });
    const r = scoreDocument(d, { A2: { value: 'yes' }, A3: { value: 'text' }, A4: { na: true } });
    expect(r.sections['A.1.1']).toMatchObject({ answered: 1, total: 1, score: null });
    expect(r.sections['A.1']).toMatchObject({ answered: 3, total: 3, score: 1 });
    expect(r.sections.A).toMatchObject({ answered: 3, total: 4, score: 1 });
    expect([r.answered, r.total, r.completion]).toEqual([3, 5, 0.6]);
    // Out of scope: neither counted nor scored.
    const scoped = scoreDocument(d, {}, { inScope: (q) => q.key !== 'A3' });
    expect(scoped.sections['A.1']?.total).toBe(2);
  });

  it('a score is provisional until the assessment is completed (reopened: provisional again)', () => {
    expect(['draft', 'in_progress', 'reopened', 'completed'].map(isProvisional)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('compares two overalls like with like, over the top-level sections both score', () => {
    const base = [
      { key: 'A', weight: 2, score: 0.5 },
      { key: 'B', weight: 1, score: 0.2 },
      { key: 'C', weight: 1, score: 0.9 },
      { key: 'D', weight: 1, score: null },
    ];
    const late = [
      { key: 'A', weight: 2, score: 0.8 },
      { key: 'B', weight: 1, score: null },
      { key: 'D', weight: 1, score: 0.4 },
      { key: 'E', weight: 1, score: 1 },
      { key: 'F', weight: 1, score: null },
    ];
    const r = compareOverall(base, late);
    expect(r.compared).toEqual(['A']);
    expect([r.baseline, r.latest]).toEqual([0.5, 0.8]);
    expect(r.delta).toBeCloseTo(0.3, 10);
    expect(r.leftOut).toEqual([
      { key: 'B', reason: 'no_score_latest' },
      { key: 'D', reason: 'no_score_baseline' },
      { key: 'E', reason: 'added' },
      { key: 'C', reason: 'removed' },
    ]);
    // Nothing left out: the plain difference of the overalls.
    const same = compareOverall(base.slice(0, 2), [
      { key: 'A', weight: 2, score: 1 },
      { key: 'B', weight: 1, score: 0.5 },
    ]);
    expect(same.leftOut).toEqual([]);
    expect(same.delta).toBeCloseTo(2.5 / 3 - 1.2 / 3, 10);
    expect(compareOverall([], []).delta).toBeNull();
  });
});
