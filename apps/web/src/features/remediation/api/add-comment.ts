import { TaskDetailSchema, type TaskDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { taskPath } from './get-task.ts';
import { remediationKeys } from './remediation-keys.ts';

/** POST …/tasks/{taskId}/comments {body} (markdown): the task with its comments. */
export function addComment(tenantId: string, taskId: string, body: string): Promise<TaskDetail> {
  return apiFetch(taskPath(tenantId, taskId, '/comments'), {
    method: 'POST',
    body: { body },
    schema: TaskDetailSchema,
  });
}

export function useAddComment(tenantId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment(tenantId, taskId, body),
    onSuccess: async (task) => {
      // A read of the task under way (after a tick) started before the comment: its answer
      // would hide it.
      await qc.cancelQueries({ queryKey: remediationKeys.detail(tenantId, taskId) });
      qc.setQueryData(remediationKeys.detail(tenantId, taskId), task);
      // The cards show how many comments a task has.
      await qc.invalidateQueries({ queryKey: remediationKeys.lists(tenantId) });
    },
  });
}
