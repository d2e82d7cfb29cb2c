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
    expect(describeAuditEntry({ action: 'billing.plan_changed', data: {} })).toBe(
      'billing.plan_changed',
    );
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
});
