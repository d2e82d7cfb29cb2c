import {
  TaskDetailSchema,
  type TaskDetail,
  type TaskList,
  type UpdateTask,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withStatus } from '../lib/task-view.ts';
import { taskPath } from './get-task.ts';
import { remediationKeys } from './remediation-keys.ts';

export interface TaskPatch {
  taskId: string;
  patch: UpdateTask;
}

/** PATCH …/tasks/{taskId} (400 `tasks.risk_reason_required` with fields, 403 for a viewer). */
export function updateTask(
  tenantId: string,
  taskId: string,
  patch: UpdateTask,
): Promise<TaskDetail> {
  return apiFetch(taskPath(tenantId, taskId), {
    method: 'PATCH',
    body: patch,
    schema: TaskDetailSchema,
  });
}

/**
 * Changes a task. A status move shows at once on the board and the list (put back if the
 * server refuses it); the answer is the task's detail, and the lists are read again.
 */
export function useUpdateTask(tenantId: string) {
  const qc = useQueryClient();
  const lists = remediationKeys.lists(tenantId);
  return useMutation({
    mutationFn: ({ taskId, patch }: TaskPatch) => updateTask(tenantId, taskId, patch),
    onMutate: async ({ taskId, patch }) => {
      const status = patch.status;
      if (status === undefined) return { before: [] };
      await qc.cancelQueries({ queryKey: lists });
      const before = qc.getQueriesData<TaskList>({ queryKey: lists });
      qc.setQueriesData<TaskList>({ queryKey: lists }, (list) =>
        list ? withStatus(list, taskId, status) : list,
      );
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data);
    },
    onSuccess: async (task) => {
      // A read of the task under way (after a tick) started before this change.
      await qc.cancelQueries({ queryKey: remediationKeys.detail(tenantId, task.id) });
      qc.setQueryData(remediationKeys.detail(tenantId, task.id), task);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: lists }),
  });
}
