import type {
  AccountExportStatus,
  ApiKeyScope,
  AssessmentStatus,
  EvidenceState,
  FeedbackRating,
  LeftOutReason,
  PlanFeature,
  PlanLimitKey,
  QuestionType,
  RoadmapStatus,
  RoadmapView,
  ScheduleCadence,
  ScreenName,
  StepEffort,
  SubscriptionStatus,
  SupportCategory,
  SupportPriority,
  SupportStatus,
  TaskPriority,
  TaskStatus,
  Trend,
  WebhookDeliveryStatus,
  WebhookEventType,
} from '@tenantry/shared';
import { t } from './messages.ts';

/**
 * The shared package's label tables (TASK_STATUS_LABELS, SCREEN_TITLES, …) are English for the
 * server (CSV, PDF, e-mails, OpenAPI); the main app shows them through these functions, in the
 * language chosen at boot (docs/languages.md, "The main app"). Call them while rendering, never
 * at a module's top level. Each map keeps its keys literal, so the catalogue test sees them used.
 */

const TASK_STATUS_LABEL = {
  todo: 'label.taskStatus.todo',
  in_progress: 'label.taskStatus.in_progress',
  done: 'label.taskStatus.done',
  risk_accepted: 'label.taskStatus.risk_accepted',
} as const satisfies Record<TaskStatus, string>;
/** A remediation task’s status. */
export const taskStatusLabel = (status: TaskStatus): string => t(TASK_STATUS_LABEL[status]);

const TASK_PRIORITY_LABEL = {
  low: 'label.taskPriority.low',
  medium: 'label.taskPriority.medium',
  high: 'label.taskPriority.high',
  critical: 'label.taskPriority.critical',
} as const satisfies Record<TaskPriority, string>;
/** A remediation task’s priority. */
export const taskPriorityLabel = (priority: TaskPriority): string =>
  t(TASK_PRIORITY_LABEL[priority]);

const ASSESSMENT_STATUS_LABEL = {
  draft: 'label.assessmentStatus.draft',
  in_progress: 'label.assessmentStatus.in_progress',
  completed: 'label.assessmentStatus.completed',
  reopened: 'label.assessmentStatus.reopened',
} as const satisfies Record<AssessmentStatus, string>;
/** An assessment’s status. */
export const assessmentStatusLabel = (status: AssessmentStatus): string =>
  t(ASSESSMENT_STATUS_LABEL[status]);

const QUESTION_TYPE_LABEL = {
  yes_no: 'label.questionType.yes_no',
  maturity: 'label.questionType.maturity',
  single_choice: 'label.questionType.single_choice',
  multiple_choice: 'label.questionType.multiple_choice',
  number: 'label.questionType.number',
  // i18n-ignore: a key (the type's value is "text")
  text: 'label.questionType.text',
} as const satisfies Record<QuestionType, string>;
/** A question’s type. */
export const questionTypeLabel = (type: QuestionType): string => t(QUESTION_TYPE_LABEL[type]);

const SUPPORT_CATEGORY_LABEL = {
  question: 'label.supportCategory.question',
  problem: 'label.supportCategory.problem',
  billing: 'label.supportCategory.billing',
  feature: 'label.supportCategory.feature',
} as const satisfies Record<SupportCategory, string>;
/** A support ticket’s category. */
export const supportCategoryLabel = (category: SupportCategory): string =>
  t(SUPPORT_CATEGORY_LABEL[category]);

const SUPPORT_PRIORITY_LABEL = {
  low: 'label.supportPriority.low',
  normal: 'label.supportPriority.normal',
  high: 'label.supportPriority.high',
  urgent: 'label.supportPriority.urgent',
} as const satisfies Record<SupportPriority, string>;
/** A support ticket’s priority. */
export const supportPriorityLabel = (priority: SupportPriority): string =>
  t(SUPPORT_PRIORITY_LABEL[priority]);

const SUPPORT_STATUS_LABEL = {
  open: 'label.supportStatus.open',
  waiting: 'label.supportStatus.waiting',
  resolved: 'label.supportStatus.resolved',
  closed: 'label.supportStatus.closed',
} as const satisfies Record<SupportStatus, string>;
/** A support ticket’s status, as staff see it. */
export const supportStatusLabel = (status: SupportStatus): string =>
  t(SUPPORT_STATUS_LABEL[status]);

const ROADMAP_STATUS_LABEL = {
  under_review: 'label.roadmapStatus.under_review',
  planned: 'label.roadmapStatus.planned',
  in_progress: 'label.roadmapStatus.in_progress',
  done: 'label.roadmapStatus.done',
  declined: 'label.roadmapStatus.declined',
} as const satisfies Record<RoadmapStatus, string>;
/** A roadmap item’s status. */
export const roadmapStatusLabel = (status: RoadmapStatus): string =>
  t(ROADMAP_STATUS_LABEL[status]);

const ROADMAP_VIEW_LABEL = {
  trending: 'label.roadmapView.trending',
  top: 'label.roadmapView.top',
  new: 'label.roadmapView.new',
  board: 'label.roadmapView.board',
} as const satisfies Record<RoadmapView, string>;
/** A view of the roadmap. */
export const roadmapViewLabel = (view: RoadmapView): string => t(ROADMAP_VIEW_LABEL[view]);

const TREND_LABEL = {
  improved: 'label.trend.improved',
  regressed: 'label.trend.regressed',
  unchanged: 'label.trend.unchanged',
  added: 'label.trend.added',
  removed: 'label.trend.removed',
  unscored: 'label.trend.unscored',
} as const satisfies Record<Trend, string>;
/** How a section moved since the baseline. */
export const trendLabel = (trend: Trend): string => t(TREND_LABEL[trend]);

const LEFT_OUT_LABEL = {
  no_score_baseline: 'label.leftOut.no_score_baseline',
  no_score_latest: 'label.leftOut.no_score_latest',
  added: 'label.leftOut.added',
  removed: 'label.leftOut.removed',
} as const satisfies Record<LeftOutReason, string>;
/** Why a section is left out of a comparison with the baseline (lower case). */
export const leftOutLabel = (reason: LeftOutReason): string => t(LEFT_OUT_LABEL[reason]);

const FEEDBACK_RATING_LABEL = {
  '1': 'label.feedbackRating.1',
  '2': 'label.feedbackRating.2',
  '3': 'label.feedbackRating.3',
  '4': 'label.feedbackRating.4',
  '5': 'label.feedbackRating.5',
} as const satisfies Record<FeedbackRating, string>;
/** A feedback rating, 1 to 5. */
export const feedbackRatingLabel = (rating: FeedbackRating): string =>
  t(FEEDBACK_RATING_LABEL[rating]);

const EVIDENCE_STATE_LABEL = {
  current: 'label.evidenceState.current',
  expiring: 'label.evidenceState.expiring',
  expired: 'label.evidenceState.expired',
} as const satisfies Record<EvidenceState, string>;
/** Where an evidence file stands (current, expiring, expired). */
export const evidenceStateLabel = (state: EvidenceState): string => t(EVIDENCE_STATE_LABEL[state]);

const PLAN_LIMIT_LABEL = {
  seats: 'label.planLimit.seats',
  tenants: 'label.planLimit.tenants',
  activeAssessments: 'label.planLimit.activeAssessments',
  respondentsPerAssessment: 'label.planLimit.respondentsPerAssessment',
} as const satisfies Record<PlanLimitKey, string>;
/** A plan’s limit. */
export const planLimitLabel = (limit: PlanLimitKey): string => t(PLAN_LIMIT_LABEL[limit]);

const PLAN_FEATURE_LABEL = {
  sharing: 'label.planFeature.sharing',
  privateContent: 'label.planFeature.privateContent',
  api: 'label.planFeature.api',
  brandedReports: 'label.planFeature.brandedReports',
  sso: 'label.planFeature.sso',
} as const satisfies Record<PlanFeature, string>;
/** A plan’s feature. */
export const planFeatureLabel = (feature: PlanFeature): string => t(PLAN_FEATURE_LABEL[feature]);

const SCHEDULE_CADENCE_LABEL = {
  monthly: 'label.scheduleCadence.monthly',
  quarterly: 'label.scheduleCadence.quarterly',
  half_yearly: 'label.scheduleCadence.half_yearly',
  yearly: 'label.scheduleCadence.yearly',
  every_n_months: 'label.scheduleCadence.every_n_months',
} as const satisfies Record<ScheduleCadence, string>;
/** How often a schedule starts an assessment. */
export const scheduleCadenceLabel = (cadence: ScheduleCadence): string =>
  t(SCHEDULE_CADENCE_LABEL[cadence]);

const WEBHOOK_DELIVERY_STATUS_LABEL = {
  pending: 'label.webhookDeliveryStatus.pending',
  succeeded: 'label.webhookDeliveryStatus.succeeded',
  failed: 'label.webhookDeliveryStatus.failed',
} as const satisfies Record<WebhookDeliveryStatus, string>;
/** A webhook delivery’s status. */
export const webhookDeliveryStatusLabel = (status: WebhookDeliveryStatus): string =>
  t(WEBHOOK_DELIVERY_STATUS_LABEL[status]);

const ACCOUNT_EXPORT_STATUS_LABEL = {
  queued: 'label.accountExportStatus.queued',
  running: 'label.accountExportStatus.running',
  done: 'label.accountExportStatus.done',
  failed: 'label.accountExportStatus.failed',
} as const satisfies Record<AccountExportStatus, string>;
/** An account export’s status. */
export const accountExportStatusLabel = (status: AccountExportStatus): string =>
  t(ACCOUNT_EXPORT_STATUS_LABEL[status]);

const SUBSCRIPTION_STATUS_LABEL = {
  trialing: 'label.subscriptionStatus.trialing',
  active: 'label.subscriptionStatus.active',
  past_due: 'label.subscriptionStatus.past_due',
  canceled: 'label.subscriptionStatus.canceled',
} as const satisfies Record<SubscriptionStatus, string>;
/** A subscription’s status. */
export const subscriptionStatusLabel = (status: SubscriptionStatus): string =>
  t(SUBSCRIPTION_STATUS_LABEL[status]);

const STEP_EFFORT_LABEL = {
  S: 'label.stepEffort.S',
  M: 'label.stepEffort.M',
  L: 'label.stepEffort.L',
} as const satisfies Record<StepEffort, string>;
/** A playbook step’s effort. */
export const stepEffortLabel = (effort: StepEffort): string => t(STEP_EFFORT_LABEL[effort]);

const API_KEY_SCOPE_LABEL = {
  'tenants:read': 'label.apiKeyScope.tenantsRead',
  'assessments:read': 'label.apiKeyScope.assessmentsRead',
  'answers:write': 'label.apiKeyScope.answersWrite',
  'webhooks:manage': 'label.apiKeyScope.webhooksManage',
} as const satisfies Record<ApiKeyScope, string>;
/** An API key scope’s name. */
export const apiKeyScopeLabel = (scope: ApiKeyScope): string => t(API_KEY_SCOPE_LABEL[scope]);

const API_KEY_SCOPE_DESCRIPTION = {
  'tenants:read': 'label.apiKeyScopeDescription.tenantsRead',
  'assessments:read': 'label.apiKeyScopeDescription.assessmentsRead',
  'answers:write': 'label.apiKeyScopeDescription.answersWrite',
  'webhooks:manage': 'label.apiKeyScopeDescription.webhooksManage',
} as const satisfies Record<ApiKeyScope, string>;
/** What an API key scope allows. */
export const apiKeyScopeDescription = (scope: ApiKeyScope): string =>
  t(API_KEY_SCOPE_DESCRIPTION[scope]);

const WEBHOOK_EVENT_LABEL = {
  'assessment.completed': 'label.webhookEvent.assessmentCompleted',
  'assessment.answer_added': 'label.webhookEvent.assessmentAnswerAdded',
  'respondent.submitted': 'label.webhookEvent.respondentSubmitted',
  'task.created': 'label.webhookEvent.taskCreated',
  'task.status_changed': 'label.webhookEvent.taskStatusChanged',
  'baseline.changed': 'label.webhookEvent.baselineChanged',
} as const satisfies Record<WebhookEventType, string>;
/** A webhook event’s name. */
export const webhookEventLabel = (type: WebhookEventType): string => t(WEBHOOK_EVENT_LABEL[type]);

const WEBHOOK_EVENT_DESCRIPTION = {
  'assessment.completed': 'label.webhookEventDescription.assessmentCompleted',
  'assessment.answer_added': 'label.webhookEventDescription.assessmentAnswerAdded',
  'respondent.submitted': 'label.webhookEventDescription.respondentSubmitted',
  'task.created': 'label.webhookEventDescription.taskCreated',
  'task.status_changed': 'label.webhookEventDescription.taskStatusChanged',
  'baseline.changed': 'label.webhookEventDescription.baselineChanged',
} as const satisfies Record<WebhookEventType, string>;
/** When a webhook event is sent. */
export const webhookEventDescription = (type: WebhookEventType): string =>
  t(WEBHOOK_EVENT_DESCRIPTION[type]);

const SCREEN_TITLE = {
  welcome: 'label.screen.welcome',
  explore: 'label.screen.explore',
  tenantList: 'label.screen.tenantList',
  tenant: 'label.screen.tenant',
  baselineView: 'label.screen.baselineView',
  assessmentResults: 'label.screen.assessmentResults',
  acrossClients: 'label.screen.acrossClients',
  admin: 'label.screen.admin',
  support: 'label.screen.support',
  roadmap: 'label.screen.roadmap',
  developer: 'label.screen.developer',
  contentAdmin: 'label.screen.contentAdmin',
  service: 'label.screen.service',
  upgradeSuccess: 'label.screen.upgradeSuccess',
  downgradeSuccess: 'label.screen.downgradeSuccess',
  checkoutSuccess: 'label.screen.checkoutSuccess',
  checkoutCancel: 'label.screen.checkoutCancel',
  assessmentLanding: 'label.screen.assessmentLanding',
  signin: 'label.screen.signin',
  sharedSignin: 'label.screen.sharedSignin',
  signup: 'label.screen.signup',
  forgotPassword: 'label.screen.forgotPassword',
  resetPassword: 'label.screen.resetPassword',
  verifyEmail: 'label.screen.verifyEmail',
  invitation: 'label.screen.invitation',
  signout: 'label.screen.signout',
  notFound: 'label.screen.notFound',
} as const satisfies Record<ScreenName, string>;
/** A screen’s title, as its heading shows it (analytics and the document title keep the English SCREEN_TITLES). */
export const screenTitle = (screen: ScreenName): string => t(SCREEN_TITLE[screen]);

/** The plans' storage quota, beside their limits. */
export const planStorageLabel = (): string => t('label.planStorage');

/** What kinds of evidence files are accepted (the picker's hint, the 415 message). */
export const evidenceTypesLabel = (): string => t('label.evidenceTypes');
