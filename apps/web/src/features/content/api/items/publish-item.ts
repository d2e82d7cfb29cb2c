import { PlaybookSchema, type Playbook } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { playbookKeys } from './playbook-keys.ts';

/** POST /api/v1/content/playbooks/{id}/publish or /unpublish, on the current revision. */
export function setPlaybookPublished(
  id: string,
  publish: boolean,
  revision: number,
): Promise<Playbook> {
  return apiFetch(
    `/api/v1/content/playbooks/${encodeURIComponent(id)}/${publish ? 'publish' : 'unpublish'}`,
    { method: 'POST', body: { revision }, schema: PlaybookSchema },
  );
}

export function useSetPlaybookPublished(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ publish, revision }: { publish: boolean; revision: number }) =>
      setPlaybookPublished(id, publish, revision),
    onSuccess: async (playbook) => {
      qc.setQueryData(playbookKeys.detail(id), playbook);
      await qc.invalidateQueries({ queryKey: playbookKeys.lists() });
    },
  });
}
