import type {
  Answer,
  AssessmentProgress,
  FrameworkDocument,
  Section,
  SectionProgress,
} from '@tenantry/shared';
import { formatScore } from '@tenantry/shared';
import { answerState, matchesFilter, type AnswerState, type QuestionFilter } from './questions.ts';

export interface TreeQuestion {
  key: string;
  title: string;
  state: AnswerState;
  /** Marked for review after a carry-forward. */
  review: boolean;
  /** Its answer carried from last period is still to confirm. */
  confirm: boolean;
}

export interface TreeSection {
  key: string;
  title: string;
  /** 0 for a top-level section. */
  depth: number;
  progress: SectionProgress | null;
  /** Its own questions the filter shows (the current one always). */
  questions: TreeQuestion[];
  /** Its sub-sections that show something under the filter. */
  sections: TreeSection[];
  /** Questions shown here and below. */
  shown: number;
}

export interface TreeInput {
  doc: Pick<FrameworkDocument, 'sections'>;
  progress: AssessmentProgress;
  answers: ReadonlyMap<string, Answer>;
  filter: QuestionFilter;
  /** The question in view: shown whatever the filter says. */
  current: string | null;
  /** Question keys to review after a carry-forward. */
  review?: ReadonlySet<string>;
  /** Question keys whose carried answer is still to confirm. */
  confirm?: ReadonlySet<string>;
}

/**
 * The section tree as the assessor sees it: every section with its progress, its questions
 * the filter keeps (and the one in view), and only the sections that still show something.
 */
export function buildSectionTree({
  doc,
  progress,
  answers,
  filter,
  current,
  review = new Set(),
  confirm = new Set(),
}: TreeInput): TreeSection[] {
  const gaps = new Set(progress.gaps);
  const walk = (s: Section, depth: number): TreeSection | null => {
    const questions = s.questions
      .map((q) => ({
        key: q.key,
        title: q.title,
        state: answerState(q.key, answers, gaps),
        review: review.has(q.key),
        confirm: confirm.has(q.key),
      }))
      .filter((q) => q.key === current || matchesFilter(q.state, filter, q.review, q.confirm));
    const sections = s.sections
      .map((c) => walk(c, depth + 1))
      .filter((c): c is TreeSection => c !== null);
    const shown = questions.length + sections.reduce((n, c) => n + c.shown, 0);
    if (shown === 0 && filter !== 'all') return null;
    return {
      key: s.key,
      title: s.title,
      depth,
      progress: progress.sections[s.key] ?? null,
      questions,
      sections,
      shown,
    };
  };
  return doc.sections.map((s) => walk(s, 0)).filter((s): s is TreeSection => s !== null);
}

/** The keys of the sections above `key` (a question or section), outermost first; null if absent. */
export function sectionPath(
  sections: readonly Pick<Section, 'key' | 'questions' | 'sections'>[],
  key: string,
): string[] | null {
  for (const s of sections) {
    if (s.key === key) return [];
    if (s.questions.some((q) => q.key === key)) return [s.key];
    const below = sectionPath(s.sections, key);
    if (below) return [s.key, ...below];
  }
  return null;
}

/** "3/5 · 80 %": answered of total, then the score (— without one). */
export function sectionSummary(p: SectionProgress | null): string {
  if (!p) return '';
  return `${p.answered}/${p.total} · ${formatScore(p.score)}`;
}

/** Whether a section's score is below its target (a gap to close). */
export function belowTarget(p: SectionProgress | null): boolean {
  return p !== null && p.gap !== null && p.gap > 0;
}
