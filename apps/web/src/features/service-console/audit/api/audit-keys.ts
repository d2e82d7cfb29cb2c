import type { AuditFilters } from '../lib/audit-view.ts';

/** Query keys of the service console's audit tab. */
export const serviceAuditKeys = {
  all: ['service', 'audit'] as const,
  list: (filters: AuditFilters) => [...serviceAuditKeys.all, 'list', filters] as const,
  verification: ['service', 'audit', 'verification'] as const,
};
