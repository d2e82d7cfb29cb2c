import type { Question, Section } from '@tenantry/shared';
import { t } from '../messages.ts';

/** Questions in a section and every section below it. */
export function sectionQuestionCount(section: Section): number {
  return (
    section.questions.length + section.sections.reduce((n, s) => n + sectionQuestionCount(s), 0)
  );
}

/**
 * The keys of the sections from the top down to the node with `key` (a section or a question),
 * the node's own key last when it is a section; null when no node has that key.
 */
export function pathToNode(sections: Section[], key: string): string[] | null {
  for (const s of sections) {
    if (s.key === key) return [s.key];
    if (s.questions.some((q) => q.key === key)) return [s.key];
    const below = pathToNode(s.sections, key);
    if (below) return [s.key, ...below];
  }
  return null;
}

/** A number for people: up to two decimals, no trailing zeros. */
const num = (n: number) => String(Math.round(n * 100) / 100);

/** How an answer scores, in words: "Yes = 100 %" style lines for each question type. */
export function scoringLines(q: Question): string[] {
  const pct = (score: number) => `${num(score * 100)} %`;
  switch (q.type) {
    case 'yes_no':
      return [t('preview.scoring.yes'), t('preview.scoring.partial'), t('preview.scoring.no')];
    case 'maturity':
      return q.levels.map((label, level) => `${level} · ${label} = ${pct(level / 5)}`);
    case 'single_choice':
    case 'multiple_choice':
      return q.options.map((o) => `${o.label} = ${pct(o.score)}`);
    case 'number':
      return q.bands.map((b) => `≥ ${num(b.min)}${q.unit ? ` ${q.unit}` : ''} = ${pct(b.score)}`);
    case 'text':
      return [];
  }
}
