import { z } from 'zod';
import { ASSESSMENT_STATUSES } from './assessments.schemas.ts';
import { NodeKeySchema, QUESTION_TYPES } from './frameworks.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { CreateGapTasksSchema, TaskSchema } from './remediation.schemas.ts';

/**
 * One question across all clients (docs/across-clients.md): every client tenant's latest
 * answer to a framework question's stable key, in any version of the framework, grouped by
 * answer; and a task for every client whose answer fails (a gap of its assessment).
 */

export const QUESTION_ANSWERS_ERROR_CODES = {
  /** 404: the framework is not one the account reads, or no version of it has the question. */
  notFound: 'questions.not_found',
} as const;

export const QuestionAnswersParamsSchema = z.object({
  frameworkId: IdSchema,
  questionKey: NodeKeySchema,
});

/** One client tenant's latest answer. */
export const ClientAnswerSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  assessmentId: z.string(),
  assessmentName: z.string(),
  assessmentStatus: z.enum(ASSESSMENT_STATUSES),
  /** The framework version the answer was given on. */
  version: z.number().int(),
  /** The answer as a person reads it ("Yes", "2 – Repeatable"); "Not applicable" for N/A. */
  answer: z.string(),
  na: z.boolean(),
  score: z.number().nullable(),
  /** A gap of its assessment: answered, scored, below its section's target (docs/scoring.md). */
  failing: z.boolean(),
  answeredBy: z.string(),
  answeredAt: z.string(),
  /** The tenant has an open remediation task on this question (any assessment of the framework). */
  openTask: z.boolean(),
});
export type ClientAnswer = z.infer<typeof ClientAnswerSchema>;

export const AnswerGroupSchema = z.object({
  /** The value as stored, as JSON ("na" for not applicable): stable across requests. */
  key: z.string(),
  label: z.string(),
  score: z.number().nullable(),
  count: z.number().int(),
  failing: z.number().int(),
  clients: z.array(ClientAnswerSchema),
});
export type AnswerGroup = z.infer<typeof AnswerGroupSchema>;

export const QuestionAnswersSchema = z.object({
  framework: z.object({ id: z.string(), name: z.string(), latestVersion: z.number().int() }),
  question: z.object({
    key: z.string(),
    title: z.string(),
    type: z.enum(QUESTION_TYPES),
    /** The newest version that has the question (its title and options label the answers). */
    version: z.number().int(),
  }),
  /** Lowest score first; not applicable and unscored answers last. */
  groups: z.array(AnswerGroupSchema),
  counts: z.object({
    /** Client tenants the caller reaches (active ones). */
    clients: z.number().int(),
    answered: z.number().int(),
    /** Clients with no answer to the question in any assessment of the framework. */
    notAnswered: z.number().int(),
    failing: z.number().int(),
    /** Failing clients with no open task on the question yet. */
    failingWithoutTask: z.number().int(),
  }),
  /** The caller may create tasks (`remediation.manage`). */
  canCreateTasks: z.boolean(),
});
export type QuestionAnswers = z.infer<typeof QuestionAnswersSchema>;

/** Who gets the tasks and when they are due: the same choices as "Create tasks for gaps". */
export const CreateQuestionTasksSchema = CreateGapTasksSchema;
export type CreateQuestionTasksInput = z.input<typeof CreateQuestionTasksSchema>;

export const QuestionTasksResultSchema = z.object({
  created: z.number().int(),
  /** Failing clients that already had an open task on the question. */
  skipped: z.number().int(),
  items: z.array(TaskSchema.extend({ tenantName: z.string() })),
});
export type QuestionTasksResult = z.infer<typeof QuestionTasksResultSchema>;
