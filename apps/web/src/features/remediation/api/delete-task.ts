import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { taskPath } from './get-task.ts';
import { remediationKeys } from './remediation-keys.ts';

/** DELETE …/tasks/{taskId}: with its comments (204). */
export async function deleteTask(tenantId: string, taskId: string): Promise<void> {
  await apiFetch(taskPath(tenantId, taskId), { method: 'DELETE' });
}

/**
 * Deletes a task. The drawer closes first, then forgets the task (forgotten while shown, it
 * would be asked again and answer 404).
 */
export function useDeleteTask(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => deleteTask(tenantId, taskId),
    onSuccess: () => qc.invalidateQueries({ queryKey: remediationKeys.lists(tenantId) }),
  });
}
