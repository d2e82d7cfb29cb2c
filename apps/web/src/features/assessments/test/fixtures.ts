import {
  FRAMEWORK_FORMAT,
  type Answer,
  type AssessmentDetail,
  type ProgressView,
  type CarryForwardPreview,
  type CarryForwardRecord,
  type CarryForwardSummary,
  type FrameworkDocument,
  type Question,
  type Section,
} from '@tenantry/shared';

const node = { description: '', guidance: '', weight: 1, tags: [] as string[] };
const q = { ...node, naAllowed: false, playbooks: [] as string[] };

export const QUESTIONS = {
  mfa: { ...q, key: 'mfa', title: 'Is MFA on for e-mail?', type: 'yes_no', tags: ['ig1'] },
  coverage: {
    ...q,
    key: 'coverage',
    title: 'MFA coverage',
    type: 'number',
    unit: '%',
    bands: [
      { min: 0, score: 0 },
      { min: 90, score: 1 },
    ],
    tags: ['ig1'],
  },
  review: {
    ...q,
    key: 'review',
    title: 'Access reviews',
    type: 'maturity',
    levels: ['None', 'Ad hoc', 'Repeatable', 'Defined', 'Managed', 'Optimised'],
    tags: ['ig2'],
    playbooks: ['least-privilege'],
  },
  remote: {
    ...q,
    key: 'remote',
    title: 'Remote access',
    type: 'single_choice',
    naAllowed: true,
    options: [
      { key: 'vpn', label: 'VPN with MFA', score: 1 },
      { key: 'open', label: 'Open RDP', score: 0 },
    ],
  },
  backups: {
    ...q,
    key: 'backups',
    title: 'Backup protections',
    type: 'multiple_choice',
    options: [
      { key: 'offline', label: 'Offline copy', score: 0.5 },
      { key: 'immutable', label: 'Immutable', score: 0.5 },
    ],
  },
  notes: { ...q, key: 'notes', title: 'Open concerns', type: 'text', naAllowed: true },
} satisfies Record<string, Question>;

const section = (
  key: string,
  title: string,
  questions: Question[],
  sections: Section[] = [],
  target?: number | null,
): Section => ({ ...node, key, title, questions, sections, target });

/** identity (mfa, coverage; identity.admin: review), data (remote, backups, notes). */
export const DOC: FrameworkDocument = {
  format: FRAMEWORK_FORMAT,
  key: 'msp',
  name: 'MSP Essentials',
  summary: '',
  description: '',
  tags: [],
  source: { publisher: '', url: '', license: '' },
  sections: [
    section(
      'identity',
      'Identity',
      [QUESTIONS.mfa, QUESTIONS.coverage],
      [section('identity.admin', 'Admins', [QUESTIONS.review])],
      0.8,
    ),
    section('data', 'Data', [QUESTIONS.remote, QUESTIONS.backups, QUESTIONS.notes], [], null),
  ],
};

export function answer(
  questionKey: string,
  value: Answer['value'],
  extra: Partial<Answer> = {},
): Answer {
  return {
    questionKey,
    value,
    na: false,
    note: '',
    score: null,
    answeredBy: { source: 'member', name: 'Robin Park', userId: 'u1', respondentId: null },
    answeredAt: '2026-03-01T10:00:00.000Z',
    revision: 1,
    ...extra,
  };
}

const sp = (
  answered: number,
  total: number,
  score: number | null = null,
  target: number | null = null,
) => ({
  answered,
  total,
  score,
  target,
  gap: score !== null && target !== null ? Math.max(0, target - score) : null,
});

export const PROGRESS: ProgressView = {
  provisional: true,
  score: null,
  completion: 0,
  answered: 0,
  total: 6,
  sections: {
    identity: sp(0, 3, null, 0.8),
    'identity.admin': sp(0, 1, null, 0.8),
    data: sp(0, 3),
  },
  gaps: [],
};

export const DETAIL: AssessmentDetail = {
  id: 'a1',
  tenantId: 't1',
  name: 'MSP Essentials – March 2026',
  status: 'in_progress',
  framework: { id: 'f1', key: 'msp', name: 'MSP Essentials', version: 2 },
  owner: { id: 'u1', name: 'Robin Park' },
  dueDate: '2026-04-30',
  language: null,
  score: null,
  completion: 0,
  answered: 0,
  total: 6,
  provisional: true,
  respondents: { total: 0, submitted: 0 },
  lastAnswer: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  completedAt: null,
  scope: { sections: null, tags: null },
  targets: { identity: 0.8, data: null },
  document: DOC,
  progress: PROGRESS,
  answers: [],
  statusHistory: [{ status: 'draft', at: '2026-03-01T09:00:00.000Z', by: 'Robin Park' }],
  can: { answer: true, manage: true, delete: true },
  review: [],
  isBaseline: false,
  newerVersion: null,
  carryForward: null,
  carried: {
    previousAssessmentId: null,
    answers: [],
    counts: { toConfirm: 0, confirmed: 0, changed: 0 },
    sections: {},
  },
  origin: { previous: null, schedule: null },
};

/** What carrying DETAIL forward to version 3 would do. */
export const PREVIEW: CarryForwardPreview = {
  fromVersion: 2,
  toVersion: 3,
  releaseNotes: 'Reworded the MFA question; dropped the open concerns; added phishing drills.',
  changed: [
    {
      key: 'mfa',
      title: 'Is MFA enforced for e-mail?',
      answered: true,
      outcome: 'review',
      fields: ['title'],
    },
    {
      key: 'remote',
      title: 'Remote access',
      answered: true,
      outcome: 'set_aside',
      fields: ['options', 'guidance'],
    },
  ],
  removed: [
    { key: 'notes', title: 'Open concerns', answered: true, outcome: 'set_aside', fields: [] },
  ],
  added: [
    { key: 'phishing', title: 'Phishing drills', answered: false, outcome: 'added', fields: [] },
  ],
  counts: { carried: 12, review: 1, setAside: 2, added: 1 },
};

/** The latest carry-forward of DETAIL, from version 1 to 2, still undoable. */
export const CARRIED: CarryForwardSummary = {
  id: 'cf1',
  fromVersion: 1,
  toVersion: 2,
  at: '2026-03-02T10:00:00.000Z',
  by: 'Robin Park',
  undoUntil: '2099-03-05T10:00:00.000Z',
  canUndo: true,
  undoBlockedBy: null,
  counts: { carried: 3, review: 1, setAside: 2, added: 1 },
};

/** CARRIED's record, with the answers it set aside. */
export const CARRIED_RECORD: CarryForwardRecord = {
  ...CARRIED,
  undoneAt: null,
  preview: {
    ...PREVIEW,
    fromVersion: 1,
    toVersion: 2,
    removed: [
      {
        key: 'old-backups',
        title: 'Old backup checks',
        answered: true,
        outcome: 'set_aside',
        fields: [],
      },
    ],
    counts: CARRIED.counts,
  },
  setAside: [
    {
      questionKey: 'legacy',
      questionTitle: 'Which legacy VPN?',
      value: 'ipsec',
      na: false,
      note: 'Being retired in May.',
      answeredBy: 'Ada Lovelace',
      answeredAt: '2026-02-20T09:30:00.000Z',
    },
    {
      questionKey: 'old-backups',
      questionTitle: 'Old backup checks',
      value: ['tape', 'cloud'],
      na: false,
      note: '',
      answeredBy: 'Robin Park',
      answeredAt: '2026-02-21T09:30:00.000Z',
    },
  ],
};
