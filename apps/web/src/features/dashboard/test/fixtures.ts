import type { Dashboard } from '@tenantry/shared';

/** The last 12 months up to March 2026; three with completed assessments. */
const MONTHS = [
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
];

export const EMPTY_TREND: Dashboard['trend'] = MONTHS.map((month) => ({
  month,
  completed: 0,
  averageScore: null,
}));

const SCORED: Record<string, [number, number]> = {
  '2025-11': [1, 0.42],
  '2026-01': [2, 0.58],
  '2026-03': [1, 0.8],
};

/** An account at work: 3 active tenants (1 archived), 2 assessed, 2 open assessments. */
export const DASHBOARD: Dashboard = {
  tenants: { active: 3, archived: 1, assessed: 2 },
  averageScore: 0.634,
  assessments: { open: 2, completed: 4, hasRespondents: true },
  openAssessments: [
    {
      id: 'a1',
      tenantId: 't1',
      tenantName: 'Contoso Ltd',
      name: 'ISO 27001 2026',
      status: 'in_progress',
      score: 0.5,
      completion: 0.4,
      answered: 12,
      total: 30,
      provisional: true,
      dueDate: '2020-01-31',
      updatedAt: '2026-03-01T10:00:00.000Z',
    },
    {
      id: 'a2',
      tenantId: 't2',
      tenantName: 'Fabrikam',
      name: 'NIS2 readiness',
      status: 'draft',
      score: null,
      completion: 0,
      answered: 0,
      total: 20,
      provisional: true,
      dueDate: '2999-12-31',
      updatedAt: '2026-02-01T10:00:00.000Z',
    },
  ],
  trend: MONTHS.map((month) => ({
    month,
    completed: SCORED[month]?.[0] ?? 0,
    averageScore: SCORED[month]?.[1] ?? null,
  })),
  largestGaps: [
    {
      tenantId: 't1',
      tenantName: 'Contoso Ltd',
      assessmentId: 'a0',
      score: 0.48,
      gaps: 7,
      completedAt: '2026-01-15T10:00:00.000Z',
    },
    {
      tenantId: 't3',
      tenantName: 'Tailspin Toys',
      assessmentId: 'a9',
      score: 0.8,
      gaps: 1,
      completedAt: '2026-03-02T10:00:00.000Z',
    },
  ],
  dueDates: {
    today: '2026-03-10',
    counts: { overdue: 3, today: 0, week: 1, upcoming: 0 },
    items: [
      {
        id: 'a1',
        tenantId: 't1',
        tenantName: 'Contoso Ltd',
        name: 'ISO 27001 2026',
        status: 'in_progress',
        dueDate: '2026-01-31',
        group: 'overdue',
        completion: 0.4,
        answered: 12,
        total: 30,
        owner: { id: 'u1', name: 'Robin Park' },
      },
      {
        id: 'a2',
        tenantId: 't2',
        tenantName: 'Fabrikam',
        name: 'NIS2 readiness',
        status: 'draft',
        dueDate: '2026-03-14',
        group: 'week',
        completion: 0,
        answered: 0,
        total: 20,
        owner: null,
      },
    ],
  },
  remediation: {
    open: 9,
    overdue: 2,
    overdueTasks: [
      {
        id: 'k1',
        tenantId: 't1',
        tenantName: 'Contoso Ltd',
        title: 'Turn on MFA for e-mail',
        status: 'in_progress',
        priority: 'high',
        dueDate: '2026-01-31',
        assignee: { id: 'u1', name: 'Robin Park' },
      },
      {
        id: 'k2',
        tenantId: 't3',
        tenantName: 'Tailspin Toys',
        title: 'Test a backup restore',
        status: 'todo',
        priority: 'medium',
        dueDate: '2026-02-15',
        assignee: null,
      },
    ],
  },
  evidence: {
    expired: 1,
    expiring: 1,
    files: [
      {
        id: 'e1',
        tenantId: 't1',
        tenantName: 'Contoso Ltd',
        name: 'Pen test 2025.pdf',
        expiresOn: '2026-03-01',
        state: 'expired',
      },
      {
        id: 'e2',
        tenantId: 't2',
        tenantName: 'Fabrikam',
        name: 'MFA policy.pdf',
        expiresOn: '2026-03-28',
        state: 'expiring',
      },
    ],
  },
};

/** A new account: nothing yet. */
export const EMPTY_ACCOUNT: Dashboard = {
  tenants: { active: 0, archived: 0, assessed: 0 },
  averageScore: null,
  assessments: { open: 0, completed: 0, hasRespondents: false },
  openAssessments: [],
  trend: EMPTY_TREND,
  largestGaps: [],
  dueDates: {
    today: '2026-03-10',
    counts: { overdue: 0, today: 0, week: 0, upcoming: 0 },
    items: [],
  },
  remediation: { open: 0, overdue: 0, overdueTasks: [] },
  evidence: { expired: 0, expiring: 0, files: [] },
};

/** Tenants, none assessed, nothing open. */
export const NOTHING_ASSESSED: Dashboard = {
  ...EMPTY_ACCOUNT,
  tenants: { active: 2, archived: 0, assessed: 0 },
};
