import { describe, expect, it } from 'vitest';
import { DOC, PROGRESS, answer } from '../test/fixtures.ts';
import { answersByKey } from './questions.ts';
import { belowTarget, buildSectionTree, sectionPath, sectionSummary } from './section-tree.ts';

const progress = {
  ...PROGRESS,
  gaps: ['coverage'],
  sections: {
    ...PROGRESS.sections,
    identity: { answered: 2, total: 3, score: 0.5, target: 0.8, gap: 0.3 },
  },
};
const answers = answersByKey([answer('mfa', 'yes'), answer('coverage', 10)]);

describe('the section tree', () => {
  it('nests sections with their progress and every question under the "all" filter', () => {
    const tree = buildSectionTree({ doc: DOC, progress, answers, filter: 'all', current: null });
    expect(tree.map((s) => s.key)).toEqual(['identity', 'data']);
    const identity = tree[0]!;
    expect(identity.questions.map((q) => [q.key, q.state])).toEqual([
      ['mfa', 'answered'],
      ['coverage', 'gap'],
    ]);
    expect(identity.sections[0]!.key).toBe('identity.admin');
    expect(identity.sections[0]!.depth).toBe(1);
    expect(identity.shown).toBe(3);
    expect(sectionSummary(identity.progress)).toBe('2/3 · 50 %');
    expect(belowTarget(identity.progress)).toBe(true);
    expect(sectionSummary(tree[1]!.progress)).toBe('0/3 · —');
    expect(belowTarget(tree[1]!.progress)).toBe(false);
  });

  it('keeps only what a filter shows, and the question in view whatever the filter', () => {
    const gaps = buildSectionTree({ doc: DOC, progress, answers, filter: 'gaps', current: null });
    expect(gaps.map((s) => s.key)).toEqual(['identity']);
    expect(gaps[0]!.questions.map((q) => q.key)).toEqual(['coverage']);
    expect(gaps[0]!.sections).toEqual([]);

    const unanswered = buildSectionTree({
      doc: DOC,
      progress,
      answers,
      filter: 'unanswered',
      current: 'mfa',
    });
    expect(unanswered[0]!.questions.map((q) => q.key)).toEqual(['mfa']);
    expect(unanswered[0]!.sections[0]!.questions.map((q) => q.key)).toEqual(['review']);
    expect(unanswered[1]!.shown).toBe(3);
  });

  it('marks the questions to review, and keeps only them under the "to review" filter', () => {
    const review = new Set(['review', 'notes']);
    const all = buildSectionTree({
      doc: DOC,
      progress,
      answers,
      filter: 'all',
      current: null,
      review,
    });
    expect(all[0]!.questions.map((q) => q.review)).toEqual([false, false]);
    expect(all[0]!.sections[0]!.questions[0]).toMatchObject({ key: 'review', review: true });
    const only = buildSectionTree({
      doc: DOC,
      progress,
      answers,
      filter: 'review',
      current: null,
      review,
    });
    expect(only.map((s) => [s.key, s.shown])).toEqual([
      ['identity', 1],
      ['data', 1],
    ]);
    expect(only[1]!.questions.map((q) => q.key)).toEqual(['notes']);
  });

  it('finds the sections above a question or a section', () => {
    expect(sectionPath(DOC.sections, 'review')).toEqual(['identity', 'identity.admin']);
    expect(sectionPath(DOC.sections, 'notes')).toEqual(['data']);
    expect(sectionPath(DOC.sections, 'identity.admin')).toEqual(['identity']);
    expect(sectionPath(DOC.sections, 'nope')).toBeNull();
  });
});
