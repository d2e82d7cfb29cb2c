import { ArticleSchema, type CreateItem, type Article } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { articleKeys } from './article-keys.ts';

/** POST /api/v1/content/articles: a new draft. */
export function createArticle(body: CreateItem): Promise<Article> {
  return apiFetch('/api/v1/content/articles', { method: 'POST', body, schema: ArticleSchema });
}

export function useCreateArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: async (article) => {
      qc.setQueryData(articleKeys.detail(article.id), article);
      await qc.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
