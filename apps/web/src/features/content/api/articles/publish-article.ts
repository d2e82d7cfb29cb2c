import { ArticleSchema, type Article } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { articleKeys } from './article-keys.ts';

/** POST /api/v1/content/articles/{id}/publish or /unpublish, on the current revision. */
export function setArticlePublished(
  id: string,
  publish: boolean,
  revision: number,
): Promise<Article> {
  return apiFetch(
    `/api/v1/content/articles/${encodeURIComponent(id)}/${publish ? 'publish' : 'unpublish'}`,
    { method: 'POST', body: { revision }, schema: ArticleSchema },
  );
}

export function useSetArticlePublished(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ publish, revision }: { publish: boolean; revision: number }) =>
      setArticlePublished(id, publish, revision),
    onSuccess: async (article) => {
      qc.setQueryData(articleKeys.detail(id), article);
      await qc.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
