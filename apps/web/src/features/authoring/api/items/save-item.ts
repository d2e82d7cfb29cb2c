import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conflictCurrent } from '#web/components/RevisionConflict.tsx';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { ITEM_SCHEMAS, type ItemKind, type ItemOf } from '#web/lib/content/content-kinds.ts';
import type { SaveItemOf } from '../../lib/items.ts';
import { fetchItem } from './get-item.ts';
import { itemPath } from './items.ts';

/** PUT /api/v1/content/{playbooks|articles}/{id}: the whole content, on the revision it was edited from. */
export function saveItem<K extends ItemKind>(
  kind: K,
  id: string,
  body: SaveItemOf[K],
): Promise<ItemOf[K]> {
  return apiFetch(itemPath(kind, id), { method: 'PUT', body, schema: ITEM_SCHEMAS[kind] });
}

/**
 * After a refused save or publish: the item as it is now when someone else saved it meanwhile
 * (409 stale revision; loaded when the answer does not carry it), else null.
 */
export async function staleItem<K extends ItemKind>(
  kind: K,
  id: string,
  err: unknown,
): Promise<ItemOf[K] | null> {
  const current = conflictCurrent(err, ITEM_SCHEMAS[kind]);
  if (current === undefined) return null;
  return current ?? fetchItem(kind, id);
}

export function useSaveItem<K extends ItemKind>(kind: K, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveItemOf[K]) => saveItem(kind, id, body),
    onSuccess: async (item) => {
      qc.setQueryData(contentKeys.detail(kind, id), item);
      await qc.invalidateQueries({ queryKey: contentKeys.lists(kind) });
    },
  });
}
