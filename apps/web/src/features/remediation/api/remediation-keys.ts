import type { TaskFilters } from '../lib/task-filters.ts';

/**
 * The remediation feature's query keys. Everything of one client tenant sits under
 * `tenant(tenantId)`: one list per set of filters, one detail per task.
 */
export const remediationKeys = {
  all: ['remediation'] as const,
  tenant: (tenantId: string) => [...remediationKeys.all, 'tenant', tenantId] as const,
  lists: (tenantId: string) => [...remediationKeys.tenant(tenantId), 'list'] as const,
  list: (tenantId: string, filters: TaskFilters) =>
    [...remediationKeys.lists(tenantId), filters] as const,
  details: (tenantId: string) => [...remediationKeys.tenant(tenantId), 'detail'] as const,
  detail: (tenantId: string, taskId: string) =>
    [...remediationKeys.details(tenantId), taskId] as const,
};
