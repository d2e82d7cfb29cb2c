import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { playbookKeys } from './playbook-keys.ts';

/** DELETE /api/v1/content/playbooks/{id} (409 content.in_use while frameworks link to it). */
export function deletePlaybook(id: string): Promise<void> {
  return apiFetch(`/api/v1/content/playbooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  }) as Promise<void>;
}

export function useDeletePlaybook(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deletePlaybook(id),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: playbookKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: playbookKeys.lists() });
    },
  });
}
