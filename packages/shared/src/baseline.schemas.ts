import { z } from 'zod';
import { AssessmentSummarySchema } from './assessments.schemas.ts';
import { CARRIED_STATES, CarriedCountsSchema } from './carried.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { QuestionTaskSchema } from './remediation.schemas.ts';
import { LEFT_OUT_REASONS, type LeftOutReason } from './scoring.ts';

/**
 * The baseline of a client tenant (docs/baseline.md): one completed assessment marked as where
 * the client stood, and the comparison of a later assessment of the same framework with it,
 * per section and per question, matched by stable key across framework versions (SCORING.md,
 * "Comparison with a baseline"). Every figure is read from the scores kept on write.
 */

export const BASELINE_ERROR_CODES = {
  /** 409: only a completed assessment can be the baseline. */
  notCompleted: 'baseline.not_completed',
  /** 404: the assessment to compare with is not one of this tenant's, or not of the baseline's framework. */
  compareNotFound: 'baseline.compare_not_found',
} as const;

export const SetBaselineSchema = z.object({
  /** A completed assessment of this client tenant. */
  assessmentId: IdSchema,
});
export type SetBaseline = z.infer<typeof SetBaselineSchema>;

export const BaselineQuerySchema = z.object({
  /**
   * The assessment compared with the baseline; left out: the latest completed or in-progress
   * assessment of the baseline's framework (the baseline itself excluded).
   */
  compare: IdSchema.optional(),
});

/** How a score moved from the baseline to the compared assessment. */
export const TRENDS = [
  'improved',
  'regressed',
  'unchanged',
  'added',
  'removed',
  'unscored',
] as const;
export type Trend = (typeof TRENDS)[number];
export const TREND_LABELS: Record<Trend, string> = {
  improved: 'Improved',
  regressed: 'Regressed',
  unchanged: 'Unchanged',
  added: 'Added',
  removed: 'Removed',
  unscored: 'Not scored',
};

export const LEFT_OUT_LABELS: Record<LeftOutReason, string> = {
  no_score_baseline: 'no score on the baseline',
  no_score_latest: 'no score on the compared assessment',
  added: 'only in the newer framework version',
  removed: 'not in the compared framework version',
};

/** One side of a comparison row: the scores kept on that assessment (null: not there). */
export const ComparedSideSchema = z.object({
  score: z.number().nullable(),
  target: z.number().nullable(),
  gap: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
});
export type ComparedSide = z.infer<typeof ComparedSideSchema>;

export const SectionComparisonSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** The enclosing section's key; null for a top-level section. */
  parentKey: z.string().nullable(),
  depth: z.number().int(),
  baseline: ComparedSideSchema.nullable(),
  latest: ComparedSideSchema.nullable(),
  /** latest score − baseline score; null unless both have a score. */
  delta: z.number().nullable(),
  trend: z.enum(TRENDS),
  /**
   * Why the section has no delta though one side scores it (null: compared, or scored on
   * neither side). A top-level section with a reason is left out of the overall delta.
   */
  leftOut: z.enum(LEFT_OUT_REASONS).nullable(),
});
export type SectionComparison = z.infer<typeof SectionComparisonSchema>;

export const QuestionSideSchema = z.object({
  /** The question's score (null: unanswered, not applicable, or not scored). */
  score: z.number().nullable(),
  answered: z.boolean(),
  na: z.boolean(),
  /** A gap on that assessment (answered, scored, below its section's target). */
  gap: z.boolean(),
});

export const QuestionComparisonSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** The section the question is in (on the compared side when it is there). */
  sectionKey: z.string(),
  baseline: QuestionSideSchema.nullable(),
  latest: QuestionSideSchema.nullable(),
  delta: z.number().nullable(),
  trend: z.enum(TRENDS),
  /** The question's text or type changed between the two framework versions. */
  changed: z.boolean(),
  /** The remediation task on this question (the open one, else the latest done one), if any. */
  task: QuestionTaskSchema.nullable(),
  /**
   * The compared assessment's answer against last period's carried into it (docs/assessments.md,
   * "Confirming last period's answers"): confirmed unchanged, changed, or still to confirm;
   * null when nothing was carried for it.
   */
  sinceLastPeriod: z.enum(CARRIED_STATES).nullable(),
});
export type QuestionComparison = z.infer<typeof QuestionComparisonSchema>;

export const BaselineComparisonSchema = z.object({
  /** The tenant's baseline (null: none marked yet). */
  baseline: AssessmentSummarySchema.nullable(),
  /** The assessment compared with it (null: none yet). */
  latest: AssessmentSummarySchema.nullable(),
  /** Completed assessments of the tenant that can be marked as the baseline, newest first. */
  candidates: z.array(AssessmentSummarySchema),
  /** Assessments of the baseline's framework that can be compared with it, newest first. */
  comparable: z.array(AssessmentSummarySchema),
  overall: z.object({
    /** Each assessment's own overall score, as its screen shows it. */
    baseline: z.number().nullable(),
    latest: z.number().nullable(),
    /**
     * Like with like: comparedLatest − comparedBaseline, over only the top-level sections both
     * sides score (docs/baseline.md); null when there is none.
     */
    delta: z.number().nullable(),
    trend: z.enum(TRENDS),
    /** Each side's overall over the compared sections only (its own weights). */
    comparedBaseline: z.number().nullable(),
    comparedLatest: z.number().nullable(),
    /** Keys of the top-level sections the delta is made over. */
    comparedSections: z.array(z.string()),
    /** Top-level sections scored on one side only, left out of the delta, with the reason. */
    leftOut: z.array(
      z.object({ key: z.string(), title: z.string(), reason: z.enum(LEFT_OUT_REASONS) }),
    ),
  }),
  /** Sections in document order (the compared side's order, then sections only the baseline has). */
  sections: z.array(SectionComparisonSchema),
  questions: z.array(QuestionComparisonSchema),
  /** Counts of questions by trend. */
  counts: z.record(z.enum(TRENDS), z.number().int()),
  /**
   * The compared assessment against the previous period it was started from: how many carried
   * answers were confirmed unchanged, changed, or are still to confirm (null: nothing carried).
   */
  sinceLastPeriod: CarriedCountsSchema.nullable(),
  /** The caller may mark or clear the baseline. */
  canManage: z.boolean(),
});
export type BaselineComparison = z.infer<typeof BaselineComparisonSchema>;
