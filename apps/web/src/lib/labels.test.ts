import {
  ACCOUNT_EXPORT_STATUS_LABELS,
  API_KEY_SCOPE_INFO,
  ASSESSMENT_STATUS_LABELS,
  EVIDENCE_STATE_LABELS,
  EVIDENCE_TYPES_LABEL,
  FEEDBACK_RATING_LABELS,
  LEFT_OUT_LABELS,
  PLAN_FEATURE_LABELS,
  PLAN_LIMIT_LABELS,
  PLAN_STORAGE_LABEL,
  QUESTION_TYPE_LABELS,
  ROADMAP_STATUS_LABELS,
  ROADMAP_VIEW_LABELS,
  SCHEDULE_CADENCE_LABELS,
  SCREEN_TITLES,
  STEP_EFFORT_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STATUS_LABELS,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TREND_LABELS,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_INFO,
} from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import * as labels from './labels.ts';

/** In English, the main app's labels are the shared package's, character for character. */
const tables: [string, Record<string, string>, (value: never) => string][] = [
  ['TASK_STATUS_LABELS', TASK_STATUS_LABELS, labels.taskStatusLabel],
  ['TASK_PRIORITY_LABELS', TASK_PRIORITY_LABELS, labels.taskPriorityLabel],
  ['ASSESSMENT_STATUS_LABELS', ASSESSMENT_STATUS_LABELS, labels.assessmentStatusLabel],
  ['QUESTION_TYPE_LABELS', QUESTION_TYPE_LABELS, labels.questionTypeLabel],
  ['SUPPORT_CATEGORY_LABELS', SUPPORT_CATEGORY_LABELS, labels.supportCategoryLabel],
  ['SUPPORT_PRIORITY_LABELS', SUPPORT_PRIORITY_LABELS, labels.supportPriorityLabel],
  ['SUPPORT_STATUS_LABELS', SUPPORT_STATUS_LABELS, labels.supportStatusLabel],
  ['ROADMAP_STATUS_LABELS', ROADMAP_STATUS_LABELS, labels.roadmapStatusLabel],
  ['ROADMAP_VIEW_LABELS', ROADMAP_VIEW_LABELS, labels.roadmapViewLabel],
  ['TREND_LABELS', TREND_LABELS, labels.trendLabel],
  ['LEFT_OUT_LABELS', LEFT_OUT_LABELS, labels.leftOutLabel],
  ['FEEDBACK_RATING_LABELS', FEEDBACK_RATING_LABELS, labels.feedbackRatingLabel],
  ['EVIDENCE_STATE_LABELS', EVIDENCE_STATE_LABELS, labels.evidenceStateLabel],
  ['PLAN_LIMIT_LABELS', PLAN_LIMIT_LABELS, labels.planLimitLabel],
  ['PLAN_FEATURE_LABELS', PLAN_FEATURE_LABELS, labels.planFeatureLabel],
  ['SCHEDULE_CADENCE_LABELS', SCHEDULE_CADENCE_LABELS, labels.scheduleCadenceLabel],
  [
    'WEBHOOK_DELIVERY_STATUS_LABELS',
    WEBHOOK_DELIVERY_STATUS_LABELS,
    labels.webhookDeliveryStatusLabel,
  ],
  ['ACCOUNT_EXPORT_STATUS_LABELS', ACCOUNT_EXPORT_STATUS_LABELS, labels.accountExportStatusLabel],
  ['SUBSCRIPTION_STATUS_LABELS', SUBSCRIPTION_STATUS_LABELS, labels.subscriptionStatusLabel],
  ['STEP_EFFORT_LABELS', STEP_EFFORT_LABELS, labels.stepEffortLabel],
  ['SCREEN_TITLES', SCREEN_TITLES, labels.screenTitle],
];
const infos: [
  string,
  Record<string, { label: string; description: string }>,
  (typeof tables)[0][2],
  (typeof tables)[0][2],
][] = [
  [
    'API_KEY_SCOPE_INFO',
    API_KEY_SCOPE_INFO,
    labels.apiKeyScopeLabel,
    labels.apiKeyScopeDescription,
  ],
  [
    'WEBHOOK_EVENT_INFO',
    WEBHOOK_EVENT_INFO,
    labels.webhookEventLabel,
    labels.webhookEventDescription,
  ],
];

describe('labels', () => {
  it.each(tables)('%s in English', (_name, table, label) => {
    for (const [value, text] of Object.entries(table)) expect(label(value as never)).toBe(text);
  });

  it.each(infos)('%s in English', (_name, table, label, description) => {
    for (const [value, info] of Object.entries(table)) {
      expect(label(value as never)).toBe(info.label);
      expect(description(value as never)).toBe(info.description);
    }
  });

  it('the storage quota and the evidence file types in English', () => {
    expect(labels.planStorageLabel()).toBe(PLAN_STORAGE_LABEL);
    expect(labels.evidenceTypesLabel()).toBe(EVIDENCE_TYPES_LABEL);
  });
});
