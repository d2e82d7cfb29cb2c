import { TaskDetailSchema, type TaskDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { taskPath } from './get-task.ts';
import { remediationKeys } from './remediation-keys.ts';

/** PUT …/tasks/{taskId}/checklist/{itemId} {done}: this item only, the others as they are. */
export function setChecklistItem(
  tenantId: string,
  taskId: string,
  itemId: string,
  done: boolean,
): Promise<TaskDetail> {
  return apiFetch(taskPath(tenantId, taskId, `/checklist/${encodeURIComponent(itemId)}`), {
    method: 'PUT',
    body: { done },
    schema: TaskDetailSchema,
  });
}

/**
 * Ticks or unticks one item: shown at once; each tick is its own request. Answers to quick
 * ticks may come back in any order, so the task is read again once the last one is answered
 * (an earlier answer would not hold a later tick).
 */
export function useSetChecklistItem(tenantId: string, taskId: string) {
  const qc = useQueryClient();
  const detail = remediationKeys.detail(tenantId, taskId);
  const mutationKey = [...detail, 'checklist'];
  return useMutation({
    mutationKey,
    mutationFn: ({ itemId, done }: { itemId: string; done: boolean }) =>
      setChecklistItem(tenantId, taskId, itemId, done),
    onMutate: async ({ itemId, done }) => {
      await qc.cancelQueries({ queryKey: detail });
      qc.setQueryData<TaskDetail>(detail, (task) =>
        task
          ? {
              ...task,
              checklist: task.checklist.map((i) => (i.id === itemId ? { ...i, done } : i)),
            }
          : task,
      );
    },
    onSettled: async () => {
      if (qc.isMutating({ mutationKey }) > 1) return;
      await Promise.all([
        qc.invalidateQueries({ queryKey: detail }),
        qc.invalidateQueries({ queryKey: remediationKeys.lists(tenantId) }),
      ]);
    },
  });
}
