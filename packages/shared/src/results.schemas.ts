import { z } from 'zod';
import { ASSESSMENT_STATUSES } from './assessments.schemas.ts';
import { TRENDS } from './baseline.schemas.ts';
import { TASK_STATUSES } from './remediation.schemas.ts';
import { LEFT_OUT_REASONS } from './scoring.ts';

/**
 * An assessment's results (docs/assessments.md, "Results"): the scores it keeps on write
 * against its targets, its gap questions ranked by weight, what changed since the tenant's
 * baseline (the baseline view's own comparison) and plain counts of what is answered, not
 * applicable and unanswered. Nothing here is recomputed from answers.
 */

export const ResultsSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** 0 for a top-level section. */
  depth: z.number().int(),
  weight: z.number(),
  score: z.number().nullable(),
  target: z.number().nullable(),
  /** max(0, target − score); null without a score or a target (docs/scoring.md). */
  gap: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  /** Change since the baseline (latest − baseline); null when not compared. */
  delta: z.number().nullable(),
});
export type ResultsSection = z.infer<typeof ResultsSectionSchema>;

export const ResultsGapSchema = z.object({
  key: z.string(),
  title: z.string(),
  sectionKey: z.string(),
  sectionTitle: z.string(),
  weight: z.number(),
  score: z.number().nullable(),
  /** The target of its section; null: none (a gap is then any score below 100 %). */
  target: z.number().nullable(),
  /** The answer as a person reads it. */
  answer: z.string(),
  /** The task on the question: the open one, else the latest done or accepted one. */
  task: z
    .object({
      id: z.string(),
      title: z.string(),
      status: z.enum(TASK_STATUSES),
      dueDate: z.string().nullable(),
    })
    .nullable(),
});
export type ResultsGap = z.infer<typeof ResultsGapSchema>;

export const ResultsQuestionChangeSchema = z.object({
  key: z.string(),
  title: z.string(),
  baseline: z.number().nullable(),
  latest: z.number().nullable(),
  delta: z.number().nullable(),
  trend: z.enum(TRENDS),
});

export const RESULTS_BASELINE_KINDS = [
  /** No baseline marked on the tenant. */
  'none',
  /** This assessment is the baseline. */
  'this',
  /** The baseline is of another framework: nothing to compare. */
  'other_framework',
  /** This assessment is a draft: the baseline view compares started ones only. */
  'not_started',
  'compared',
] as const;

export const ResultsBaselineSchema = z.object({
  kind: z.enum(RESULTS_BASELINE_KINDS),
  /** The baseline assessment (null: none marked). */
  assessment: z
    .object({ id: z.string(), name: z.string(), score: z.number().nullable() })
    .nullable(),
  /** Like with like, over the top-level sections both score (docs/baseline.md). */
  delta: z.number().nullable(),
  trend: z.enum(TRENDS).nullable(),
  leftOut: z.array(
    z.object({ key: z.string(), title: z.string(), reason: z.enum(LEFT_OUT_REASONS) }),
  ),
  /** Questions per trend. */
  counts: z.record(z.enum(TRENDS), z.number().int()),
  /** Questions whose score moved, regressions first, then by size of the move. */
  changes: z.array(ResultsQuestionChangeSchema),
});
export type ResultsBaseline = z.infer<typeof ResultsBaselineSchema>;

export const AssessmentResultsSchema = z.object({
  assessment: z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(ASSESSMENT_STATUSES),
    framework: z.object({ id: z.string(), name: z.string(), version: z.number().int() }),
    completedAt: z.string().nullable(),
  }),
  overall: z.object({
    score: z.number().nullable(),
    completion: z.number().nullable(),
    /** Not completed yet: the scores may still change (docs/scoring.md). */
    provisional: z.boolean(),
  }),
  /** Questions in scope, counted plainly. */
  counts: z.object({
    total: z.number().int(),
    /** Answered with a value or not applicable. */
    answered: z.number().int(),
    /** Answered "not applicable": answered, never scored. */
    na: z.number().int(),
    unanswered: z.number().int(),
    /** Answered with a score. */
    scored: z.number().int(),
    /** Answered but scored nowhere (free text). */
    notScored: z.number().int(),
    gaps: z.number().int(),
    /** Gaps with an open task. */
    gapsWithOpenTask: z.number().int(),
  }),
  /** Every section in the framework's order, nested ones after their parent. */
  sections: z.array(ResultsSectionSchema),
  /** Gap questions, heaviest first, then the largest shortfall, then the framework's order. */
  gaps: z.array(ResultsGapSchema),
  baseline: ResultsBaselineSchema,
  can: z.object({
    /** Create remediation tasks for the gaps (`remediation.manage`). */
    createTasks: z.boolean(),
  }),
});
export type AssessmentResults = z.infer<typeof AssessmentResultsSchema>;
