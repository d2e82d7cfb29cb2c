import { PlaybookSchema, type CreateItem, type Playbook } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { playbookKeys } from './playbook-keys.ts';

/** POST /api/v1/content/playbooks: a new draft. */
export function createPlaybook(body: CreateItem): Promise<Playbook> {
  return apiFetch('/api/v1/content/playbooks', { method: 'POST', body, schema: PlaybookSchema });
}

export function useCreatePlaybook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPlaybook,
    onSuccess: async (playbook) => {
      qc.setQueryData(playbookKeys.detail(playbook.id), playbook);
      await qc.invalidateQueries({ queryKey: playbookKeys.lists() });
    },
  });
}
