import type { Task, TaskDetail, TaskList } from '@tenantry/shared';
import type { RemediationAccess } from '../lib/access.ts';

export const MEMBER: RemediationAccess = { manage: true, contribute: true, member: true };
export const CONTRIBUTOR: RemediationAccess = { manage: false, contribute: true, member: false };
export const VIEWER: RemediationAccess = { manage: false, contribute: false, member: false };

export const ROBIN = { id: 'u1', name: 'Robin Park' };
export const SAM = { id: 'u2', name: 'Sam Lee' };

export function task(over: Partial<Task> = {}): Task {
  return {
    id: 'k1',
    tenantId: 't1',
    title: 'Turn on MFA for e-mail',
    description: '',
    status: 'todo',
    priority: 'medium',
    assignee: null,
    dueDate: null,
    overdue: false,
    riskReason: null,
    riskReviewDate: null,
    source: null,
    playbook: null,
    checklist: [],
    commentCount: 0,
    createdBy: ROBIN,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    doneAt: null,
    ...over,
  };
}

/** From a gap question, with its playbook's checklist, assigned, overdue. */
export const MFA = task({
  id: 'k1',
  title: 'Turn on MFA for e-mail',
  description: 'Start with the **admins**.',
  priority: 'high',
  assignee: ROBIN,
  dueDate: '2020-01-31',
  overdue: true,
  source: {
    assessmentId: 'a1',
    assessmentName: 'MSP Essentials – January 2026',
    frameworkId: 'f1',
    questionKey: 'mfa-email',
    questionTitle: 'Is MFA enforced for e-mail?',
  },
  playbook: { key: 'mfa-rollout', title: 'MFA roll-out' },
  checklist: [
    { id: 'c1', title: 'List every mailbox', body: '', done: true },
    { id: 'c2', title: 'Enforce MFA', body: 'Use **conditional access**.', done: false },
    { id: 'c3', title: 'Tell the users', body: '', done: false },
  ],
  commentCount: 2,
});

/** Written by hand, in progress, unassigned, due far ahead. */
export const BACKUPS = task({
  id: 'k2',
  title: 'Test a backup restore',
  status: 'in_progress',
  priority: 'critical',
  dueDate: '2999-12-31',
  createdAt: '2026-03-02T09:00:00.000Z',
});

export const PATCHING = task({
  id: 'k3',
  title: 'Patch the firewall',
  status: 'done',
  priority: 'low',
  assignee: SAM,
  doneAt: '2026-03-05T09:00:00.000Z',
  createdAt: '2026-02-20T09:00:00.000Z',
});

export const LEGACY = task({
  id: 'k4',
  title: 'Retire the legacy VPN',
  status: 'risk_accepted',
  riskReason: 'Replaced next year.',
  riskReviewDate: '2027-01-31',
  createdAt: '2026-02-10T09:00:00.000Z',
});

export const TASKS = [BACKUPS, MFA, PATCHING, LEGACY];

export function taskList(items: Task[] = TASKS, over: Partial<TaskList> = {}): TaskList {
  const count = (s: Task['status']) => items.filter((t) => t.status === s).length;
  return {
    items,
    truncated: false,
    counts: {
      todo: count('todo'),
      in_progress: count('in_progress'),
      done: count('done'),
      risk_accepted: count('risk_accepted'),
      overdue: items.filter((t) => t.overdue).length,
    },
    assignees: [ROBIN, SAM],
    ...over,
  };
}

export const EMPTY_LIST = taskList([]);

export function detail(t: Task = MFA, over: Partial<TaskDetail> = {}): TaskDetail {
  return {
    ...t,
    comments:
      t.commentCount > 0
        ? [
            {
              id: 'm1',
              author: SAM,
              body: 'Which **mailboxes** first?',
              createdAt: '2026-03-02T10:00:00.000Z',
            },
            {
              id: 'm2',
              author: ROBIN,
              body: 'The admins’.',
              createdAt: '2026-03-02T11:00:00.000Z',
            },
          ]
        : [],
    ...over,
  };
}
