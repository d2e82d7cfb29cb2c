import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** DELETE /api/v1/service/support/canned/{id}. */
export const deleteCanned = (id: string) =>
  apiFetch(`/api/v1/service/support/canned/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteCanned() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCanned,
    onSuccess: () => qc.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}
