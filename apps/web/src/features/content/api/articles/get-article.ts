import { ArticleSchema, type Article } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { articleKeys } from './article-keys.ts';

/** GET /api/v1/content/articles/{id}: the article as its author edits it. */
export function fetchArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return apiFetch(`/api/v1/content/articles/${encodeURIComponent(id)}`, {
    schema: ArticleSchema,
    signal,
  });
}

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => fetchArticle(id, signal),
    // The editor keeps its own copy; a refetch while editing would change nothing on screen.
    refetchOnWindowFocus: false,
  });

export function useArticle(id: string) {
  return useQuery(articleQueryOptions(id));
}
