import {
  listQuestions,
  type Answer,
  type FrameworkDocument,
  type Question,
} from '@tenantry/shared';
import { t } from '../messages.ts';

/**
 * Which questions the assessor walks through: by where the answer stands, those marked for
 * review after a carry-forward, or those whose answer carried from last period is still to
 * confirm (each offered while there are any).
 */
export const QUESTION_FILTERS = ['all', 'unanswered', 'gaps', 'na', 'review', 'confirm'] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];
export const QUESTION_FILTER_LABELS: Record<QuestionFilter, string> = {
  get all() {
    return t('filter.all');
  },
  get unanswered() {
    return t('filter.unanswered');
  },
  get gaps() {
    return t('filter.gaps');
  },
  get na() {
    return t('filter.na');
  },
  get review() {
    return t('filter.review');
  },
  get confirm() {
    return t('filter.confirm');
  },
};

export function isQuestionFilter(value: string | null): value is QuestionFilter {
  return (QUESTION_FILTERS as readonly string[]).includes(value ?? '');
}

/** Where a question stands: not answered, answered, answered N/A, or answered below target. */
export type AnswerState = 'unanswered' | 'answered' | 'na' | 'gap';

export interface QuestionEntry {
  question: Question;
  /** Keys of the sections above it, outermost first. */
  sectionKeys: string[];
  /** Its place in reading order (0-based). */
  index: number;
}

/** Every question in reading order: a section's own questions, then its sub-sections'. */
export function questionOrder(doc: Pick<FrameworkDocument, 'sections'>): QuestionEntry[] {
  return listQuestions(doc).map((e, index) => ({ ...e, index }));
}

/** The answers by question key. */
export function answersByKey(answers: readonly Answer[]): Map<string, Answer> {
  return new Map(answers.map((a) => [a.questionKey, a]));
}

export function answerState(
  key: string,
  answers: ReadonlyMap<string, Answer>,
  gaps: ReadonlySet<string>,
): AnswerState {
  const a = answers.get(key);
  if (!a) return 'unanswered';
  if (a.na) return 'na';
  if (a.value === null) return 'unanswered';
  return gaps.has(key) ? 'gap' : 'answered';
}

/**
 * Whether a question passes the filter: its answer's state, whether it is to review, whether
 * its carried answer is to confirm.
 */
export function matchesFilter(
  state: AnswerState,
  filter: QuestionFilter,
  review = false,
  confirm = false,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unanswered':
      return state === 'unanswered';
    case 'gaps':
      return state === 'gap';
    case 'na':
      return state === 'na';
    case 'review':
      return review;
    case 'confirm':
      return confirm;
  }
}

/** How many questions each filter shows (for the filter's labels). */
export function filterCounts(
  order: readonly QuestionEntry[],
  answers: ReadonlyMap<string, Answer>,
  gaps: ReadonlySet<string>,
  review: ReadonlySet<string> = new Set(),
  confirm: ReadonlySet<string> = new Set(),
): Record<QuestionFilter, number> {
  const counts: Record<QuestionFilter, number> = {
    all: 0,
    unanswered: 0,
    gaps: 0,
    na: 0,
    review: 0,
    confirm: 0,
  };
  for (const e of order) {
    const key = e.question.key;
    const state = answerState(key, answers, gaps);
    for (const f of QUESTION_FILTERS)
      if (matchesFilter(state, f, review.has(key), confirm.has(key))) counts[f]++;
  }
  return counts;
}

/**
 * The question before or after `current` in reading order that `keep` accepts (a filter):
 * the current question itself need not pass (it may just have been answered). Null at an end.
 * Without a current question, the first (or last) accepted one.
 */
export function stepQuestion(
  order: readonly QuestionEntry[],
  current: string | null,
  direction: 1 | -1,
  keep: (key: string) => boolean = () => true,
): string | null {
  const at = current === null ? -1 : order.findIndex((e) => e.question.key === current);
  let i = at === -1 ? (direction === 1 ? 0 : order.length - 1) : at + direction;
  for (; i >= 0 && i < order.length; i += direction) {
    const key = order[i]!.question.key;
    if (keep(key)) return key;
  }
  return null;
}

/**
 * The question to show: the one asked for (`?q=` names a question, or a section: its first
 * question the filter keeps, else its first), else the first the filter keeps, else the first.
 */
export function resolveCurrent(
  order: readonly QuestionEntry[],
  requested: string | null,
  keep: (key: string) => boolean = () => true,
): string | null {
  if (requested) {
    if (order.some((e) => e.question.key === requested)) return requested;
    const inSection = order.filter((e) => e.sectionKeys.includes(requested));
    const first = inSection.find((e) => keep(e.question.key)) ?? inSection[0];
    if (first) return first.question.key;
  }
  return (order.find((e) => keep(e.question.key)) ?? order[0])?.question.key ?? null;
}
