import { TaskDetailSchema, type CreateTaskInput, type TaskDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { tasksPath } from './list-tasks.ts';
import { remediationKeys } from './remediation-keys.ts';

/** POST /api/v1/tenants/{tenantId}/tasks (409 `tasks.already_open` for a question's task). */
export function createTask(tenantId: string, body: CreateTaskInput): Promise<TaskDetail> {
  return apiFetch(tasksPath(tenantId), { method: 'POST', body, schema: TaskDetailSchema });
}

export function useCreateTask(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskInput) => createTask(tenantId, body),
    onSuccess: async (task) => {
      qc.setQueryData(remediationKeys.detail(tenantId, task.id), task);
      await qc.invalidateQueries({ queryKey: remediationKeys.lists(tenantId) });
    },
  });
}
