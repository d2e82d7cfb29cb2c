import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { ITEM_SCHEMAS, type ItemKind, type ItemOf } from '#web/lib/content/content-kinds.ts';
import { itemPath } from './items.ts';

/** GET /api/v1/content/{playbooks|articles}/{id}: the item as its author edits it. */
export function fetchItem<K extends ItemKind>(
  kind: K,
  id: string,
  signal?: AbortSignal,
): Promise<ItemOf[K]> {
  return apiFetch(itemPath(kind, id), { schema: ITEM_SCHEMAS[kind], signal });
}

export const itemQueryOptions = <K extends ItemKind>(kind: K, id: string) =>
  queryOptions({
    queryKey: contentKeys.detail(kind, id),
    queryFn: ({ signal }) => fetchItem(kind, id, signal),
    // The editor keeps its own copy; a refetch while editing would change nothing on screen.
    refetchOnWindowFocus: false,
  });

export function useItem<K extends ItemKind>(kind: K, id: string) {
  return useQuery(itemQueryOptions(kind, id));
}
