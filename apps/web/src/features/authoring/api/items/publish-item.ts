import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { ITEM_SCHEMAS, type ItemKind, type ItemOf } from '#web/lib/content/content-kinds.ts';
import { itemPath } from './items.ts';

/** POST /api/v1/content/{playbooks|articles}/{id}/publish or /unpublish, on the current revision. */
export function setItemPublished<K extends ItemKind>(
  kind: K,
  id: string,
  publish: boolean,
  revision: number,
): Promise<ItemOf[K]> {
  return apiFetch(itemPath(kind, id, publish ? 'publish' : 'unpublish'), {
    method: 'POST',
    body: { revision },
    schema: ITEM_SCHEMAS[kind],
  });
}

export function useSetItemPublished<K extends ItemKind>(kind: K, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ publish, revision }: { publish: boolean; revision: number }) =>
      setItemPublished(kind, id, publish, revision),
    onSuccess: async (item) => {
      qc.setQueryData(contentKeys.detail(kind, id), item);
      await qc.invalidateQueries({ queryKey: contentKeys.lists(kind) });
    },
  });
}
