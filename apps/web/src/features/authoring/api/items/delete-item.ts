import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import type { ItemKind } from '#web/lib/content/content-kinds.ts';
import { itemPath } from './items.ts';

/**
 * DELETE /api/v1/content/{playbooks|articles}/{id} (a playbook answers 409 content.in_use
 * while frameworks link to it).
 */
export function deleteItem(kind: ItemKind, id: string): Promise<void> {
  return apiFetch(itemPath(kind, id), { method: 'DELETE' }) as Promise<void>;
}

export function useDeleteItem(kind: ItemKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteItem(kind, id),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: contentKeys.detail(kind, id) });
      await qc.invalidateQueries({ queryKey: contentKeys.lists(kind) });
    },
  });
}
