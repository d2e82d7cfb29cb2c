import { ArticleSchema, type Article, type SaveArticle } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conflictCurrent } from '#web/components/RevisionConflict.tsx';
import { apiFetch } from '#web/lib/api.ts';
import { fetchArticle } from './get-article.ts';
import { articleKeys } from './article-keys.ts';

/** PUT /api/v1/content/articles/{id}: the whole content, on the revision it was edited from. */
export function saveArticle(id: string, body: SaveArticle): Promise<Article> {
  return apiFetch(`/api/v1/content/articles/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: ArticleSchema,
  });
}

/**
 * After a refused save or publish: the article as it is now when someone else saved it
 * meanwhile (409 stale revision; loaded when the answer does not carry it), else null.
 */
export async function staleArticle(id: string, err: unknown): Promise<Article | null> {
  const current = conflictCurrent(err, ArticleSchema);
  if (current === undefined) return null;
  return current ?? fetchArticle(id);
}

export function useSaveArticle(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveArticle) => saveArticle(id, body),
    onSuccess: async (article) => {
      qc.setQueryData(articleKeys.detail(id), article);
      await qc.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
