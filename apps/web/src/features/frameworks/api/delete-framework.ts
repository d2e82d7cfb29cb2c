import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

/**
 * DELETE /api/v1/content/frameworks/{id}: only a framework never published; otherwise 409
 * `content.in_use` (archive it instead).
 */
export function deleteFramework(id: string): Promise<void> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  }).then(() => undefined);
}

export function useDeleteFramework(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFramework(id),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: contentKeys.detail('frameworks', id) });
      await qc.invalidateQueries({ queryKey: contentKeys.lists('frameworks') });
    },
  });
}
