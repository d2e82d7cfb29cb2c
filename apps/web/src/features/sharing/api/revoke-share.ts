import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { shareKeys } from './share-keys.ts';

/** DELETE /api/v1/shares/{id}: the shared user loses access on their next request. */
export function revokeShare(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/shares/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSettled: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
