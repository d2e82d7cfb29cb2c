import { TaskListSchema, type TaskList } from '@tenantry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { toListQuery, type TaskFilters } from '../lib/task-filters.ts';
import { remediationKeys } from './remediation-keys.ts';

/** The path of a client tenant's tasks (and, with `rest`, of what is below it). */
export const tasksPath = (tenantId: string, rest = '') =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/tasks${rest}`;

/** The CSV download of every task of the tenant (a plain link: the browser saves it). */
export const tasksCsvHref = (tenantId: string) =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/tasks.csv`;

/** GET /api/v1/tenants/{tenantId}/tasks?status=&assignee=&overdue=: newest first, with counts. */
export function fetchTasks(
  tenantId: string,
  filters: TaskFilters,
  signal?: AbortSignal,
): Promise<TaskList> {
  const query = new URLSearchParams(toListQuery(filters)).toString();
  return apiFetch(tasksPath(tenantId, query ? `?${query}` : ''), {
    schema: TaskListSchema,
    signal,
  });
}

export const tasksQueryOptions = (tenantId: string, filters: TaskFilters) =>
  queryOptions({
    queryKey: remediationKeys.list(tenantId, filters),
    queryFn: ({ signal }) => fetchTasks(tenantId, filters, signal),
  });

/**
 * The tenant's tasks matching the filters. While other filters load, the tasks before stay on
 * screen (dimmed by the caller).
 */
export function useTasks(tenantId: string, filters: TaskFilters) {
  return useQuery({
    ...tasksQueryOptions(tenantId, filters),
    // Tasks change on other screens (gap tasks from an assessment) and by other people.
    refetchOnMount: 'always',
    placeholderData: (prev, prevQuery) =>
      prevQuery?.queryKey[2] === tenantId ? keepPreviousData(prev) : undefined,
  });
}
