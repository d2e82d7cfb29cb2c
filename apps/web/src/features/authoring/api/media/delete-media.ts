import type { ContentScope } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

/** DELETE /api/v1/content/media/{id}?scope= */
export function deleteMedia({ id, scope }: { id: string; scope: ContentScope }): Promise<void> {
  return apiFetch(
    `/api/v1/content/media/${encodeURIComponent(id)}?scope=${encodeURIComponent(scope)}`,
    { method: 'DELETE' },
  ) as Promise<void>;
}

export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_, { scope }) => qc.invalidateQueries({ queryKey: contentKeys.media(scope) }),
  });
}
