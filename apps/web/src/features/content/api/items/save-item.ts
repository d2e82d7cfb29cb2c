import { PlaybookSchema, type Playbook, type SavePlaybook } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conflictCurrent } from '#web/components/RevisionConflict.tsx';
import { apiFetch } from '#web/lib/api.ts';
import { fetchPlaybook } from './get-playbook.ts';
import { playbookKeys } from './playbook-keys.ts';

/** PUT /api/v1/content/playbooks/{id}: the whole content, on the revision it was edited from. */
export function savePlaybook(id: string, body: SavePlaybook): Promise<Playbook> {
  return apiFetch(`/api/v1/content/playbooks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: PlaybookSchema,
  });
}

/**
 * After a refused save or publish: the playbook as it is now when someone else saved it
 * meanwhile (409 stale revision; loaded when the answer does not carry it), else null.
 */
export async function stalePlaybook(id: string, err: unknown): Promise<Playbook | null> {
  const current = conflictCurrent(err, PlaybookSchema);
  if (current === undefined) return null;
  return current ?? fetchPlaybook(id);
}

export function useSavePlaybook(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePlaybook) => savePlaybook(id, body),
    onSuccess: async (playbook) => {
      qc.setQueryData(playbookKeys.detail(id), playbook);
      await qc.invalidateQueries({ queryKey: playbookKeys.lists() });
    },
  });
}
