import { ArticleListSchema, type ArticleList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { articleKeys, type ArticleListFilters } from './article-keys.ts';

const PAGE = 50;

/** GET /api/v1/content/articles: the articles I may author (drafts included), one page. */
export function fetchArticlePage(
  filters: ArticleListFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<ArticleList> {
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.scope) params.set('scope', filters.scope);
  if (filters.tag.trim()) params.set('tag', filters.tag.trim().toLowerCase());
  return apiFetch(`/api/v1/content/articles?${params}`, { schema: ArticleListSchema, signal });
}

export const articleListQueryOptions = (filters: ArticleListFilters) =>
  infiniteQueryOptions({
    queryKey: articleKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchArticlePage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });

export function useArticleList(filters: ArticleListFilters) {
  return useInfiniteQuery({
    ...articleListQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
