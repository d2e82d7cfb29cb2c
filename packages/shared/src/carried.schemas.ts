import { z } from 'zod';
import { NodeKeySchema } from './frameworks.schemas.ts';
import { IdSchema } from './params.schemas.ts';
export { sameAsCarried } from './carried.ts';
import { storableDateTime, storableText } from './text.schemas.ts';

/**
 * Confirm-only re-assessment (docs/assessments.md, "Confirming last period's answers"): an
 * assessment started from a previous one carries that one's answers as proposals
 * (`assessment_carried_answers`). A carried answer is not an answer: it counts nowhere until it
 * is confirmed ("Still true": the same value written as an answer through the one write path)
 * or changed (another answer given).
 */

/**
 * One question's state against its carried answer: `to_confirm` (carried, not answered yet),
 * `confirmed` (answered with the carried value and N/A), `changed` (answered otherwise).
 */
export const CARRIED_STATES = ['to_confirm', 'confirmed', 'changed'] as const;
export type CarriedState = (typeof CARRIED_STATES)[number];

export const CarriedAnswerSchema = z.object({
  questionKey: z.string(),
  value: z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
  na: z.boolean(),
  note: z.string(),
  /** Who gave it last period, and when. */
  answeredBy: z.string(),
  answeredAt: z.string(),
  /** The assessment it was given in (null when that one was deleted since). */
  fromAssessmentId: z.string().nullable(),
  state: z.enum(CARRIED_STATES),
});
export type CarriedAnswer = z.infer<typeof CarriedAnswerSchema>;

export const CarriedCountsSchema = z.object({
  toConfirm: z.number().int(),
  confirmed: z.number().int(),
  changed: z.number().int(),
});
export type CarriedCounts = z.infer<typeof CarriedCountsSchema>;

/** Last period's answers carried into an assessment, in the reader's part, with their states. */
export const CarriedSummarySchema = z.object({
  /** The assessment this one was started from (null: started from scratch, or it was deleted). */
  previousAssessmentId: z.string().nullable(),
  answers: z.array(CarriedAnswerSchema),
  /** Over every carried answer in the reader's part. */
  counts: CarriedCountsSchema,
  /** Per section key (nested ones too), over the carried answers under it; only sections with one. */
  sections: z.record(z.string(), CarriedCountsSchema),
});
export type CarriedSummary = z.infer<typeof CarriedSummarySchema>;

export const SectionConfirmParamsSchema = z.object({
  tenantId: IdSchema,
  assessmentId: IdSchema,
  sectionKey: NodeKeySchema,
});
export const RespondentSectionParamsSchema = z.object({ sectionKey: NodeKeySchema });

const idempotencyKey = storableText()
  .min(8, 'An idempotency key has at least 8 characters.')
  .max(100)
  .describe('Says the request once: a replay answers `duplicate` and changes nothing.');

/** "Nothing changed here": confirm every carried answer under a section still unanswered. */
export const SectionConfirmInputSchema = z.object({ idempotencyKey });
export type SectionConfirmInput = z.input<typeof SectionConfirmInputSchema>;

/** A respondent's "Nothing changed here": numbered and timed by the device like an answer. */
export const RespondentSectionConfirmInputSchema = SectionConfirmInputSchema.extend({
  seq: z.number().int().min(1).max(2_147_483_647),
  answeredAt: storableDateTime().optional(),
});
export type RespondentSectionConfirmInput = z.input<typeof RespondentSectionConfirmInputSchema>;

/** Why a carried answer under the section was not confirmed. */
export const CONFIRM_SKIP_REASONS = ['answered', 'invalid'] as const;

export const SectionConfirmResultSchema = z.object({
  /** `duplicate`: this idempotency key was already used; nothing changed. */
  outcome: z.enum(['applied', 'duplicate']),
  /** Question keys confirmed (written with their carried value) by this request. */
  confirmed: z.array(z.string()),
  /**
   * Carried answers left as they are: `answered` (someone answered the question meanwhile),
   * `invalid` (the carried value no longer fits the question).
   */
  skipped: z.array(z.object({ questionKey: z.string(), reason: z.enum(CONFIRM_SKIP_REASONS) })),
  /** The reader's carried answers after it, with their states. */
  carried: CarriedSummarySchema,
  /** Answered and total questions in the reader's part after it. */
  answered: z.number().int(),
  total: z.number().int(),
});
export type SectionConfirmResult = z.infer<typeof SectionConfirmResultSchema>;
