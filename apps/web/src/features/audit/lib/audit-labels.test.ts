import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './audit-labels.ts';

describe('audit entry labels', () => {
  it('reads membership entries as sentences', () => {
    expect(
      describeAuditEntry({ action: 'members.invited', data: { email: 'a@x.test', role: 'admin' } }),
    ).toBe('Invited a@x.test as admin');
    expect(
      describeAuditEntry({
        action: 'members.role_changed',
        data: { email: 'a@x.test', from: 'member', to: 'admin' },
      }),
    ).toBe('Changed the role of a@x.test from member to admin');
    expect(
      describeAuditEntry({ action: 'members.joined', data: { email: 'a@x.test', role: 'member' } }),
    ).toBe('a@x.test joined as member');
  });

  it('falls back to the action code for what it does not know', () => {
    expect(describeAuditEntry({ action: 'legacy.retired_action', data: {} })).toBe(
      'legacy.retired_action',
    );
  });

  it('describes billing actions with the plans’ names', () => {
    expect(
      describeAuditEntry({
        action: 'billing.plan_changed',
        data: { from: 'pro', to: 'business', interval: 'year' },
      }),
    ).toBe('Changed the plan from Pro to Business (yearly)');
    expect(
      describeAuditEntry({ action: 'billing.canceled', data: { plan: 'pro', atPeriodEnd: true } }),
    ).toBe('Canceled the Pro plan at the end of the period');
  });

  it('describes tenant and sharing actions', () => {
    expect(describeAuditEntry({ action: 'tenants.archived', data: { name: 'Acme' } })).toBe(
      'Archived the client tenant “Acme”',
    );
    expect(
      describeAuditEntry({
        action: 'tenants.updated',
        data: { name: 'Acme', fields: ['name', 'tags', 'notes'] },
      }),
    ).toBe('Changed the name, the tags and the notes of the client tenant “Acme”');
    expect(
      describeAuditEntry({
        action: 'sharing.shared',
        data: { tenantName: 'Acme', email: 'a@x.test', role: 'viewer' },
      }),
    ).toBe('Shared “Acme” with a@x.test as viewer');
    expect(describeAuditEntry({ action: 'sharing.revoked', data: { email: 'a@x.test' } })).toBe(
      'Revoked the share of a@x.test',
    );
  });

  it('describes remediation task actions', () => {
    expect(describeAuditEntry({ action: 'tasks.created', data: { title: 'Patch it' } })).toBe(
      'Created the task “Patch it”',
    );
    expect(
      describeAuditEntry({
        action: 'tasks.created_from_gaps',
        data: { name: 'Q1 review', created: 12, gaps: 15 },
      }),
    ).toBe('Created 12 tasks for the 15 gap questions of “Q1 review”');
    expect(
      describeAuditEntry({
        action: 'tasks.created_from_gaps',
        data: { name: 'Q1 review', created: 1, gaps: 1 },
      }),
    ).toBe('Created 1 task for the 1 gap question of “Q1 review”');
    expect(
      describeAuditEntry({
        action: 'tasks.updated',
        data: { title: 'Patch it', fields: ['assigneeId', 'dueDate'] },
      }),
    ).toBe('Changed the assignee and the due date of the task “Patch it”');
    expect(
      describeAuditEntry({
        action: 'tasks.status_changed',
        data: { title: 'Patch it', from: 'todo', to: 'risk_accepted' },
      }),
    ).toBe('Moved the task “Patch it” from To do to Risk accepted');
    expect(describeAuditEntry({ action: 'tasks.deleted', data: { title: 'Patch it' } })).toBe(
      'Deleted the task “Patch it”',
    );
  });

  it('describes security events and the command line’s role grants', () => {
    expect(
      describeAuditEntry({
        action: 'auth.signed_in',
        data: { email: 'a@x.test', method: 'sign_up_code' },
      }),
    ).toBe('a@x.test signed in with the sign-up code');
    expect(
      describeAuditEntry({
        action: 'auth.sign_in_failed',
        data: { email: 'a@x.test', method: 'password', reason: 'user_disabled' },
      }),
    ).toBe('A sign-in as a@x.test failed with a password: the user is disabled');
    expect(
      describeAuditEntry({
        action: 'service.role_granted',
        data: { email: 'a@x.test', role: 'admin', via: 'cli' },
      }),
    ).toBe('An operator (command line) made a@x.test a system admin');
    expect(describeAuditEntry({ action: 'service.audit_exported', data: { format: 'json' } })).toBe(
      'A system admin exported the audit log (JSON)',
    );
  });
});
