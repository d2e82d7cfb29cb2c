import type {
  AssessmentSummary,
  BaselineComparison,
  ComparedSide,
  QuestionComparison,
  SectionComparison,
} from '@tenantry/shared';

export function summary(over: Partial<AssessmentSummary> = {}): AssessmentSummary {
  return {
    id: 'a1',
    tenantId: 't1',
    name: 'MSP Essentials – January 2026',
    status: 'completed',
    framework: { id: 'f1', key: 'msp', name: 'MSP Essentials', version: 1 },
    owner: { id: 'u1', name: 'Robin Park' },
    dueDate: null,
    language: null,
    score: 0.5,
    completion: 1,
    answered: 6,
    total: 6,
    provisional: over.status !== undefined && over.status !== 'completed',
    respondents: { total: 0, submitted: 0 },
    lastAnswer: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-20T09:00:00.000Z',
    completedAt: '2026-01-20T09:00:00.000Z',
    ...over,
  };
}

/** The baseline (January, v1), and a later one (March, v2, in progress). */
export const JANUARY = summary();
export const MARCH = summary({
  id: 'a2',
  name: 'MSP Essentials – March 2026',
  status: 'in_progress',
  framework: { id: 'f1', key: 'msp', name: 'MSP Essentials', version: 2 },
  score: 0.7,
  completedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
});
export const FEBRUARY = summary({
  id: 'a3',
  name: 'MSP Essentials – February 2026',
  score: 0.6,
  createdAt: '2026-02-01T09:00:00.000Z',
  completedAt: '2026-02-20T09:00:00.000Z',
});

const side = (score: number | null, target: number | null = null): ComparedSide => ({
  score,
  target,
  gap: score !== null && target !== null ? Math.max(0, target - score) : null,
  answered: 2,
  total: 2,
});

const section = (
  key: string,
  title: string,
  parentKey: string | null,
  baseline: ComparedSide | null,
  latest: ComparedSide | null,
  trend: SectionComparison['trend'],
): SectionComparison => ({
  key,
  title,
  parentKey,
  depth: parentKey ? 1 : 0,
  baseline,
  latest,
  delta: baseline?.score != null && latest?.score != null ? latest.score - baseline.score : null,
  trend,
  leftOut:
    trend === 'added'
      ? 'added'
      : trend === 'removed'
        ? 'removed'
        : baseline?.score != null && latest?.score == null
          ? 'no_score_latest'
          : baseline?.score == null && latest?.score != null
            ? 'no_score_baseline'
            : null,
});

const qs = (score: number | null, gap = false) => ({
  score,
  answered: true,
  na: false,
  gap,
});

export const SECTIONS: SectionComparison[] = [
  section('identity', 'Identity', null, side(0.4, 0.8), side(0.75, 0.8), 'improved'),
  section('identity.admin', 'Admins', 'identity', side(0.2, 0.8), side(0.6, 0.8), 'improved'),
  section('data', 'Data protection', null, side(0.7), side(0.5), 'regressed'),
  section('network', 'Network', null, side(0.6, 0.5), side(0.6, 0.5), 'unchanged'),
];

const RAW_QUESTIONS: Omit<QuestionComparison, 'sinceLastPeriod'>[] = [
  {
    key: 'mfa',
    title: 'Is MFA on for e-mail?',
    sectionKey: 'identity',
    baseline: qs(0, true),
    latest: qs(1),
    delta: 1,
    trend: 'improved',
    changed: false,
    task: null,
  },
  {
    key: 'coverage',
    title: 'MFA coverage',
    sectionKey: 'identity',
    baseline: qs(0.5, true),
    latest: qs(0.5, true),
    delta: 0,
    trend: 'unchanged',
    changed: true,
    // Still a gap; its remediation task is under way.
    task: {
      id: 'k7',
      title: 'Roll MFA out to everyone',
      status: 'in_progress',
      doneAt: null,
      awaitingConfirmation: false,
    },
  },
  {
    key: 'passkeys',
    title: 'Passkeys for admins',
    sectionKey: 'identity',
    baseline: null,
    latest: qs(1),
    delta: null,
    trend: 'added',
    changed: false,
    task: null,
  },
  {
    key: 'review',
    title: 'Access reviews',
    sectionKey: 'identity.admin',
    baseline: qs(0.2, true),
    latest: qs(0.6, true),
    delta: 0.4,
    trend: 'improved',
    changed: false,
    task: null,
  },
  {
    key: 'backups',
    title: 'Backup protections',
    sectionKey: 'data',
    baseline: qs(0.7),
    latest: qs(0.5),
    delta: -0.2,
    trend: 'regressed',
    changed: false,
    task: null,
  },
  {
    key: 'firewall',
    title: 'Firewall rules reviewed',
    sectionKey: 'network',
    baseline: qs(0.6),
    latest: qs(0.6),
    delta: 0,
    trend: 'unchanged',
    changed: false,
    task: null,
  },
];

export const QUESTIONS: QuestionComparison[] = RAW_QUESTIONS.map((q) => ({
  ...q,
  sinceLastPeriod: null,
}));

/** A comparison of March (v2) with the January baseline (v1). */
export const COMPARISON: BaselineComparison = {
  baseline: JANUARY,
  latest: MARCH,
  candidates: [FEBRUARY, JANUARY],
  comparable: [MARCH, FEBRUARY],
  overall: {
    baseline: 0.5,
    latest: 0.7,
    delta: 0.2,
    trend: 'improved',
    comparedBaseline: 0.5,
    comparedLatest: 0.7,
    comparedSections: ['identity', 'data'],
    leftOut: [],
  },
  sections: SECTIONS,
  questions: QUESTIONS,
  counts: { improved: 2, regressed: 1, unchanged: 2, added: 1, removed: 0, unscored: 0 },
  sinceLastPeriod: null,
  canManage: true,
};

/** No baseline marked yet; two completed assessments could be. */
export const EMPTY: BaselineComparison = {
  baseline: null,
  latest: null,
  candidates: [FEBRUARY, JANUARY],
  comparable: [],
  overall: {
    baseline: null,
    latest: null,
    delta: null,
    trend: 'unscored',
    comparedBaseline: null,
    comparedLatest: null,
    comparedSections: [],
    leftOut: [],
  },
  sections: [],
  questions: [],
  counts: { improved: 0, regressed: 0, unchanged: 0, added: 0, removed: 0, unscored: 0 },
  sinceLastPeriod: null,
  canManage: true,
};
