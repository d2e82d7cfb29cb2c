import { LibraryFrameworkDetailSchema, type LibraryFrameworkDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { ITEM_SCHEMAS, type ItemKind } from '#web/lib/content/content-kinds.ts';

/** GET /api/v1/library/frameworks/{id}?version=: a published version (the latest by default). */
export function fetchLibraryFramework(
  id: string,
  version: number | undefined,
  signal?: AbortSignal,
): Promise<LibraryFrameworkDetail> {
  const query = version ? `?version=${version}` : '';
  return apiFetch(`/api/v1/library/frameworks/${encodeURIComponent(id)}${query}`, {
    schema: LibraryFrameworkDetailSchema,
    signal,
  });
}

export const libraryFrameworkQueryOptions = (id: string, version?: number) =>
  queryOptions({
    queryKey: contentKeys.library.detail('frameworks', id, version),
    queryFn: ({ signal }) => fetchLibraryFramework(id, version, signal),
    placeholderData: (prev) => (prev?.frameworkId === id ? prev : undefined),
  });

export function useLibraryFramework(id: string, version?: number) {
  return useQuery(libraryFrameworkQueryOptions(id, version));
}

/** GET /api/v1/library/{playbooks|articles}/{id}: a published playbook or article. */
export function useLibraryItem<K extends ItemKind>(kind: K, id: string) {
  return useQuery({
    queryKey: contentKeys.library.detail(kind, id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/library/${kind}/${encodeURIComponent(id)}`, {
        schema: ITEM_SCHEMAS[kind],
        signal,
      }),
  });
}
