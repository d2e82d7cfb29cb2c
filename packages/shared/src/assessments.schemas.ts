import { z } from 'zod';
import { LOCALES } from './i18n/locales.ts';
import { ClientBrandSchema } from './accounts.schemas.ts';
import { FrameworkDocumentSchema, NodeKeySchema } from './frameworks.schemas.ts';
import { CarriedSummarySchema } from './carried.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { storableDateTime, storableText } from './text.schemas.ts';

/**
 * Assessments (docs/assessments.md): one client tenant answering one pinned, published
 * framework version, by members, shared contributors and respondents without an account.
 * Scores follow the one model in scoring.ts and are kept up to date on every write.
 */

export const ASSESSMENT_STATUSES = ['draft', 'in_progress', 'completed', 'reopened'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export const ASSESSMENT_STATUS_LABELS: Record<AssessmentStatus, string> = {
  draft: 'Draft',
  in_progress: 'In progress',
  completed: 'Completed',
  reopened: 'Reopened',
};

/** Who gave an answer: a member of the account, a shared contributor, a respondent, a tool. */
export const ANSWER_SOURCES = ['member', 'shared', 'respondent', 'automation'] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];

export const ASSESSMENT_LIMITS = {
  name: 200,
  note: 5_000,
  text: 10_000,
  choices: 20,
  scopeItems: 100,
  respondentName: 200,
  respondentsPerAssessment: 500,
  /** Days a respondent link lasts when no expiry is given. */
  linkDaysDefault: 30,
  linkDaysMax: 365,
  idempotencyKey: 100,
  pageDefault: 25,
  pageMax: 100,
  historyMax: 100,
} as const;

export const ASSESSMENT_ERROR_CODES = {
  /** 404: no such assessment on this client tenant. */
  notFound: 'assessments.not_found',
  /** 404: no such question in this assessment's scope (or the respondent's). */
  questionNotFound: 'assessments.question_not_found',
  /** 404: no such section in this assessment's scope (or the respondent's part). */
  sectionNotFound: 'assessments.section_not_found',
  /** 404: no such published framework version in the content the account may use. */
  frameworkNotFound: 'assessments.framework_not_found',
  /** 400: the scope holds no question. */
  emptyScope: 'assessments.empty_scope',
  /** 400: the value does not fit the question (type, option, range); `fields.value` says why. */
  invalidAnswer: 'assessments.invalid_answer',
  /** 409: the status cannot go that way (e.g. complete a draft). */
  invalidTransition: 'assessments.invalid_transition',
  /** 409: the assessment is completed; answers are locked until it is reopened. */
  locked: 'assessments.locked',
  /**
   * 409: the write was based on an older revision of the answer (`baseRevision` or `If-Match`):
   * someone else changed it since; `details.current` is the answer as it is now (null: cleared).
   */
  answerConflict: 'assessments.answer_conflict',
  /** 404: no such respondent on this assessment. */
  respondentNotFound: 'assessments.respondent_not_found',
  /** 409: the assessment already has the most respondents it may have. */
  tooManyRespondents: 'assessments.too_many_respondents',
  /** 401: the respondent link is not a link of ours (or was replaced by a resend). */
  linkInvalid: 'respondent.link_invalid',
  /** 401: the respondent link has expired. */
  linkExpired: 'respondent.link_expired',
  /** 401: the respondent link was revoked by the assessor. */
  linkRevoked: 'respondent.link_revoked',
  /** 409: the respondent has submitted their part; answers can no longer change. */
  submitted: 'respondent.submitted',
  /** 400: carrying forward needs a published version newer than the pinned one. */
  notNewerVersion: 'assessments.not_newer_version',
  /** 404: no such carry-forward of this assessment. */
  carryForwardNotFound: 'assessments.carry_forward_not_found',
  /** 409: the carry-forward can no longer be undone (too old, answered since, a later one). */
  undoUnavailable: 'assessments.undo_unavailable',
  /**
   * 409: the respondent already got an e-mail today (at most one a day, UTC);
   * `details.nextAt` is when the next one may go.
   */
  reminderAlreadySent: 'assessments.reminder_already_sent',
  /** 409: the respondent asked not to get reminders for this assessment. */
  remindersStopped: 'assessments.reminders_stopped',
  /** 409: the respondent has submitted, or their link was revoked or has expired. */
  respondentNotPending: 'assessments.respondent_not_pending',
  /** 409: the next assessment starts from a completed one (docs/scheduling.md). */
  notCompleted: 'assessments.not_completed',
} as const;

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** `YYYY-MM-DD`, a calendar day (due dates). */
export const DayDateSchema = z.iso.date({ error: 'Use a date like 2026-12-31.' });

/**
 * An answer's value before it is checked against its question (scoring.ts `valueProblem`):
 * yes/partial/no or an option key (string), a maturity level or a number, option keys.
 */
export const AnswerValueSchema = z.union([
  storableText().max(ASSESSMENT_LIMITS.text, `at most ${ASSESSMENT_LIMITS.text} characters`),
  z.number({ error: 'must be a number' }).min(-1e12).max(1e12),
  z
    .array(storableText().max(100))
    .max(ASSESSMENT_LIMITS.choices, `at most ${ASSESSMENT_LIMITS.choices} options`),
]);

const note = storableText().max(
  ASSESSMENT_LIMITS.note,
  `A note has at most ${ASSESSMENT_LIMITS.note} characters.`,
);

export const IdempotencyKeySchema = storableText()
  .min(8, 'An idempotency key has at least 8 characters.')
  .max(ASSESSMENT_LIMITS.idempotencyKey);

/**
 * One answer as given. `value: null` with `na: false` clears the answer. `answeredAt` is when
 * the person gave it (a queued write replayed later keeps its time): a write older than the
 * stored answer does not replace it.
 */
export const AnswerInputSchema = z.object({
  value: AnswerValueSchema.nullable().default(null),
  na: z.boolean().default(false),
  note: note.default(''),
  idempotencyKey: IdempotencyKeySchema.optional(),
  answeredAt: storableDateTime().optional(),
  /**
   * The revision of the answer this write was based on (0: there was no answer). When the
   * stored answer has another revision, someone else changed it since: 409
   * `assessments.answer_conflict` with the answer as it is now, and nothing is written.
   * Without it, the newer write wins (by `answeredAt`).
   */
  baseRevision: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type AnswerInput = z.input<typeof AnswerInputSchema>;

/** A respondent's write: always keyed, numbered and timed by the page (docs/assessments.md). */
export const RespondentAnswerInputSchema = AnswerInputSchema.extend({
  idempotencyKey: IdempotencyKeySchema,
  /** Increases with every answer the respondent gives on one device (starts at 1). */
  seq: z.number().int().min(1).max(2_147_483_647),
  answeredAt: storableDateTime(),
});
export type RespondentAnswerInput = z.input<typeof RespondentAnswerInputSchema>;

export const AnsweredBySchema = z.object({
  source: z.enum(ANSWER_SOURCES),
  /** Display name (a member's or shared user's name or e-mail, a respondent's name, a tool). */
  name: z.string(),
  userId: z.string().nullable(),
  respondentId: z.string().nullable(),
});
export type AnsweredBy = z.infer<typeof AnsweredBySchema>;

export const AnswerSchema = z.object({
  questionKey: z.string(),
  value: z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
  na: z.boolean(),
  note: z.string(),
  /** The question's score in [0, 1]; null when unanswered, N/A or not scored. */
  score: z.number().nullable(),
  answeredBy: AnsweredBySchema,
  answeredAt: z.string(),
  /**
   * Grows with every change of this question's answer, a clear and a new answer after it too
   * (1 for the first): what a write names as its `baseRevision`.
   */
  revision: z.number().int(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const AnswerHistoryEntrySchema = z.object({
  value: AnswerSchema.shape.value,
  na: z.boolean(),
  note: z.string(),
  answeredBy: AnsweredBySchema,
  answeredAt: z.string(),
  /** When it was replaced. */
  replacedAt: z.string(),
});
export const AnswerHistorySchema = z.object({
  questionKey: z.string(),
  current: AnswerSchema.nullable(),
  /** Earlier values, newest first. */
  entries: z.array(AnswerHistoryEntrySchema),
});
export type AnswerHistory = z.infer<typeof AnswerHistorySchema>;

// ---------------------------------------------------------------------------------------------
// Progress (scores kept on write)
// ---------------------------------------------------------------------------------------------

export const SectionProgressSchema = z.object({
  score: z.number().nullable(),
  target: z.number().nullable(),
  gap: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
});
export type SectionProgress = z.infer<typeof SectionProgressSchema>;

export const AssessmentProgressSchema = z.object({
  /** Overall score in [0, 1], null when no question has a score yet. */
  score: z.number().nullable(),
  /** answered ÷ total; null when nothing is in scope. */
  completion: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  /** Per section key (every section in scope, nested ones too). */
  sections: z.record(z.string(), SectionProgressSchema),
  /** Question keys that are gaps (answered, scored, below their section's target). */
  gaps: z.array(z.string()),
});
export type AssessmentProgress = z.infer<typeof AssessmentProgressSchema>;

/** Says whether the score beside it is provisional (docs/scoring.md, "Provisional scores"). */
const provisional = z
  .boolean()
  .describe(
    'The scores are provisional: the assessment is not completed (draft, in progress or reopened), so they may still change and cover only the questions answered so far (see completion). False once completed.',
  );

/**
 * Progress as the API returns it: the scores kept on write, and whether they are provisional
 * (computed when serialising, from the assessment's status; never stored).
 */
export const ProgressViewSchema = AssessmentProgressSchema.extend({ provisional });
export type ProgressView = z.infer<typeof ProgressViewSchema>;

/** What a write did: applied, already applied (same idempotency key), or older than the answer. */
export const WRITE_OUTCOMES = ['applied', 'duplicate', 'superseded'] as const;
export type WriteOutcome = (typeof WRITE_OUTCOMES)[number];

export const AnswerWriteResultSchema = z.object({
  outcome: z.enum(WRITE_OUTCOMES),
  /** The answer as stored now (null when cleared). */
  answer: AnswerSchema.nullable(),
  progress: ProgressViewSchema,
});
export type AnswerWriteResult = z.infer<typeof AnswerWriteResultSchema>;

// ---------------------------------------------------------------------------------------------
// Assessments
// ---------------------------------------------------------------------------------------------

export const AssessmentScopeSchema = z.object({
  /** Top-level or nested section keys; every question under them is in scope. Null: all. */
  sections: z
    .array(NodeKeySchema)
    .min(1, 'Pick at least one section, or leave sections out for all.')
    .max(ASSESSMENT_LIMITS.scopeItems)
    .nullable()
    .default(null),
  /** Only questions carrying at least one of these tags (e.g. `ig1`). Null: any. */
  tags: z
    .array(storableText().trim().toLowerCase().min(1).max(40))
    .min(1, 'Pick at least one tag, or leave tags out for any.')
    .max(ASSESSMENT_LIMITS.scopeItems)
    .nullable()
    .default(null),
});
export type AssessmentScope = z.infer<typeof AssessmentScopeSchema>;

/** Targets per top-level section key, in [0, 1]; null removes the target. */
export const TargetsSchema = z
  .record(
    NodeKeySchema,
    z.number({ error: 'must be a number' }).min(0, 'must be ≥ 0').max(1, 'must be ≤ 1').nullable(),
  )
  .refine((r) => Object.keys(r).length <= ASSESSMENT_LIMITS.scopeItems, {
    error: `at most ${ASSESSMENT_LIMITS.scopeItems} targets`,
  });

export const AssessmentLanguageSchema = z.enum(LOCALES, {
  error: `Choose one of the languages: ${LOCALES.join(', ')}.`,
});

const assessmentName = storableText()
  .trim()
  .min(1, 'Give the assessment a name.')
  .max(ASSESSMENT_LIMITS.name, `A name has at most ${ASSESSMENT_LIMITS.name} characters.`);

export const CreateAssessmentSchema = z.object({
  frameworkId: IdSchema,
  /** A published version of that framework; pinned for the assessment's life. */
  version: z.number().int().min(1).max(1_000_000),
  name: assessmentName,
  /** A member of the account; the creator when left out. */
  ownerId: IdSchema.optional(),
  dueDate: DayDateSchema.nullable().default(null),
  /** The language of its client-facing side (respondent page, e-mails); null: each person's own. */
  language: AssessmentLanguageSchema.nullable().default(null),
  scope: AssessmentScopeSchema.default({ sections: null, tags: null }),
  /** Overrides of the framework's default targets. */
  targets: TargetsSchema.default({}),
});
export type CreateAssessment = z.input<typeof CreateAssessmentSchema>;

export const UpdateAssessmentSchema = z
  .object({
    name: assessmentName,
    ownerId: IdSchema,
    dueDate: DayDateSchema.nullable(),
    language: AssessmentLanguageSchema.nullable(),
    targets: TargetsSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: 'Send at least one field to change.' });
export type UpdateAssessment = z.infer<typeof UpdateAssessmentSchema>;

export const AssessmentParamsSchema = z.object({ tenantId: IdSchema, assessmentId: IdSchema });
export const AnswerParamsSchema = AssessmentParamsSchema.extend({ questionKey: NodeKeySchema });
export const RespondentParamsSchema = AssessmentParamsSchema.extend({ respondentId: IdSchema });

export const ASSESSMENT_LIST_STATUSES = ['open', 'completed', 'all'] as const;
export const AssessmentListQuerySchema = z.object({
  /** `open`: draft, in progress or reopened. */
  status: z.enum(ASSESSMENT_LIST_STATUSES).default('all'),
  cursor: storableText().min(1).max(500).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ASSESSMENT_LIMITS.pageMax)
    .default(ASSESSMENT_LIMITS.pageDefault),
});
export type AssessmentListQuery = z.infer<typeof AssessmentListQuerySchema>;

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const AssessmentSummarySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  framework: z.object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    version: z.number().int(),
  }),
  owner: person,
  dueDate: z.string().nullable(),
  language: z.enum(LOCALES).nullable(),
  score: z.number().nullable(),
  completion: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  provisional,
  respondents: z.object({ total: z.number().int(), submitted: z.number().int() }),
  lastAnswer: z
    .object({ at: z.string(), by: z.string(), source: z.enum(ANSWER_SOURCES) })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AssessmentSummary = z.infer<typeof AssessmentSummarySchema>;

export const AssessmentPageSchema = z.object({
  items: z.array(AssessmentSummarySchema),
  nextCursor: z.string().nullable(),
});
export type AssessmentPage = z.infer<typeof AssessmentPageSchema>;

export const StatusChangeSchema = z.object({
  status: z.enum(ASSESSMENT_STATUSES),
  at: z.string(),
  by: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Carrying an assessment forward to a newer framework version (docs/assessments.md)
// ---------------------------------------------------------------------------------------------

/** How long a carry-forward can be undone (and only while nobody has answered since). */
export const CARRY_FORWARD_UNDO_HOURS = 72;

export const CarryForwardQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'must be a version number' })
    .int('must be a whole number')
    .min(1, 'must be a version number'),
});
export const CarryForwardInputSchema = z.object({
  version: z.number({ error: 'must be a version number' }).int('must be a whole number').min(1),
});
export const CarryForwardParamsSchema = AssessmentParamsSchema.extend({
  carryForwardId: IdSchema,
});
export const ReviewParamsSchema = AssessmentParamsSchema.extend({ questionKey: NodeKeySchema });

/** What happens to one question: carried as is, carried for review, set aside, or new. */
export const CARRY_OUTCOMES = ['review', 'set_aside', 'added'] as const;
export type CarryOutcome = (typeof CARRY_OUTCOMES)[number];

export const CarriedQuestionSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Whether this assessment has an answer to it now. */
  answered: z.boolean(),
  /** `review`: carried, to be checked; `set_aside`: kept in the record, out of the assessment (the question was removed, or the answer no longer fits it); `added`: new, unanswered. */
  outcome: z.enum(CARRY_OUTCOMES),
  /** For a changed question, the fields that changed (see the framework diff). */
  fields: z.array(z.string()),
});
export type CarriedQuestion = z.infer<typeof CarriedQuestionSchema>;

export const CarryForwardPreviewSchema = z.object({
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  /** Release notes of the target version. */
  releaseNotes: z.string(),
  added: z.array(CarriedQuestionSchema),
  removed: z.array(CarriedQuestionSchema),
  changed: z.array(CarriedQuestionSchema),
  /** Answers carried over unchanged, carried for review, and set aside. */
  counts: z.object({
    carried: z.number().int(),
    review: z.number().int(),
    setAside: z.number().int(),
    added: z.number().int(),
  }),
});
export type CarryForwardPreview = z.infer<typeof CarryForwardPreviewSchema>;

export const CarryForwardSummarySchema = z.object({
  id: z.string(),
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  at: z.string(),
  by: z.string().nullable(),
  /** Until when it may be undone (if nobody answers before). */
  undoUntil: z.string(),
  /** Whether it can be undone now. */
  canUndo: z.boolean(),
  /** Why it cannot be undone now (null when it can). */
  undoBlockedBy: z.string().nullable(),
  counts: CarryForwardPreviewSchema.shape.counts,
});
export type CarryForwardSummary = z.infer<typeof CarryForwardSummarySchema>;

/** An answer set aside by a carry-forward: kept in its record, never deleted. */
export const SetAsideAnswerSchema = z.object({
  questionKey: z.string(),
  questionTitle: z.string(),
  value: z.unknown(),
  na: z.boolean(),
  note: z.string(),
  answeredBy: z.string(),
  answeredAt: z.string(),
});

export const CarryForwardRecordSchema = CarryForwardSummarySchema.extend({
  undoneAt: z.string().nullable(),
  preview: CarryForwardPreviewSchema,
  setAside: z.array(SetAsideAnswerSchema),
});
export type CarryForwardRecord = z.infer<typeof CarryForwardRecordSchema>;

export const CarryForwardListSchema = z.object({ items: z.array(CarryForwardRecordSchema) });

export const AssessmentDetailSchema = AssessmentSummarySchema.extend({
  scope: AssessmentScopeSchema,
  /** Targets in force per top-level section (the framework's defaults with the overrides). */
  targets: z.record(z.string(), z.number().nullable()),
  /** The pinned version's document, cut down to the questions in scope. */
  document: FrameworkDocumentSchema,
  progress: ProgressViewSchema,
  answers: z.array(AnswerSchema),
  statusHistory: z.array(StatusChangeSchema),
  /** What the caller may do (the server checks again). */
  can: z.object({ answer: z.boolean(), manage: z.boolean(), delete: z.boolean() }),
  /** Question keys to review after a carry-forward (their question changed). */
  review: z.array(z.string()),
  /** Whether it is the client tenant's baseline (docs/baseline.md). */
  isBaseline: z.boolean(),
  /** The newest published version of the framework when it is newer than the pinned one. */
  newerVersion: z.number().int().nullable(),
  /** The latest carry-forward of this assessment that was not undone, if any. */
  carryForward: CarryForwardSummarySchema.nullable(),
  /** Last period's answers carried into it, to confirm or change (empty when none). */
  carried: CarriedSummarySchema,
  /** The assessment it was started from and the schedule that started it (docs/scheduling.md). */
  origin: z.object({
    previous: z.object({ id: z.string(), name: z.string() }).nullable(),
    schedule: z.object({ id: z.string(), cadence: z.string() }).nullable(),
  }),
});
export type AssessmentDetail = z.infer<typeof AssessmentDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Respondents
// ---------------------------------------------------------------------------------------------

export const RESPONDENT_STATUSES = [
  'invited',
  'answering',
  'submitted',
  'expired',
  'revoked',
] as const;
export type RespondentStatus = (typeof RESPONDENT_STATUSES)[number];

export const CreateRespondentSchema = z.object({
  name: storableText()
    .trim()
    .min(1, 'Give the respondent’s name.')
    .max(ASSESSMENT_LIMITS.respondentName),
  email: z.email('Enter a valid e-mail address.').max(254).toLowerCase(),
  /** Section keys of the assessment this respondent answers; null: the whole assessment. */
  sections: z
    .array(NodeKeySchema)
    .min(1)
    .max(ASSESSMENT_LIMITS.scopeItems)
    .nullable()
    .default(null),
  /** When the link stops working; 30 days from now when left out. */
  expiresAt: storableDateTime().optional(),
  /** E-mail the link (default); false only shows it. */
  sendEmail: z.boolean().default(true),
});
export type CreateRespondent = z.input<typeof CreateRespondentSchema>;

/**
 * The e-mails a respondent gets (docs/assessments.md, "Reminders"): the invitation (or a new
 * link), a reminder some days before the due date, a nudge after days without an answer, a
 * last call on the due date, and one an assessor sent now. At most one a day.
 */
export const RESPONDENT_MAIL_KINDS = [
  'invitation',
  'reminder',
  'nudge',
  'last_call',
  'manual',
] as const;
export type RespondentMailKind = (typeof RESPONDENT_MAIL_KINDS)[number];

export const RespondentMailSchema = z.object({
  kind: z.enum(RESPONDENT_MAIL_KINDS),
  /** The UTC day it went out (at most one a day). */
  day: z.string(),
  sentAt: z.string(),
  /** The member who sent it now (`manual`, `invitation`); null: sent by the schedule. */
  sentBy: z.string().nullable(),
});
export type RespondentMail = z.infer<typeof RespondentMailSchema>;

export const RespondentSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  sections: z.array(z.string()).nullable(),
  status: z.enum(RESPONDENT_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Questions this respondent answered (their answer is the current one). */
  answered: z.number().int(),
  /** Questions in this respondent's part. */
  total: z.number().int(),
  /** When the respondent stopped reminders for this assessment (from an e-mail); null: not. */
  remindersStoppedAt: z.string().nullable(),
  /** The e-mails that went to them (invitation, reminders), newest first, the last 20. */
  reminders: z.array(RespondentMailSchema),
});
export type Respondent = z.infer<typeof RespondentSchema>;

export const RespondentListSchema = z.object({ items: z.array(RespondentSchema) });

/** Shown once: the link carries the only copy of the token (the server keeps a hash). */
export const RespondentLinkSchema = z.object({
  respondent: RespondentSchema,
  link: z.string(),
  emailed: z.boolean(),
});
export type RespondentLink = z.infer<typeof RespondentLinkSchema>;

export const ResendRespondentSchema = z.object({
  /** A new expiry; the current one (or 30 days when it has passed) when left out. */
  expiresAt: storableDateTime().optional(),
  sendEmail: z.boolean().default(true),
});

// ---------------------------------------------------------------------------------------------
// The respondent page (/in-progress/{tid}/{ttid}?token=…): authority is the token alone
// ---------------------------------------------------------------------------------------------

/** The header that carries a respondent's token on `/api/v1/respond/*`. */
export const RESPONDENT_TOKEN_HEADER = 'x-respondent-token';
export const RespondentTokenSchema = storableText().min(20).max(200);

/**
 * Failed respondent link look-ups (`respondent.link_invalid`: a token missing, malformed or
 * naming no link) allowed per client address in `windowSeconds`, counted across every server
 * process; past it, 429 `common.rate_limited` with Retry-After. A valid token is never counted
 * nor refused by it, so a respondent is not held back by someone else's guesses.
 */
export const RESPONDENT_LINK_FAILURE_LIMIT = { windowSeconds: 60, max: 30 } as const;

export const RespondentAnswerSchema = AnswerSchema.pick({
  questionKey: true,
  value: true,
  na: true,
  note: true,
  answeredAt: true,
}).extend({
  /** Given by this respondent (else by the assessor's team or another respondent). */
  mine: z.boolean(),
});
export type RespondentAnswer = z.infer<typeof RespondentAnswerSchema>;

/**
 * The language a respondent chose with the page's switcher (PUT /respond/locale): kept as their
 * last known locale, the language of their e-mails when the assessment has none.
 */
export const RespondentLocaleInputSchema = z.object({ locale: AssessmentLanguageSchema });
export type RespondentLocaleInput = z.infer<typeof RespondentLocaleInputSchema>;

export const RespondentSessionSchema = z.object({
  accountId: z.string(),
  tenantId: z.string(),
  accountName: z.string(),
  tenantName: z.string(),
  /** The provider's brand (docs/branding.md): its name, colour and logo on this page. */
  brand: ClientBrandSchema,
  assessment: z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(ASSESSMENT_STATUSES),
    dueDate: z.string().nullable(),
    /** Set on the assessment: the page opens in it (the person's own choice still wins). */
    language: z.enum(LOCALES).nullable(),
    frameworkName: z.string(),
  }),
  respondent: z.object({
    id: z.string(),
    name: z.string(),
    expiresAt: z.string(),
    submittedAt: z.string().nullable(),
  }),
  /** The questions this respondent answers: the assessment's scope cut to their sections. */
  document: FrameworkDocumentSchema,
  answers: z.array(RespondentAnswerSchema),
  /** Last period's answers carried into the respondent's part, to confirm or change. */
  carried: CarriedSummarySchema,
  /** The highest sequence number the server has seen from this respondent. */
  lastSeq: z.number().int(),
});
export type RespondentSession = z.infer<typeof RespondentSessionSchema>;

export const RespondentWriteResultSchema = z.object({
  outcome: z.enum(WRITE_OUTCOMES),
  answer: RespondentAnswerSchema.nullable(),
  answered: z.number().int(),
  total: z.number().int(),
});
export type RespondentWriteResult = z.infer<typeof RespondentWriteResultSchema>;

export const RespondentAnswerParamsSchema = z.object({ questionKey: NodeKeySchema });

// ---------------------------------------------------------------------------------------------
// Live progress (Server-Sent Events)
// ---------------------------------------------------------------------------------------------

export const LIVE_EVENT_KINDS = ['answer', 'status', 'respondent', 'updated', 'deleted'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** The data of one SSE event: ids only; the client re-reads what changed. */
export const LiveEventSchema = z.object({
  assessmentId: z.string(),
  kinds: z.array(z.enum(LIVE_EVENT_KINDS)),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;
