import type { CreateItem } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { ITEM_SCHEMAS, type ItemKind, type ItemOf } from '#web/lib/content/content-kinds.ts';
import { itemPath } from './items.ts';

/** POST /api/v1/content/{playbooks|articles}: a new draft. */
export function createItem<K extends ItemKind>(kind: K, body: CreateItem): Promise<ItemOf[K]> {
  return apiFetch(itemPath(kind), { method: 'POST', body, schema: ITEM_SCHEMAS[kind] });
}

export function useCreateItem<K extends ItemKind>(kind: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateItem) => createItem(kind, body),
    onSuccess: async (item) => {
      qc.setQueryData(contentKeys.detail(kind, item.id), item);
      await qc.invalidateQueries({ queryKey: contentKeys.lists(kind) });
    },
  });
}
