import { TaskDetailSchema, type TaskDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tasksPath } from './list-tasks.ts';
import { remediationKeys } from './remediation-keys.ts';

/** The path of one task (and, with `rest`, of what is below it). */
export const taskPath = (tenantId: string, taskId: string, rest = '') =>
  tasksPath(tenantId, `/${encodeURIComponent(taskId)}${rest}`);

/** GET /api/v1/tenants/{tenantId}/tasks/{taskId}: the task with its checklist and comments. */
export function fetchTask(
  tenantId: string,
  taskId: string,
  signal?: AbortSignal,
): Promise<TaskDetail> {
  return apiFetch(taskPath(tenantId, taskId), { schema: TaskDetailSchema, signal });
}

export const taskQueryOptions = (tenantId: string, taskId: string) =>
  queryOptions({
    queryKey: remediationKeys.detail(tenantId, taskId),
    queryFn: ({ signal }) => fetchTask(tenantId, taskId, signal),
  });

/**
 * One task (read when the drawer opens on it). `enabled` false: what was read stays (the
 * drawer closing), nothing is asked.
 */
export function useTask(tenantId: string, taskId: string | null, enabled = taskId !== null) {
  return useQuery({
    ...taskQueryOptions(tenantId, taskId ?? ''),
    enabled: enabled && taskId !== null,
  });
}
