import type { FrameworkDocument, Question, Section } from './frameworks.schemas.ts';

/**
 * The one scoring model (docs/scoring.md). Scores are fractions in [0, 1]; `null` is "no
 * score" (shown as "—", never 0 %). The server computes scores; the client only shows them.
 */

/** An answer's value, by question type: see `questionScore`. */
export type AnswerValue = string | number | string[];

export interface ScoredAnswer {
  /** Answered "not applicable" (only where the question allows it): answered, never scored. */
  na?: boolean;
  value?: AnswerValue | null;
}

export const YES_NO_VALUES = ['yes', 'partial', 'no'] as const;
const YES_NO_SCORE: Record<string, number> = { yes: 1, partial: 0.5, no: 0 };

/** Whether `answer` counts as answered for `question` (N/A, or a value of the right shape). */
export function isAnswered(question: Question, answer: ScoredAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.na) return question.naAllowed;
  return valueProblem(question, answer.value) === null;
}

/** Why `value` is not an answer to `question`, or null when it is one. */
export function valueProblem(question: Question, value: unknown): string | null {
  switch (question.type) {
    case 'yes_no':
      return typeof value === 'string' && value in YES_NO_SCORE
        ? null
        : 'must be yes, partial or no';
    case 'maturity':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5
        ? null
        : 'must be a maturity level from 0 to 5';
    case 'single_choice':
      return typeof value === 'string' && question.options.some((o) => o.key === value)
        ? null
        : 'must be the key of one of the options';
    case 'multiple_choice':
      return Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((v) => question.options.some((o) => o.key === v))
        ? null
        : 'must be a list of distinct option keys';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'text':
      return typeof value === 'string' && value.trim().length > 0 ? null : 'must be some text';
  }
}

/**
 * A question's score in [0, 1], or null when it has none: unanswered, N/A, free text, or an
 * answer that does not fit the question.
 */
export function questionScore(question: Question, answer: ScoredAnswer | undefined): number | null {
  if (!answer || answer.na || !isAnswered(question, answer)) return null;
  const v = answer.value;
  switch (question.type) {
    case 'yes_no':
      return YES_NO_SCORE[v as string] ?? null;
    case 'maturity':
      return (v as number) / 5;
    case 'single_choice':
      return question.options.find((o) => o.key === v)?.score ?? null;
    case 'multiple_choice': {
      const chosen = new Set(v as string[]);
      const sum = question.options
        .filter((o) => chosen.has(o.key))
        .reduce((s, o) => s + o.score, 0);
      return Math.min(1, sum);
    }
    case 'number': {
      let s = 0;
      for (const band of question.bands) if (band.min <= (v as number)) s = band.score;
      return s;
    }
    case 'text':
      return null;
  }
}

export interface SectionResult {
  key: string;
  score: number | null;
  /** The target in force (own, else inherited); null when there is none. */
  target: number | null;
  /** max(0, target − score); null without a score or a target. */
  gap: number | null;
  answered: number;
  total: number;
}

export interface ScoreResult {
  overall: number | null;
  answered: number;
  total: number;
  /** answered ÷ total; null when nothing is in scope. */
  completion: number | null;
  sections: Record<string, SectionResult>;
  /** Keys of answered, scored questions below their section's target (below 1 without one). */
  gaps: string[];
}

export interface ScoreOptions {
  /** Question keys in the assessment's scope; every question when absent. */
  inScope?: (question: Question) => boolean;
  /** Target per top-level section key, overriding the framework's default. */
  targets?: Record<string, number | null | undefined>;
}

/** Scores a whole document against answers keyed by question key (SCORING.md, all of it). */
export function scoreDocument(
  doc: Pick<FrameworkDocument, 'sections'>,
  answers: ReadonlyMap<string, ScoredAnswer> | Record<string, ScoredAnswer>,
  options: ScoreOptions = {},
): ScoreResult {
  const get = (key: string) =>
    answers instanceof Map ? answers.get(key) : (answers as Record<string, ScoredAnswer>)[key];
  const inScope = options.inScope ?? (() => true);
  const sections: Record<string, SectionResult> = {};
  const gaps: string[] = [];

  const walk = (s: Section, inherited: number | null, topLevel: boolean): SectionResult => {
    const override = topLevel ? options.targets?.[s.key] : undefined;
    const target = topLevel ? (override !== undefined ? override : (s.target ?? null)) : inherited;
    let num = 0;
    let den = 0;
    let answered = 0;
    let total = 0;
    for (const q of s.questions) {
      if (!inScope(q)) continue;
      total++;
      const a = get(q.key);
      if (isAnswered(q, a)) answered++;
      const qs = questionScore(q, a);
      if (qs === null) continue;
      num += q.weight * qs;
      den += q.weight;
      if (q.weight > 0 && qs < (target ?? 1)) gaps.push(q.key);
    }
    for (const child of s.sections) {
      const r = walk(child, target, false);
      answered += r.answered;
      total += r.total;
      if (r.score === null) continue;
      num += child.weight * r.score;
      den += child.weight;
    }
    const score = den > 0 ? num / den : null;
    const result: SectionResult = {
      key: s.key,
      score,
      target,
      gap: score !== null && target !== null ? Math.max(0, target - score) : null,
      answered,
      total,
    };
    sections[s.key] = result;
    return result;
  };

  let num = 0;
  let den = 0;
  let answered = 0;
  let total = 0;
  for (const s of doc.sections) {
    const r = walk(s, null, true);
    answered += r.answered;
    total += r.total;
    if (r.total === 0 || r.score === null) continue;
    num += s.weight * r.score;
    den += s.weight;
  }
  return {
    overall: den > 0 ? num / den : null,
    answered,
    total,
    completion: total > 0 ? answered / total : null,
    sections,
    gaps,
  };
}

/** A score as the UI shows it: a whole percentage, or "—" when there is none. */
export function formatScore(score: number | null | undefined): string {
  return score == null ? '—' : `${Math.round(100 * score)} %`;
}

/**
 * Whether the scores of an assessment in `status` are provisional: every status but
 * `completed` (a reopened assessment's scores are provisional again). The API says so beside
 * every score it returns (`provisional`), and screens and reports label such a score with its
 * completion, because a score over a few answers says little (docs/scoring.md).
 */
export function isProvisional(status: string): boolean {
  return status !== 'completed';
}

/** A top-level section of one side of a comparison: its weight and the score it keeps. */
export interface ComparedSection {
  key: string;
  weight: number;
  /** null: no score (nothing answered and scored in it). */
  score: number | null;
}

/** Why a top-level section takes no part in the overall comparison. */
export const LEFT_OUT_REASONS = [
  'no_score_baseline',
  'no_score_latest',
  'added',
  'removed',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export interface LikeForLike {
  /** Each side's overall over the compared sections only (its own weights); null: none. */
  baseline: number | null;
  latest: number | null;
  /** latest − baseline over the compared sections; null when nothing is compared. */
  delta: number | null;
  /** Keys of the top-level sections both sides score, in the latest side's order. */
  compared: string[];
  /** Sections that have a score on one side only, with the reason (none: like with like). */
  leftOut: Array<{ key: string; reason: LeftOutReason }>;
}

/**
 * The overall comparison of two assessments made like with like (docs/baseline.md): each
 * side's overall is the weighted mean (SCORING.md, "Overall score") over only the top-level
 * sections that BOTH sides score, matched by key. A section scored on one side only — not
 * answered on the other, or present in one framework version only — is left out of both and
 * listed with its reason. Sections scored on neither side change neither overall and are not
 * listed. When nothing is left out, this is the plain difference of the two overalls.
 */
export function compareOverall(
  baseline: readonly ComparedSection[],
  latest: readonly ComparedSection[],
): LikeForLike {
  const before = new Map(baseline.map((s) => [s.key, s]));
  const after = new Map(latest.map((s) => [s.key, s]));
  const compared: string[] = [];
  const leftOut: LikeForLike['leftOut'] = [];
  for (const l of latest) {
    const b = before.get(l.key);
    if (!b) {
      if (l.score !== null) leftOut.push({ key: l.key, reason: 'added' });
    } else if (b.score !== null && l.score !== null) compared.push(l.key);
    else if (b.score !== null) leftOut.push({ key: l.key, reason: 'no_score_latest' });
    else if (l.score !== null) leftOut.push({ key: l.key, reason: 'no_score_baseline' });
  }
  for (const b of baseline) {
    if (!after.has(b.key) && b.score !== null) leftOut.push({ key: b.key, reason: 'removed' });
  }
  const mean = (side: ReadonlyMap<string, ComparedSection>) => {
    let num = 0;
    let den = 0;
    for (const key of compared) {
      const s = side.get(key)!;
      num += s.weight * s.score!;
      den += s.weight;
    }
    return den > 0 ? num / den : null;
  };
  const b = mean(before);
  const l = mean(after);
  return {
    baseline: b,
    latest: l,
    delta: b === null || l === null ? null : l - b,
    compared,
    leftOut,
  };
}
