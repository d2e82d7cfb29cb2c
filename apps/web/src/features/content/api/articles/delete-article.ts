import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { articleKeys } from './article-keys.ts';

/** DELETE /api/v1/content/articles/{id} */
export function deleteArticle(id: string): Promise<void> {
  return apiFetch(`/api/v1/content/articles/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  }) as Promise<void>;
}

export function useDeleteArticle(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteArticle(id),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: articleKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
