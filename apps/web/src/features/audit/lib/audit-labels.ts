import type { AuditEntry } from '@tenantry/shared';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One line a person can read for an audit entry (unknown actions fall back to the code). */
export function describeAuditEntry(entry: Pick<AuditEntry, 'action' | 'data'>): string {
  const d = entry.data;
  switch (entry.action) {
    case 'account.renamed':
      return `Renamed the account from “${str(d.from)}” to “${str(d.to)}”`;
    case 'account.logo_updated':
      return 'Uploaded a new logo';
    case 'members.invited':
      return `Invited ${str(d.email)} as ${str(d.role)}`;
    case 'members.invitation_revoked':
      return `Revoked the invitation to ${str(d.email)}`;
    case 'members.joined':
      return `${str(d.email)} joined as ${str(d.role)}`;
    case 'members.role_changed':
      return `Changed the role of ${str(d.email)} from ${str(d.from)} to ${str(d.to)}`;
    case 'members.removed':
      return `Removed ${str(d.email)}`;
    case 'members.left':
      return `${str(d.email)} left the account`;
    case 'tenants.created':
      return `Created the client tenant “${str(d.name)}”`;
    case 'tenants.archived':
      return `Archived the client tenant “${str(d.name)}”`;
    case 'tenants.restored':
      return `Restored the client tenant “${str(d.name)}”`;
    case 'sharing.shared':
      return `Shared “${str(d.tenantName)}” with ${str(d.email)} as ${str(d.role)}`;
    case 'sharing.role_changed':
      return `Changed ${str(d.email)}’s share from ${str(d.from)} to ${str(d.to)}`;
    case 'sharing.revoked':
      return `Revoked the share of ${str(d.email)}`;
    default:
      return entry.action;
  }
}
