import {
  ArticleSchema,
  LibraryFrameworkDetailSchema,
  PlaybookSchema,
  type Article,
  type LibraryFrameworkDetail,
  type Playbook,
} from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { libraryKeys } from './library-keys.ts';

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
    queryKey: libraryKeys.detail('frameworks', id, version),
    queryFn: ({ signal }) => fetchLibraryFramework(id, version, signal),
    placeholderData: (prev) => (prev?.frameworkId === id ? prev : undefined),
  });

export function useLibraryFramework(id: string, version?: number) {
  return useQuery(libraryFrameworkQueryOptions(id, version));
}

/** GET /api/v1/library/playbooks/{id}: a published playbook. */
export function useLibraryPlaybook(id: string) {
  return useQuery(
    queryOptions({
      queryKey: libraryKeys.detail('playbooks', id),
      queryFn: ({ signal }): Promise<Playbook> =>
        apiFetch(`/api/v1/library/playbooks/${encodeURIComponent(id)}`, {
          schema: PlaybookSchema,
          signal,
        }),
    }),
  );
}

/** GET /api/v1/library/articles/{id}: a published article. */
export function useLibraryArticle(id: string) {
  return useQuery(
    queryOptions({
      queryKey: libraryKeys.detail('articles', id),
      queryFn: ({ signal }): Promise<Article> =>
        apiFetch(`/api/v1/library/articles/${encodeURIComponent(id)}`, {
          schema: ArticleSchema,
          signal,
        }),
    }),
  );
}
